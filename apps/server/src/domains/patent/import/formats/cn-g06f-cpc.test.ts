import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { ImportItem } from '../format.js';
import { cnG06fCpcFormat, parseG06fText } from './cn-g06f-cpc.js';

const fixture = (name: string) =>
  fileURLToPath(new URL(`../../../../../test/fixtures/import/cn/${name}`, import.meta.url));

async function collect(items: AsyncIterable<ImportItem>): Promise<ImportItem[]> {
  const out: ImportItem[] = [];
  for await (const item of items) out.push(item);
  return out;
}

describe('cn-g06f-cpc format', () => {
  it('reads both text layouts with number, kind, type, title, keywords, abstract and CPC', async () => {
    const items = await collect(cnG06fCpcFormat.read(fixture('g06f-cpc-sample.csv')));
    const good = items.flatMap((i) => (i.ok ? [i] : []));
    expect(good.map((i) => i.record.publicationNumber)).toEqual([
      'CN118866379A',
      'CN116842782A',
      'CN118260429A',
      'CN117574579A',
    ]);
    const labelled = good.find((i) => i.record.publicationNumber === 'CN116842782A');
    expect(labelled?.line).toBe(3);
    expect(labelled?.record).toMatchObject({
      country: 'CN',
      kind: 'A',
      patentType: 'invention_application',
      title: { lang: 'zh', text: '基于卷积神经网络的双输出水电机组下机架结构仿真方法' },
      keywords: ['simulation', 'output', 'finite element', 'model', 'neural network'],
      classifications: { cpc: ['G06F30/23', 'G06F30/27', 'G06F2119/14'] },
    });
    expect(labelled?.record.abstract?.text).toMatch(/^本发明公开了基于卷积神经网络的双输出水电机组下机架结构仿真方法/);
    const sep = good[0]?.record;
    expect(sep?.title?.text).toBe('一种用于心理障碍测评的数据处理及管理方法及系统');
    expect(sep?.keywords).toEqual(['heart', 'rate', 'respiratory', 'value', 'information', 'abnormal']);
    expect(sep?.abstract?.text).toMatch(/^本发明提出了一种用于心理障碍测评的数据处理及管理方法及系统/);
  });

  it('skips empty rows and reports bad rows with the line they start on, after multi-line fields', async () => {
    const items = await collect(cnG06fCpcFormat.read(fixture('g06f-cpc-sample.csv')));
    const bad = items.flatMap((i) => (i.ok ? [] : [i]));
    // Lines 3–5 hold one multi-line record and lines 7–8 are `,,,`; the bad number is on line 9.
    expect(bad.map((b) => b.line)).toEqual([9, 11]);
    expect(bad[0]?.error).toContain('not-a-number');
    expect(bad[1]?.error).toContain('labels');
    expect(items.find((i) => i.ok && i.record.publicationNumber === 'CN117574579A')?.line).toBe(10);
  });

  it('reads the same records from a .gz copy', async () => {
    const plain = await collect(cnG06fCpcFormat.read(fixture('g06f-cpc-sample.csv')));
    const gz = await collect(cnG06fCpcFormat.read(fixture('g06f-cpc-sample.csv.gz')));
    expect(gz.map((i) => ({ ...i, file: '' }))).toEqual(plain.map((i) => ({ ...i, file: '' })));
  });

  it('detects the file by its header', () => {
    expect(cnG06fCpcFormat.detect('sample_val.csv.gz', '\uFEFFpublication_number,text,labels,n_labels\r\n')).toBe(true);
    expect(cnG06fCpcFormat.detect('x.csv', 'publicationNumber,title\n')).toBe(false);
  });

  it('keeps text without a layout as the abstract', () => {
    expect(parseG06fText('只有摘要')).toEqual({ keywords: [], abstract: '只有摘要' });
  });
});
