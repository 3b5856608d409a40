import { afterAll, describe, expect, it } from 'vitest';
import type { TermNode } from '@patlas/query';
import { createSqliteEngine } from './sqlite-engine.js';
import type { IndexablePatent } from './index-tokens.js';

const span = { start: 0, end: 0 };
const term = (value: string): TermNode => ({ kind: 'Term', field: null, value, phrase: false, span });

/** A USPTO record as the 10k corpus holds it (abstract and CPC only), and one with its own title. */
const docs: IndexablePatent[] = [
  {
    publicationNumber: 'US10000001B2',
    country: 'US',
    abstract: {
      text: 'A turbine blade cooling circuit comprises a serpentine passage. The passage has ribs.',
      lang: 'en',
    },
    applicants: [],
    classifications: { cpc: ['F01D5/18'] },
  },
  {
    publicationNumber: 'US10000002B2',
    country: 'US',
    title: { text: 'Turbine blade with cooling', lang: 'en' },
    abstract: { text: 'A turbine blade is cooled by air. It has holes.', lang: 'en' },
    applicants: [{ name: 'Acme Corp' }],
  },
];

describe('a record with no title, in the result rows', () => {
  const engine = createSqliteEngine({ file: ':memory:' });
  afterAll(() => engine.close());

  it('has the first sentence of its abstract as abstractTitle; a titled record has none', async () => {
    await engine.index(docs);
    const page = await engine.search({ ast: term('turbine'), page: 1, pageSize: 10 });
    const byNumber = new Map(page.items.map((h) => [h.publicationNumber, h]));
    const untitled = byNumber.get('US10000001B2');
    expect(untitled?.title).toBeUndefined();
    expect(untitled?.abstractTitle).toBe('A turbine blade cooling circuit comprises a serpentine passage');
    expect(byNumber.get('US10000002B2')?.abstractTitle).toBeUndefined();
    expect(byNumber.get('US10000002B2')?.title).toBe('Turbine blade with cooling');
  });

  it('has it too when read by number', async () => {
    const [hit] = await engine.get(['US10000001B2']);
    expect(hit?.abstractTitle).toBe('A turbine blade cooling circuit comprises a serpentine passage');
  });
});
