import { describe, expect, it } from 'vitest';
import { readAll, recordsOf, usFixture } from '../shared/us-test-helpers.js';
import { epOpsXmlFormat } from './ep-ops-xml.js';

describe('ep-ops-xml', () => {
  it('maps an exchange-document with titles in three languages, parties and citations', async () => {
    const records = recordsOf(await readAll(epOpsXmlFormat, usFixture('ep-full-cycle.xml')));
    const a1 = records.find((r) => r.publicationNumber === 'EP1000000A1');
    expect(a1).toMatchObject({
      country: 'EP',
      patentType: 'invention_application',
      applicationNumber: 'EP99203729',
      publicationDate: '2000-05-17',
      priorityDate: '1998-11-12',
    });
    expect(a1?.title?.text).toBe('Apparatus for manufacturing green bricks for the brick manufacturing industry');
    expect(a1?.title?.translations?.de).toBe('Vorrichtung zur Herstellung von Steinformlingen für die Ziegelindustrie');
    expect(a1?.applicants?.[0]?.name).toBe('BEHEERMAATSCHAPPIJ DE BOER NIJMEGEN B.V');
    expect(a1?.citations?.[0]).toMatchObject({ number: '3546191', country: 'DE', category: 'examiner' });
    expect(a1?.family?.inpadocFamilyId).toBe('19768124');
  });

  it('gives every family member the whole INPADOC family', async () => {
    const records = recordsOf(await readAll(epOpsXmlFormat, usFixture('ep-family.xml')));
    expect(records).toHaveLength(6);
    expect(records[0]?.family?.inpadoc).toHaveLength(6);
    expect(records[0]?.family?.inpadoc).toContain('EP1000000B1');
  });

  it('maps INPADOC legal events with code, gazette date and description', async () => {
    const records = recordsOf(await readAll(epOpsXmlFormat, usFixture('ep-legal.xml')));
    const events = records.flatMap((r) => r.legalEvents ?? []);
    expect(events.length).toBeGreaterThan(0);
    for (const e of events) expect(e.code).toMatch(/^\S+$/);
    expect(events.some((e) => /^\d{4}-\d{2}-\d{2}$/.test(e.date ?? ''))).toBe(true);
  });
});
