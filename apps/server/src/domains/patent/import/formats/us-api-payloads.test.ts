import { describe, expect, it } from 'vitest';
import { readAll, recordsOf, usFixture } from '../shared/us-test-helpers.js';
import { usAssignmentXmlFormat } from './us-assignment-xml.js';
import { usPpubsJsonFormat } from './us-ppubs-json.js';
import { usPtabJsonFormat } from './us-ptab-json.js';

describe('us-ppubs-json', () => {
  it('streams the patents of a search page with their bibliographic data', async () => {
    const items = await readAll(usPpubsJsonFormat, usFixture('ppubs-biblio-3.json'));
    const records = recordsOf(items);
    expect(records).toHaveLength(3);
    expect(records[0]).toMatchObject({
      publicationNumber: 'US11803561B1',
      kind: 'B1',
      title: { text: 'Approximation query' },
      applicationNumber: 'US14231597',
      applicationDate: '2014-03-31',
      publicationDate: '2023-10-31',
      pageCount: 19,
    });
    expect(records[0]?.assignees?.[0]).toMatchObject({ name: 'Amazon Technologies, Inc.', type: 'company' });
    expect(records[0]?.examiners).toEqual(['Albert M Pillips, III', 'Jeramine A Mincey']);
    expect(records[0]?.classifications?.cpc).toEqual(['G06F16/313', 'G06F16/2462']);
    expect(records[0]?.citations?.[0]).toMatchObject({ number: '5826261', country: 'US' });
    expect(items[0]?.line).toBeGreaterThan(1);
  });
});

describe('us-assignment-xml', () => {
  it('adds each recorded assignment to the patents it lists', async () => {
    const records = recordsOf(await readAll(usAssignmentXmlFormat, usFixture('assignment.xml')));
    expect(records.length).toBeGreaterThan(0);
    for (const r of records) expect(r.assignments?.[0]?.reelFrame).toMatch(/^\d+\/\d+$/);
  });
});

describe('us-ptab-json', () => {
  it('turns a PTAB trial into a litigation on the challenged patent', async () => {
    const [record] = recordsOf(await readAll(usPtabJsonFormat, usFixture('ptab-proceeding.json')));
    expect(record?.publicationNumber).toBe('US6059576');
    expect(record?.litigations?.[0]).toEqual({
      caseNumber: 'IPR2022-00037',
      court: 'Patent Trial and Appeal Board (IPR, AIA Trial)',
      plaintiff: 'Apple Inc.',
      defendant: 'LoganTree LP',
      filingDate: '2021-10-15',
      verdictDate: '2023-08-30',
      outcome: 'Final Written Decision - Appealed',
    });
    expect(record?.reexaminations?.[0]).toEqual({
      requester: 'Apple Inc.',
      decisionNumber: 'IPR2022-00037',
      decisionType: 'IPR, AIA Trial: Final Written Decision - Appealed',
      decisionDate: '2023-08-30',
    });
  });
});
