import { largeXlsx } from './test/large-xlsx.ts';
import { inflateRawSync } from 'node:zlib';
import { SaxesParser } from 'saxes';
const file = await largeXlsx(300_000, 10);
const name = Buffer.from('xl/worksheets/sheet1.xml');
const at = file.indexOf(name) - 30;
const packed = file.readUInt32LE(at + 18);
const start = at + 30 + file.readUInt16LE(at + 26) + file.readUInt16LE(at + 28);
const text = inflateRawSync(file.subarray(start, start + packed)).subarray(0, 9_500_000).toString();
for (const size of [16 * 1024, 256 * 1024, 16 * 1024]) {
  const t = performance.now();
  const p = new SaxesParser(); let n = 0;
  p.on('opentag', () => n++);
  for (let i = 0; i < text.length; i += size) p.write(text.slice(i, i + size));
  console.log('saxes', size, Math.round(performance.now() - t), 'ms', n);
}
