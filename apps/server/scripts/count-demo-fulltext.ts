/**
 * Dev script (issue 43): how many CN records of the demo corpus carry full text (claims or
 * description), by source folder, counted as the demo loader reads them (each file with the
 * format its source.json names; a publication counted once however many files hold it).
 *   npx tsx apps/server/scripts/count-demo-fulltext.ts [data/demo]
 */
import path from 'node:path';
import { readDemoManifest } from '../src/domains/patent/import/demo-loader.js';
import { FORMATS } from '../src/domains/patent/import/registry.js';

const dir = path.resolve(process.argv[2] ?? 'data/demo');
const manifest = await readDemoManifest(dir);
const all = new Set<string>();
const bySource = new Map<
  string,
  { cn: Set<string>; claims: Set<string>; description: Set<string>; full: Set<string> }
>();
for (const file of manifest.files) {
  const format = FORMATS.find((f) => f.id === manifest.formatsByFile[file]);
  if (!format) throw new Error(`no format ${manifest.formatsByFile[file]} for ${file}`);
  const source = manifest.sourcesByFile[file]!.id;
  const counts = bySource.get(source) ?? { cn: new Set(), claims: new Set(), description: new Set(), full: new Set() };
  bySource.set(source, counts);
  for await (const item of format.read(file)) {
    if (!item.ok || item.record.country !== 'CN') continue;
    const pn = item.record.publicationNumber;
    counts.cn.add(pn);
    const hasClaims = Boolean(item.record.claims?.text.trim());
    const hasDescription = Boolean(item.record.description?.text.trim());
    if (hasClaims) counts.claims.add(pn);
    if (hasDescription) counts.description.add(pn);
    if (hasClaims || hasDescription) {
      counts.full.add(pn);
      all.add(pn);
    }
  }
}
console.log('source\tCN records\twith claims\twith description\twith either');
for (const [source, c] of bySource) {
  console.log(`${source}\t${c.cn.size}\t${c.claims.size}\t${c.description.size}\t${c.full.size}`);
}
console.log(`all sources, distinct CN publications with claims or description: ${all.size}`);
