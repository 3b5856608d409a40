import { execFileSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PatentSchema } from '@patlas/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { readAll, recordsOf, usFixture } from '../shared/us-test-helpers.js';
import { usGrantXmlFormat } from './us-grant-xml.js';

const tmp = mkdtempSync(join(tmpdir(), 'patlas-us-grant-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('us-grant-xml', () => {
  it('reads each document of a weekly ipg file with its bibliographic data', async () => {
    const items = await readAll(usGrantXmlFormat, usFixture('ipg050104-two.xml'));
    expect(items.map((i) => i.line)).toEqual([1, 917]);
    const [first, second] = recordsOf(items);
    expect(first?.publicationNumber).toBe('US6836899B1');
    expect(first?.title?.text).toBe('Device for detachably holding an absorbent napkin across the torso');
    expect(first?.applicationNumber).toBe('US10339710');
    expect(first?.applicationDate).toBe('2003-01-09');
    expect(first?.grantDate).toBe('2005-01-04');
    expect(first?.patentType).toBe('invention_grant');
    expect(first?.inventors?.[0]).toMatchObject({
      name: 'Samuel G. Glasmire',
      city: 'Bath',
      country: 'US',
      type: 'person',
    });
    expect(first?.agents).toEqual(['Charles A. Wilkinson']);
    expect(first?.classifications?.ipc).toEqual(['A45F5/04']);
    expect(first?.classifications?.upc?.slice(0, 2)).toEqual(['2/52', '2/336']);
    expect(first?.citations?.[0]).toEqual({
      number: '675108',
      country: 'US',
      kind: 'A',
      date: '1901-05',
      category: 'cited by examiner',
      applicant: 'Perkins',
    });
    expect(first?.claims?.text.startsWith('1. A holding device for removably holding a napkin')).toBe(true);
    expect(first?.claims?.text).toContain('\n(a) a lanyard having two ends');
    expect(second?.title?.text).toBe('Shoe structure');
    expect(second?.priorityNumbers).toEqual(['ITBG2002A000039']);
    expect(second?.priorityDate).toBe('2002-11-27');
  });

  it('reads a .gz file transparently', async () => {
    const plain = recordsOf(await readAll(usGrantXmlFormat, usFixture('ipg050104-two.xml')));
    const gz = recordsOf(await readAll(usGrantXmlFormat, usFixture('ipg050104-two.xml.gz')));
    expect(gz).toEqual(plain);
  });

  it('reports a broken document with its line and goes on with the next', async () => {
    const items = await readAll(usGrantXmlFormat, usFixture('ipg050104-broken.xml'));
    expect(items).toHaveLength(3);
    expect(items[0]?.ok).toBe(true);
    expect(items[1]).toMatchObject({ ok: false, line: 917 });
    expect(items[1]?.ok === false && items[1].error).toMatch(/not well formed/);
    expect(items[2]).toMatchObject({ ok: true, line: 1509 });
    expect(items[2]?.ok && items[2].record.publicationNumber).toBe('US6837063B1');
  });

  it('maps a 2014 grant (v4.5): parties, examiners, citations, classes', async () => {
    const [record] = recordsOf(await readAll(usGrantXmlFormat, usFixture('xml2014-US08930553.xml')));
    expect(record?.publicationNumber).toBe('US8930553B2');
    expect(record?.title?.text).toBe('Managing mid-dialog session initiation protocol (SIP) messages');
    expect(record?.applicants?.[0]).toMatchObject({
      name: 'International Business Machines Corporation',
      type: 'company',
    });
    expect(record?.inventors?.map((p) => p.name)).toEqual(['Nitzan Nissim', 'Brian Pulito', 'Asaf Zinger']);
    expect(record?.examiners).toEqual(['Moustafa M Meky', 'Clayton R Williams']);
    expect(record?.citations?.find((c) => c.number === '7844851')).toMatchObject({
      date: '2010-11',
      applicant: 'Cosmadopoulos et al.',
    });
    expect(record?.classifications?.ipc).toEqual(['G06F15/16']);
    expect(record?.classifications?.upc).toEqual(['709/228']);
  });

  it('maps a pre-grant publication (us-patent-application v4.0)', async () => {
    const [record] = recordsOf(await readAll(usGrantXmlFormat, usFixture('xmlApp2004-US20050004437A1.xml')));
    expect(record).toMatchObject({
      publicationNumber: 'US20050004437A1',
      kind: 'A1',
      patentType: 'invention_application',
      publicationDate: '2005-01-06',
      applicationDate: '2004-04-23',
    });
    expect(record?.grantDate).toBeUndefined();
  });

  it('picks up the drawing sheets beside a design grant, captioned from the figure descriptions', async () => {
    const file = usFixture('design/USD0909824-20210209/USD0909824-20210209.XML');
    const [item] = await readAll(usGrantXmlFormat, file);
    if (!item?.ok) throw new Error('expected a record');
    expect(item.record.publicationNumber).toBe('USD909824S1');
    expect(item.record.patentType).toBe('design');
    expect(item.record.classifications?.loc).toEqual(['07-03']);
    expect(item.record.drawings?.map((d) => d.file)).toEqual([
      'USD909824S1-D00001.png',
      'USD909824S1-D00002.png',
      'USD909824S1-D00003.png',
    ]);
    // 7 figures on 3 sheets: each sheet lists the figure descriptions.
    expect(item.record.drawings?.[0]?.caption).toContain('FIG. 2 is a top view thereof;');
    expect(item.drawingSources?.[0]?.path).toBe(file.replace(/[^/]+$/, 'USD0909824-20210209-D00001.TIF'));
  });

  it('detects ICE XML by name and first bytes', () => {
    const head = readFileSync(usFixture('xml2014-US08930553.xml'), 'utf8').slice(0, 2000);
    expect(usGrantXmlFormat.detect('US08930553.xml', head)).toBe(true);
    expect(usGrantXmlFormat.detect('ipg050104.xml.gz', head)).toBe(true);
    expect(usGrantXmlFormat.detect('US08930553.json', head)).toBe(false);
    expect(usGrantXmlFormat.detect('a.xml', '<?xml version="1.0"?><PATDOC>')).toBe(false);
  });

  it('yields a document before the rest of the file has even been written', async () => {
    const fifo = join(tmp, 'ipg.fifo');
    execFileSync('mkfifo', [fifo]);
    const lines = readFileSync(usFixture('ipg050104-two.xml'), 'utf8').split('\n');
    const writer = createWriteStream(fifo);
    // The first document and the start of the second, then the writer stays open.
    writer.write(lines.slice(0, 930).join('\n') + '\n');
    const reader = usGrantXmlFormat.read(fifo)[Symbol.asyncIterator]();
    const first = await reader.next();
    expect(first.done).toBe(false);
    expect(first.value?.ok && first.value.record.publicationNumber).toBe('US6836899B1');
    writer.end(lines.slice(930).join('\n'));
    const rest: unknown[] = [];
    for (let next = await reader.next(); !next.done; next = await reader.next()) rest.push(next.value);
    expect(rest).toHaveLength(1);
  });

  it('produces records that pass the Patent schema', async () => {
    const records = recordsOf(await readAll(usGrantXmlFormat, usFixture('ipg050104-two.xml')));
    for (const record of records) expect(PatentSchema.safeParse(record).success).toBe(true);
  });
});
