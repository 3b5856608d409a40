import { largeXlsx } from './test/large-xlsx.ts';
import { inflateRawSync } from 'node:zlib';
import sax from 'sax';
const file = await largeXlsx(300_000, 10);
const name = Buffer.from('xl/worksheets/sheet1.xml');
const at = file.indexOf(name) - 30;
const packed = file.readUInt32LE(at + 18);
const start = at + 30 + file.readUInt16LE(at + 26) + file.readUInt16LE(at + 28);
const text = inflateRawSync(file.subarray(start, start + packed)).subarray(0, 9_500_000).toString();
const size = 256 * 1024;
for (let k = 0; k < 2; k++) {
  let t = performance.now();
  const p = sax.parser(true, {}); let n = 0;
  p.onopentag = () => n++;
  for (let i = 0; i < text.length; i += size) p.write(text.slice(i, i + size));
  console.log('sax', Math.round(performance.now() - t), 'ms', n);
  t = performance.now();
  const re = /<(\/?)([A-Za-z_][\w.:-]*)((?:\s+[^\s=>\/]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>|([^<]+)/g;
  let m = 0;
  for (let i = 0; i < text.length; i += size) for (const x of text.slice(i, i + size).matchAll(re)) m++;
  console.log('regex tokens', Math.round(performance.now() - t), 'ms', m);
}
