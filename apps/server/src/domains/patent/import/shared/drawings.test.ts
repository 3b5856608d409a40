import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { convertDrawing } from './drawings.js';
import { usFixture } from './us-test-helpers.js';

const tmp = mkdtempSync(join(tmpdir(), 'patlas-drawings-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('convertDrawing', () => {
  it('turns a CCITT G4 TIFF sheet into a PNG of the same size', async () => {
    const out = join(tmp, 'nested', 'USD909824S1-D00001.png');
    const size = await convertDrawing(usFixture('design/USD0909824-20210209/USD0909824-20210209-D00001.TIF'), out);
    expect(size).toEqual({ width: 1825, height: 969 });
    const png = readFileSync(out);
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(png.length).toBeLessThan(40_000);
  });
});
