import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { PatentSchema } from '@patlas/contracts';
import { describe, expect, it } from 'vitest';
import type { DemoSource, PatentFormat } from '../format.js';
import { readHead } from '../shared/open-text.js';
import { epOpsXmlFormat } from './ep-ops-xml.js';
import { usAssignmentXmlFormat } from './us-assignment-xml.js';
import { usGrantXmlFormat } from './us-grant-xml.js';
import { usPpubsJsonFormat } from './us-ppubs-json.js';
import { usPtabJsonFormat } from './us-ptab-json.js';
import { usPygramsCsvFormat } from './us-pygrams-csv.js';
import { usPygramsJsonlFormat } from './us-pygrams-jsonl.js';

const FORMATS = new Map<string, PatentFormat>(
  [
    usGrantXmlFormat,
    usPygramsJsonlFormat,
    usPygramsCsvFormat,
    usPpubsJsonFormat,
    usAssignmentXmlFormat,
    usPtabJsonFormat,
    epOpsXmlFormat,
  ].map((f) => [f.id, f]),
);
const DEMO = fileURLToPath(new URL('../../../../../../../data/demo/', import.meta.url));
const SOURCES = readdirSync(DEMO).filter((d) => d.startsWith('us-') || d.startsWith('intl-'));

describe('US and international demo corpus', () => {
  it.each(SOURCES)('every record of %s passes the Patent schema', async (sourceId) => {
    const source = JSON.parse(readFileSync(join(DEMO, sourceId, 'source.json'), 'utf8')) as DemoSource;
    expect(source.id).toBe(sourceId);
    expect(source.licence).not.toBe('');
    const numbers = new Set<string>();
    let records = 0;
    let drawings = 0;
    for (const entry of source.files) {
      const format = FORMATS.get(entry.format);
      if (!format) throw new Error(`unknown format ${entry.format}`);
      const file = join(DEMO, sourceId, entry.path);
      const head = await readHead(file);
      expect(format.detect(file, head), `${entry.path} detected as ${entry.format}`).toBe(true);
      for await (const item of format.read(file)) {
        if (!item.ok) throw new Error(`${item.file}:${item.line}: ${item.error}`);
        expect(PatentSchema.safeParse(item.record).success).toBe(true);
        records += 1;
        drawings += item.drawingSources?.length ?? 0;
        numbers.add(item.record.publicationNumber);
      }
    }
    console.log(`${sourceId}: ${records} records, ${numbers.size} publication numbers, ${drawings} drawings`);
    expect(records).toBeGreaterThan(0);
  });
});
