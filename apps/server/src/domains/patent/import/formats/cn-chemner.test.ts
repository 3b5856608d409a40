import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { ImportItem } from '../format.js';
import { cnChemnerFormat, parseChemnerText } from './cn-chemner.js';

const fixture = (name: string) =>
  fileURLToPath(new URL(`../../../../../test/fixtures/import/cn/${name}`, import.meta.url));

async function collect(items: AsyncIterable<ImportItem>): Promise<ImportItem[]> {
  const out: ImportItem[] = [];
  for await (const item of items) out.push(item);
  return out;
}

describe('cn-chemner format', () => {
  it('upper-cases the number, splits title and description and keeps paragraphs', async () => {
    const items = await collect(cnChemnerFormat.read(fixture('chemner-sample.json')));
    const first = items[1];
    expect(first?.ok).toBe(true);
    if (!first?.ok) return;
    expect(first.line).toBe(17);
    expect(first.record).toMatchObject({
      publicationNumber: 'CN103237781B',
      country: 'CN',
      kind: 'B',
      patentType: 'invention_grant',
      title: { lang: 'zh', text: '2-溴-4,5-二烷氧基苯甲酸的制造方法' },
    });
    expect(first.record.description?.text).toMatch(/^技术领域\n本发明涉及作为药品等的合成中间体有用的2-/);
    expect(first.record.description?.text.split('\n').length).toBeGreaterThan(3);
  });

  it('joins a title the extraction wrapped over two lines', async () => {
    const items = await collect(cnChemnerFormat.read(fixture('chemner-sample.json')));
    const wrapped = items[2];
    expect(wrapped?.ok && wrapped.record.title?.text).toBe('消旋尼古丁盐的拆分方法、左旋尼古丁苯甲酸盐、烟油和反应釜');
  });

  it('reports a document without a number with its position and reads the others', async () => {
    const items = await collect(cnChemnerFormat.read(fixture('chemner-sample.json.gz')));
    expect(items.map((i) => i.ok)).toEqual([false, true, true]);
    const bad = items[0];
    expect(bad?.line).toBe(2);
    expect(!bad?.ok && bad?.error).toMatch(/document 1 of the array \(id 15024\).*no publication number/);
  });

  it('drops digit-only lines from titles and finds inline headings', () => {
    expect(parseChemnerText('cn116143151b#一种合成mg(oh)(no)材料的方法\n3\n4\n【技术领域】:本发明').title).toBe(
      '一种合成mg(oh)(no)材料的方法',
    );
    expect(parseChemnerText('cn106478328b#醇制烯烃的方法技术领域本发明涉及').title).toBe('醇制烯烃的方法');
    expect(parseChemnerText('cn1040317c#本发明是关于工业上制备…\n一般').title).toBeUndefined();
  });

  it('detects the annotation files', () => {
    expect(cnChemnerFormat.detect('data-15.json.gz', '[{"createBy":null,"id":1,"text":"cn1#x","taskId":3}')).toBe(true);
    expect(cnChemnerFormat.detect('other.json', '[{"title":"x"}]')).toBe(false);
  });
});
