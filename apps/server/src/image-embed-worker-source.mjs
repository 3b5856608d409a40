// Starts domains/image-search/image-embed-worker.ts from sources (tests, tsx): Piscina loads a worker
// file, and Node does not apply `--import` to worker threads, so this file registers tsx's loader
// before importing it. (Kept out of domains/, whose lint rules are for TypeScript files.)
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

const tsxPackage = pathToFileURL(createRequire(import.meta.url).resolve('tsx/package.json'));
const { register } = await import(new URL('dist/esm/api/index.mjs', tsxPackage).href);
register();
const worker = await import(new URL('./domains/image-search/image-embed-worker.ts', import.meta.url).href);
export default worker.default;
