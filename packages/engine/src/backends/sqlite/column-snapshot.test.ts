import { copyFileSync, existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TermNode } from '@patlas/query';
import Database from 'better-sqlite3';
import { readColumnSnapshot, readColumnSnapshotTag, writeColumnSnapshot } from './column-snapshot.js';
import { DocColumns } from './doc-columns.js';
import { INDEX_SCHEMA_VERSION, indexIdOf } from './index-schema.js';
import { createSqliteEngine } from './sqlite-engine.js';
import type { DocColumnValues, IndexablePatent } from './index-tokens.js';

const span = { start: 0, end: 0 };
const term = (value: string): TermNode => ({ kind: 'Term', field: null, value, phrase: false, span });

function patent(n: number, title: string, applicant: string, year: number): IndexablePatent {
  return {
    publicationNumber: `CN${100000000 + n}A`,
    country: 'CN',
    patentType: 'invention_application',
    title: { text: title },
    abstract: { text: `本发明涉及${title}。` },
    applicants: [{ name: applicant }],
    inventors: [{ name: `发明人${n}` }],
    classifications: { ipc: [n % 2 ? 'H01M 4/13' : 'G06F 17/30'] },
    applicationDate: `${year}-03-01`,
    publicationDate: `${year + 1}-03-01`,
    legalStatus: n % 3 ? '有效' : '失效',
  };
}

const corpus = Array.from({ length: 40 }, (_, i) =>
  patent(
    i + 1,
    i % 2 ? `一种锂电池正极材料${i}` : `数据处理方法${i}`,
    ['清华大学', '华为技术有限公司'][i % 2]!,
    2010 + (i % 9),
  ),
);

/** What a user sees of the columns: totals, facets, date sort and a range filter. */
async function observe(engine: ReturnType<typeof createSqliteEngine>) {
  const facets = ['year', 'applicant', 'ipcSubclass', 'legalStatus', 'inventor'] as const;
  const all = await engine.search({ ast: term('锂电池'), facets: [...facets], sort: { field: 'AD', order: 'asc' } });
  const data = await engine.search({ ast: term('数据'), facets: [...facets] });
  return {
    total: all.total,
    order: all.items.map((i) => i.publicationNumber),
    facets: all.facets,
    dataTotal: data.total,
    dataFacets: data.facets,
    size: await engine.size(),
  };
}

describe('the column snapshot beside the index (issue 23: open a large index in seconds)', () => {
  let dir: string;
  let file: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'patlas-col-snapshot-'));
    file = path.join(dir, 'index.db');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('round-trips every column, dictionary, award and family exactly', () => {
    const columns = new DocColumns();
    const values = (n: number): DocColumnValues =>
      ({
        ad: 20100101 + n,
        pd: 20110101 + n,
        gd: 0,
        prd: 0,
        ed: 0,
        famn: n,
        citn: 2,
        citedn: -1,
        clmn: 10,
        pv: n % 2 ? 55.5 : undefined,
        year: '2011',
        country: 'CN',
        patentType: 'invention_application',
        legalStatus: '有效',
        agency: null,
        applicants: [`申请人${n % 3}`, '清华大学'],
        inventors: [`发明人${n}`],
        ipcSubclasses: ['H01M'],
        ipcTokens: ['H01M4/13'],
        cpcTokens: [],
        led: [20200101 + n],
        anKey: `an${n}`,
        familyKey: n % 4 === 0 ? `fam${n}` : undefined,
        familyMembers: n % 4 === 0 ? [`CN${n}A`, `US${n}B2`] : [],
        awards: n === 3 ? [['中国专利金奖', 2020]] : undefined,
      }) as unknown as DocColumnValues;
    for (let n = 1; n <= 30; n++) columns.set(n * 3, values(n));
    columns.delete(9);
    const snap = path.join(dir, 'x.cols');
    writeColumnSnapshot(snap, columns, { indexId: 'abc', indexSchema: INDEX_SCHEMA_VERSION, seq: 42 });
    const read = readColumnSnapshot(snap, { indexId: 'abc', indexSchema: INDEX_SCHEMA_VERSION });
    expect(read?.seq).toBe(42);
    const back = read!.columns;
    expect(back.capacity).toBe(columns.capacity);
    expect(back.aliveCount).toBe(29);
    expect(Array.from(back.allIds())).toEqual(Array.from(columns.allIds()));
    for (const id of columns.allIds()) {
      expect(back.valuesOf('applicant', id)).toEqual(columns.valuesOf('applicant', id));
      expect(back.valuesOf('inventor', id)).toEqual(columns.valuesOf('inventor', id));
      expect(back.valueOf('legalStatusClass', id)).toEqual(columns.valueOf('legalStatusClass', id));
      expect(back.ranges.ad[id]).toBe(columns.ranges.ad[id]);
      expect(Object.is(back.ranges.pv[id], columns.ranges.pv[id])).toBe(true);
      expect(back.anGroup[id]).toBe(columns.anGroup[id]);
      expect(back.rangePredicate('led', 20200105, undefined, true, true)(id)).toBe(
        columns.rangePredicate('led', 20200105, undefined, true, true)(id),
      );
    }
    expect([...back.awards]).toEqual([...columns.awards]);
    expect([...back.familyMembers].map(([g, m]) => [g, [...m]])).toEqual(
      [...columns.familyMembers].map(([g, m]) => [g, [...m]]),
    );
    // A restored dictionary still finds and adds values, and the restored columns still grow.
    expect(back.multiDict.applicant.find('清华大学')).toBe(columns.multiDict.applicant.find('清华大学'));
    back.set(500, values(500));
    expect(back.valuesOf('applicant', 500)).toEqual(['申请人2', '清华大学']);
    expect(back.valuesOf('applicant', 6)).toEqual(columns.valuesOf('applicant', 6));

    // Another index, another schema, or a damaged file: not used.
    expect(readColumnSnapshot(snap, { indexId: 'other', indexSchema: INDEX_SCHEMA_VERSION })).toBeUndefined();
    expect(readColumnSnapshot(snap, { indexId: 'abc', indexSchema: INDEX_SCHEMA_VERSION + 1 })).toBeUndefined();
    writeFileSync(snap, 'PTLSCOL1garbage');
    expect(readColumnSnapshot(snap, { indexId: 'abc', indexSchema: INDEX_SCHEMA_VERSION })).toBeUndefined();
  });

  it('is written when an engine loads or changes the columns, and a reopened engine answers the same from it', async () => {
    const first = createSqliteEngine({ file });
    await first.index(corpus);
    const before = await observe(first);
    await first.close();
    expect(existsSync(`${file}.cols`)).toBe(true);

    // Proof that the reopened engine reads the snapshot, not doc_cols: a change made behind the
    // change log's back (triggers dropped) is not seen.
    const raw = new Database(file);
    raw.exec('DROP TRIGGER doc_cols_logged_update; DROP TRIGGER doc_cols_logged_score;');
    raw.prepare(`UPDATE doc_cols SET cols = json_set(cols, '$.applicants', json('["改名公司"]'))`).run();
    raw.close();
    const reopened = createSqliteEngine({ file });
    expect(await observe(reopened)).toEqual(before);
    await reopened.close();
    // A read-only engine (a search worker) reads it too.
    const worker = createSqliteEngine({ file, readOnly: true });
    expect(await observe(worker)).toEqual(before);
    await worker.close();
  });

  it('is written by a bulk load that changes most documents, so readers load it instead of every document again', async () => {
    // A server's engine with its columns loaded on first use (pooled), and a search worker's.
    const server = createSqliteEngine({ file, loadColumns: 'first-use' });
    await server.index(corpus.slice(0, 2));
    const worker = createSqliteEngine({ file, readOnly: true });
    expect(await worker.size()).toBe(2);
    const tagOf = () => {
      const db = new Database(file, { readonly: true });
      const indexId = indexIdOf(db) as string;
      const latest = db.prepare('SELECT max(seq) FROM doc_changes').pluck().get() as number;
      db.close();
      return { tag: readColumnSnapshotTag(`${file}.cols`, { indexId, indexSchema: INDEX_SCHEMA_VERSION }), latest };
    };

    // Readers reload everything past 1,000 changed documents (and an eighth of the corpus).
    const many = Array.from({ length: 1_100 }, (_, i) =>
      patent(1_000 + i, i % 2 ? `一种锂电池隔膜${i}` : `图像识别方法${i}`, '中国科学院', 2015),
    );
    const load = server.bulkLoad();
    await load.index(corpus.slice(2));
    await load.index(many);
    await load.finish();
    const afterLoad = tagOf();
    expect(afterLoad.tag).toEqual({ seq: afterLoad.latest, aliveCount: 1_140 });

    // Proof that the worker takes the snapshot rather than doc_cols: a change behind the log's back is not seen.
    const raw = new Database(file);
    raw.exec('DROP TRIGGER doc_cols_logged_update; DROP TRIGGER doc_cols_logged_score;');
    raw.prepare(`UPDATE doc_cols SET cols = json_set(cols, '$.applicants', json('["改名公司"]'))`).run();
    raw.close();
    const seen = await observe(worker);
    expect(seen.size).toBe(1_140);
    expect(seen.facets.applicant?.map((b) => b.value).sort()).toEqual(['中国科学院', '华为技术有限公司']);

    // A small load after it is left to readers to apply from the log: the snapshot stays where it was.
    const small = server.bulkLoad();
    await small.index([patent(100, '一种锂电池负极材料', '宁德时代新能源科技股份有限公司', 2021)]);
    await small.finish();
    expect(tagOf().tag?.seq).toBe(afterLoad.latest);
    const caughtUp = await observe(worker);
    expect(caughtUp.size).toBe(1_141);
    expect(caughtUp.facets.applicant?.find((b) => b.value === '宁德时代新能源科技股份有限公司')?.count).toBe(1);
    await worker.close();
    await server.close();
  });

  it('is not written by a small bulk load into an index without one, and is by a large one', async () => {
    const cli = createSqliteEngine({ file, loadColumns: 'first-use' });
    const small = cli.bulkLoad();
    await small.index(corpus.slice(0, 3));
    await small.finish();
    expect(existsSync(`${file}.cols`)).toBe(false);
    const large = cli.bulkLoad();
    await large.index(
      Array.from({ length: 1_100 }, (_, i) => patent(1_000 + i, `一种锂电池隔膜${i}`, '中国科学院', 2015)),
    );
    await large.finish();
    const db = new Database(file, { readonly: true });
    const tag = readColumnSnapshotTag(`${file}.cols`, {
      indexId: indexIdOf(db) as string,
      indexSchema: INDEX_SCHEMA_VERSION,
    });
    db.close();
    expect(tag?.aliveCount).toBe(1_103);
    await cli.close();
  });

  it('catches up on what was written after it, and is not used by another index', async () => {
    const first = createSqliteEngine({ file });
    await first.index(corpus);
    await first.close();
    const snapshotTime = statSync(`${file}.cols`).mtimeMs;

    // The CLI's import: an engine that never loads the columns writes, and leaves the snapshot behind.
    const cli = createSqliteEngine({ file, loadColumns: 'first-use' });
    await cli.index([patent(100, '一种锂电池负极材料', '宁德时代新能源科技股份有限公司', 2021)]);
    await cli.remove(['CN100000002A']);
    await cli.close();
    expect(statSync(`${file}.cols`).mtimeMs).toBe(snapshotTime);

    const server = createSqliteEngine({ file });
    const seen = await observe(server);
    expect(seen.size).toBe(40);
    expect(seen.total).toBe(20);
    expect(seen.order[seen.order.length - 1]).toBe('CN100000100A');
    expect(seen.facets.applicant?.find((b) => b.value === '宁德时代新能源科技股份有限公司')?.count).toBe(1);
    await server.close();

    // The same snapshot beside another index file of other records is ignored (its identity differs).
    const otherFile = path.join(dir, 'other.db');
    const other = createSqliteEngine({ file: otherFile, loadColumns: 'first-use' });
    await other.index([patent(7, '一种锂电池', '北京大学', 2012)]);
    await other.close();
    copyFileSync(`${file}.cols`, `${otherFile}.cols`);
    const db = new Database(otherFile, { readonly: true });
    expect(indexIdOf(db)).not.toBe(indexIdOf(new Database(file, { readonly: true })));
    db.close();
    const reopened = createSqliteEngine({ file: otherFile });
    const seenOther = await observe(reopened);
    expect(seenOther.size).toBe(1);
    expect(seenOther.facets.applicant).toEqual([{ value: '北京大学', count: 1 }]);
    await reopened.close();
  });
});
