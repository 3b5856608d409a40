/**
 * Formal review speed and precision on real texts (issue 22, docs/formal-review.md): every utility
 * grant of data/demo/us-grant-xml-patentsview with claims and description, and a Chinese text at the
 * 200,000-character limit. Prints the time of the first Chinese text (jieba and its IDF table load
 * once), the mean time per grant, the three longest grants, the limit text, and the findings per rule.
 *
 *   npx tsc -b && npx tsx --conditions=@patlas/source bench/formal-review.bench.ts
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ApplicationText } from '@patlas/contracts';
import { usGrantXmlFormat } from '../apps/server/dist/domains/patent/import/formats/us-grant-xml.js';
import { reviewApplication } from '../apps/server/dist/domains/pre-evaluation/formal-review/formal-review.js';

const DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '../data/demo/us-grant-xml-patentsview');
const texts: { id: string; text: ApplicationText }[] = [];
for (const name of readdirSync(DIR).filter((f) => f.endsWith('.xml.gz'))) {
  for await (const item of usGrantXmlFormat.read(path.join(DIR, name))) {
    if (!item.ok) continue;
    const r = item.record;
    if (!r.claims?.text || !r.description?.text || r.publicationNumber.startsWith('USD')) continue;
    const text = {
      title: r.title?.text ?? '',
      abstract: r.abstract?.text ?? '',
      claims: r.claims.text,
      description: r.description.text,
    };
    texts.push({ id: r.publicationNumber, text });
  }
}

const time = (text: ApplicationText) => {
  const started = performance.now();
  const result = reviewApplication(text);
  return { ms: performance.now() - started, result };
};

const first = time({
  title: '一种电池',
  abstract: '一种电池。',
  claims: '1. 一种电池，包括电芯。',
  description: '电池包括电芯。',
});
console.log(`first Chinese text (loads jieba and its IDF table): ${first.ms.toFixed(0)} ms`);

const byRule = new Map<string, number>();
let total = 0;
for (const { text } of texts) {
  const { ms, result } = time(text);
  total += ms;
  for (const f of result.findings) byRule.set(f.rule, (byRule.get(f.rule) ?? 0) + 1);
}
console.log(`US grants: ${texts.length} texts, mean ${(total / texts.length).toFixed(1)} ms per text`);
const size = (t: ApplicationText) => t.title.length + t.abstract.length + t.claims.length + t.description.length;
for (const { id, text } of [...texts].sort((a, b) => size(b.text) - size(a.text)).slice(0, 3)) {
  console.log(`  ${id}: ${size(text)} characters, ${time(text).ms.toFixed(1)} ms`);
}
console.log('findings per rule over the grants:', Object.fromEntries([...byRule].sort()));

// A Chinese application at the limit: 60 claims and a description filling 200,000 characters.
const claims = Array.from({ length: 60 }, (_, i) =>
  i === 0
    ? '1. 一种主题推荐方法，其特征在于，包括：接收智能终端发送的目标环境图片的颜色值及权重；确定总体色差值；确定推荐主题。'
    : `${i + 1}. 根据权利要求${i}所述的主题推荐方法，其特征在于，所述色差值采用CIEDE2000公式计算。`,
).join('\n');
const sentence =
  '本实施例的主题推荐方法应用于服务器端，服务器接收智能终端发送的目标环境图片的颜色值及权重，确定总体色差值，色差值采用CIEDE2000公式计算。';
const description = sentence.repeat(Math.ceil(200_000 / sentence.length)).slice(0, 200_000 - claims.length - 40);
const limit = time({
  title: '一种主题推荐方法、装置、设备和系统',
  abstract: '本发明公开了一种主题推荐方法。',
  claims,
  description,
});
console.log(
  `Chinese text of ${claims.length + description.length + 40} characters: ${limit.ms.toFixed(1)} ms, ${limit.result.findings.length} findings`,
);
