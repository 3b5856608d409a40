import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');

function testFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.test.ts'))
    .map((e) => path.relative(ROOT, path.join(e.parentPath, e.name)))
    .filter((f) => !f.includes('node_modules'));
}

// Server and package files run without isolation (vitest.config.ts): a module mocked there would be
// the mock for the worker's later files, or not mocked at all. Each mocking file must run isolated.
describe('test isolation', () => {
  it('runs every server and package test file that mocks a module in the isolated project', () => {
    const config = readFileSync(path.join(ROOT, 'vitest.config.ts'), 'utf8');
    const listed = /const MOCKING_FILES = \[([^\]]*)\]/.exec(config)?.[1] ?? '';
    const mocking = [...testFiles('apps/server'), ...testFiles('packages'), ...testFiles('bench')].filter((f) =>
      /\bvi\.(mock|doMock|stubEnv|stubGlobal)\(/.test(readFileSync(path.join(ROOT, f), 'utf8')),
    );
    expect(mocking.length).toBeGreaterThan(0);
    for (const file of mocking) expect(listed, `${file} mocks a module`).toContain(`'${file}'`);
  });
});
