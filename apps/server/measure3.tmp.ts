import { largeXlsx } from './test/large-xlsx.ts';
import { createInflateRaw, inflateRawSync } from 'node:zlib';
const file = await largeXlsx(300_000, 10);
// find sheet entry data: local header at offset of sheet
const name = Buffer.from('xl/worksheets/sheet1.xml');
const at = file.indexOf(name) - 30;
const packed = file.readUInt32LE(at + 18);
const start = at + 30 + file.readUInt16LE(at + 26) + file.readUInt16LE(at + 28);
const data = file.subarray(start, start + packed);
for (const chunkSize of [16 * 1024, 256 * 1024, 1024 * 1024]) {
  const t = performance.now();
  const inf = createInflateRaw({ chunkSize }); inf.end(data);
  let bytes = 0;
  for await (const c of inf) { bytes += c.length; if (bytes > 9_500_000) break; }
  inf.destroy();
  console.log('async', chunkSize, Math.round(performance.now() - t), 'ms');
}
let t = performance.now();
const all = inflateRawSync(data);
console.log('sync all', all.length, Math.round(performance.now() - t), 'ms');
