import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { ImportItem } from '../format.js';
import { cnIpcTitlesFormat } from './cn-ipc-titles.js';

const fixture = (name: string) =>
  fileURLToPath(new URL(`../../../../../test/fixtures/import/cn/${name}`, import.meta.url));

async function collect(items: AsyncIterable<ImportItem>): Promise<ImportItem[]> {
  const out: ImportItem[] = [];
  for await (const item of items) out.push(item);
  return out;
}

describe('cn-ipc-titles format', () => {
  it('reads number, kind, type, title and the true IPC subclasses, not the predicted ones', async () => {
    const items = await collect(cnIpcTitlesFormat.read(fixture('ipc-titles-sample.csv')));
    expect(items).toHaveLength(5);
    const first = items[0];
    expect(first?.ok && first.line).toBe(2);
    expect(first?.ok && first.record).toEqual({
      publicationNumber: 'CN114081026A',
      country: 'CN',
      kind: 'A',
      patentType: 'invention_application',
      title: { lang: 'zh', text: '一种水电站高压输电线路驱鸟保护装置' },
      classifications: { ipc: ['A01M', 'G06F', 'H02G'] },
    });
    const grant = items[1];
    expect(grant?.ok && [grant.record.patentType, grant.record.classifications?.ipc]).toEqual([
      'invention_grant',
      ['G01D', 'G01F'],
    ]);
    const utility = items[2];
    expect(utility?.ok && [utility.record.publicationNumber, utility.record.patentType]).toEqual([
      'CN215792497U',
      'utility_model',
    ]);
  });

  it('detects the out-of-fold table by its columns', () => {
    const head =
      '\uFEFFdataset_row,fold,publication_numbers,patent_title,true_subclasses_all,true_subclasses_benchmark\n';
    expect(cnIpcTitlesFormat.detect('oof_predictions.csv.gz', head)).toBe(true);
    expect(cnIpcTitlesFormat.detect('oof_predictions.csv', 'publication_number,text,labels\n')).toBe(false);
  });
});
