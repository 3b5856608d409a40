// Starts scheme-worker.ts from sources (tests, tsx): Node does not apply `--import` to worker threads,
// so this file registers tsx's loader before importing it (as cpu/cpu-worker-source.mjs).
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

const tsxPackage = pathToFileURL(createRequire(import.meta.url).resolve('tsx/package.json'));
const { register } = await import(new URL('dist/esm/api/index.mjs', tsxPackage).href);
register();
await import(new URL('./scheme-worker.ts', import.meta.url).href);
