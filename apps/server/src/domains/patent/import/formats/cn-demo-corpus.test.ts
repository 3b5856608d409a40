import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DemoSource, PatentFormat } from '../format.js';
import { PatentSchema } from '@patlas/contracts';
import { describe, expect, it } from 'vitest';
import { cnChemnerFormat } from './cn-chemner.js';
import { cnCnkiMaterialChemistryFormat } from './cn-cnki-material-chemistry.js';
import { cnG06fCpcFormat } from './cn-g06f-cpc.js';
import { cnIpcTitlesFormat } from './cn-ipc-titles.js';

const demoDir = fileURLToPath(new URL('../../../../../../../data/demo/', import.meta.url));
const FORMATS = new Map<string, PatentFormat>(
  [cnG06fCpcFormat, cnIpcTitlesFormat, cnChemnerFormat, cnCnkiMaterialChemistryFormat].map((f) => [f.id, f]),
);

/** Spec: the shipped demo sources and what their READMEs count (records with a number; bad = documents without). */
const EXPECTED: Record<string, { records: number; distinct: number; bad: number }> = {
  'cn-g06f-cpc': { records: 4613, distinct: 4613, bad: 0 },
  'cn-ipc-titles': { records: 9740, distinct: 9740, bad: 0 },
  'cn-chemner': { records: 487, distinct: 482, bad: 13 },
  'cn-cnki-material-chemistry': { records: 33, distinct: 33, bad: 0 },
};

/** The vendor-export folders: global result sets, tested in vendor-demo-corpus.test.ts. */
const VENDOR_SOURCES = ['cn-patentics-incopat', 'cn-patsnap-green-aviation', 'cn-patsnap-zhongzhixin'];

const cnFolders = readdirSync(demoDir).filter((name) => name.startsWith('cn-'));
const sources = cnFolders.filter((name) => !VENDOR_SOURCES.includes(name));

describe('data/demo CN sources', () => {
  it('ships every expected source', () => {
    expect(cnFolders.sort()).toEqual([...Object.keys(EXPECTED), ...VENDOR_SOURCES].sort());
  });

  it.each(sources)('%s: every record passes PatentSchema', async (name) => {
    const source = JSON.parse(readFileSync(join(demoDir, name, 'source.json'), 'utf8')) as DemoSource;
    expect(source.id).toBe(name);
    expect(source.licence).toBeTruthy();
    expect(existsSync(join(demoDir, name, 'README.md'))).toBe(true);
    let records = 0;
    let bad = 0;
    const numbers = new Set<string>();
    for (const entry of source.files) {
      const format = FORMATS.get(entry.format);
      expect(format, entry.format).toBeDefined();
      for await (const item of format?.read(join(demoDir, name, entry.path)) ?? []) {
        if (!item.ok) {
          bad += 1;
          continue;
        }
        PatentSchema.parse(item.record);
        expect(item.record.country).toBe('CN');
        records += 1;
        numbers.add(item.record.publicationNumber);
      }
    }
    console.log(`${name}: ${records} records, ${numbers.size} distinct numbers, ${bad} bad`);
    expect({ records, distinct: numbers.size, bad }).toEqual(EXPECTED[name]);
  });
});
