/**
 * Import benchmark: runs the real `patlas import` command (apps/server/dist/cli.js, as users do)
 * on a fresh data dir and prints records/s, peak memory of the importing process and the size
 * of the store it leaves (app database + search index + converted drawings).
 *
 *   npx tsx --conditions=@patlas/source bench/import.bench.ts [--generated 100000] [--profile full] [--skip-demo]
 *
 * Needs a build (`npx tsc -b`). Corpora: the shipped demo corpus (data/demo), and N generated
 * patents of a corpus profile (bench/corpus.ts: sources, office, full) written to bench/out/
 * (reused when present).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { writeCorpus, type FieldProfile } from './corpus.js';
import { outFile } from './src/paths.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CLI = path.join(ROOT, 'apps/server/dist/cli.js');

interface Run {
  label: string;
  files: number;
  inputBytes: number;
  summary: string;
  records: number;
  seconds: number;
  peakRssMb: number;
  storeMb: number;
  indexMb: number;
  drawingsMb: number;
}

function dirSize(dir: string): number {
  if (!existsSync(dir)) return 0;
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    total += entry.isDirectory() ? dirSize(p) : statSync(p).size;
  }
  return total;
}

/** Peak resident memory of a child, polled from /proc (VmHWM is the high-water mark). */
function readPeakKb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
  } catch {
    return 0;
  }
}

async function runImport(label: string, files: string[]): Promise<Run> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'patlas-bench-import-'));
  const started = performance.now();
  const child = spawn(process.execPath, [CLI, 'import', '--quiet', ...files], {
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', () => undefined);
  let peakKb = 0;
  const poll = setInterval(() => (peakKb = Math.max(peakKb, readPeakKb(child.pid!))), 100);
  const code: number = await new Promise((resolve) => child.on('exit', (c) => resolve(c ?? 1)));
  clearInterval(poll);
  const seconds = (performance.now() - started) / 1000;
  if (code !== 0 && code !== 2) throw new Error(`import failed (${code}):\n${out}`);
  const summary = out.trim().split('\n').at(-1) ?? '';
  const records = Number(/total: (\d+) read/.exec(summary)?.[1] ?? 0);
  const run: Run = {
    label,
    files: files.length,
    inputBytes: files.reduce((a, f) => a + statSync(f).size, 0),
    summary,
    records,
    seconds,
    peakRssMb: peakKb / 1024,
    storeMb: statSizeMb(path.join(dataDir, 'patlas.db')),
    indexMb: statSizeMb(path.join(dataDir, 'index.db')),
    drawingsMb: dirSize(path.join(dataDir, 'drawings')) / 1024 / 1024,
  };
  rmSync(dataDir, { recursive: true, force: true });
  return run;
}

function statSizeMb(file: string): number {
  let total = 0;
  for (const f of [file, `${file}-wal`]) if (existsSync(f)) total += statSync(f).size;
  return total / 1024 / 1024;
}

function demoFiles(): string[] {
  const demo = path.join(ROOT, 'data/demo');
  const files: string[] = [];
  for (const dir of readdirSync(demo).sort()) {
    const manifest = path.join(demo, dir, 'source.json');
    if (!existsSync(manifest)) continue;
    const source = JSON.parse(readFileSync(manifest, 'utf8')) as { files: { path: string }[] };
    files.push(...source.files.map((f) => path.join(demo, dir, f.path)));
  }
  return files;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      generated: { type: 'string', default: '100000' },
      profile: { type: 'string', default: 'sources' },
      'skip-demo': { type: 'boolean', default: false },
    },
  });
  if (!existsSync(CLI)) throw new Error('Build first: npx tsc -b');
  const profile = values.profile as FieldProfile;
  if (!['sources', 'office', 'full'].includes(profile)) throw new Error('--profile is sources, office or full');
  const runs: Run[] = [];
  console.log(
    `machine: ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, node ${process.version}`,
  );
  if (!values['skip-demo']) runs.push(await runImport('demo corpus (data/demo)', demoFiles()));
  const count = Number(values.generated);
  if (count > 0) {
    const file = outFile(`corpus-${count}-42${profile === 'sources' ? '' : `-${profile}`}.jsonl.gz`);
    if (!existsSync(file)) {
      const written = await writeCorpus(file, { count, seed: 42, profile });
      console.log(`generated ${written.records} patents in ${written.seconds.toFixed(1)} s → ${file}`);
    }
    runs.push(await runImport(`${count.toLocaleString('en')} generated patents (${profile} profile, seed 42)`, [file]));
  }
  console.log(
    '\ncorpus | files | input MB | records | seconds | records/s | peak RSS MB | app db MB | index MB | drawings MB',
  );
  for (const r of runs) {
    console.log(
      [
        r.label,
        r.files,
        (r.inputBytes / 1024 / 1024).toFixed(1),
        r.records,
        r.seconds.toFixed(1),
        Math.round(r.records / r.seconds),
        r.peakRssMb.toFixed(0),
        r.storeMb.toFixed(1),
        r.indexMb.toFixed(1),
        r.drawingsMb.toFixed(1),
      ].join(' | '),
    );
    console.log(`  ${r.summary}`);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
