/**
 * Compiles patlas-fts.c into a loadable SQLite extension (native/build/patlas-fts.so), against the
 * headers of the SQLite that better-sqlite3 bundles. Run by the root package's postinstall; the
 * engine loads the file at open (native-extension.ts) and refuses to start without it.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(path.join(here, '..', 'package.json'));
const headers = path.join(path.dirname(require.resolve('better-sqlite3/package.json')), 'deps', 'sqlite3');
const out = path.join(here, 'build', 'patlas-fts.so');
mkdirSync(path.dirname(out), { recursive: true });
const cc = process.env.CC ?? 'cc';
execFileSync(
  cc,
  [
    '-O2',
    '-fPIC',
    '-shared',
    '-Wall',
    '-I',
    headers,
    path.join(here, 'patlas-fts.c'),
    path.join(here, 'patlas-postings.c'),
    path.join(here, 'patlas-segments.c'),
    '-o',
    out,
    '-lm',
  ],
  {
    stdio: 'inherit',
  },
);
console.log(`patlas-fts: built ${path.relative(process.cwd(), out)}`);
