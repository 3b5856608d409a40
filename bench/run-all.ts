/**
 * `npm run bench`: every benchmark in turn, each printing its own figures and corpus size.
 * Run one alone with the command at the top of its file.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const BENCHES: { file: string; args: string[] }[] = [
  { file: 'import.bench.ts', args: ['--generated', '100000'] },
  { file: 'search.bench.ts', args: ['--size', '100000'] },
];

let failed = 0;
for (const bench of BENCHES) {
  console.log(`\n=== ${bench.file} ${bench.args.join(' ')}`);
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', '--conditions=@patlas/source', path.join(HERE, bench.file), ...bench.args],
    {
      stdio: 'inherit',
    },
  );
  if (result.status !== 0) failed += 1;
}
process.exit(failed > 0 ? 1 : 0);
