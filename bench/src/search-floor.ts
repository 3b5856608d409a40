/**
 * The "floor" of the search benchmark: the same match condition as raw SQL on the engine's own tables,
 * answering what the engine answers for page 1 (the 20 best rows and the exact total). The MATCH string
 * is the one the engine compiles (compileQuery), ranked by FTS5 bm25() with the engine's field weights;
 * date/number ranges read the stored column values (doc_cols.cols) with json_extract, as raw SQLite must.
 * Proximity and CJK-wildcard shapes: the floor is the FTS5 candidate query, without the engine's exact
 * check on the stored text. Shapes that are not an FTS MATCH with optional ranges have no floor.
 */
import type Database from 'better-sqlite3';
import { BM25_WEIGHTS, compileQuery, type Plan } from '@patlas/engine';
import type { QueryNode } from '@patlas/query';

export interface Floor {
  /** What the SQL does, for the report. */
  readonly describe: string;
  run(): { total: number; page: number[] };
}

type RangePlan = Extract<Plan, { kind: 'range' }>;

function rangeSql(r: RangePlan): { sql: string; params: number[] } {
  const col = `json_extract(doc_cols.cols, '$.${r.column}')`;
  const parts: string[] = [];
  const params: number[] = [];
  // Dates are stored as 0 and counts as -1 when unknown; a range never matches those.
  parts.push(`${col} ${['ad', 'pd', 'gd', 'prd', 'ed'].includes(r.column) ? '> 0' : '>= 0'}`);
  if (r.from !== undefined) {
    parts.push(`${col} ${r.includeFrom ? '>=' : '>'} ?`);
    params.push(r.from);
  }
  if (r.to !== undefined) {
    parts.push(`${col} ${r.includeTo ? '<=' : '<'} ?`);
    params.push(r.to);
  }
  return { sql: parts.join(' AND '), params };
}

export function buildFloor(db: Database.Database, ast: QueryNode, pageSize: number): Floor | undefined {
  const expand = db.prepare('SELECT DISTINCT stem FROM vocab WHERE word GLOB ? LIMIT 1001').pluck();
  const plan = compileQuery(ast, {
    expandWord: (pattern) => {
      const stems = expand.all(pattern) as string[];
      return stems.length > 1000 ? undefined : stems;
    },
  });
  const weights = BM25_WEIGHTS.join(', ');
  const children = plan.kind === 'and' ? plan.children : [plan];
  // Conditions the engine answers from its columns (class levels, LS/PT/CC) are FTS5 MATCH terms here.
  const matches = children.filter((c) => c.kind === 'fts' || c.kind === 'verify' || c.kind === 'column');
  const ranges = children.filter((c): c is RangePlan => c.kind === 'range');
  if (matches.length + ranges.length !== children.length) return undefined;
  const rs = ranges.map(rangeSql);
  const where = rs.map((r) => r.sql).join(' AND ');
  const rangeParams = rs.flatMap((r) => r.params);
  const m =
    matches.length > 1
      ? {
          kind: matches.some((c) => c.kind === 'verify') ? 'verify' : 'fts',
          match: matches.map((c) => `(${(c as { match: string }).match})`).join(' AND '),
        }
      : matches[0];
  if (!m) {
    if (ranges.length === 0) return undefined;
    const page = db.prepare(`SELECT id FROM doc_cols WHERE ${where} ORDER BY id DESC LIMIT ${pageSize}`).pluck();
    const count = db.prepare(`SELECT count(*) FROM doc_cols WHERE ${where}`).pluck();
    return {
      describe: `doc_cols scan, ${where}`,
      run: () => ({ page: page.all(...rangeParams) as number[], total: count.get(...rangeParams) as number }),
    };
  }
  const match = (m as { match: string }).match;
  if (ranges.length === 0) {
    const page = db
      .prepare(`SELECT rowid FROM fts WHERE fts MATCH ? ORDER BY bm25(fts, ${weights}) LIMIT ${pageSize}`)
      .pluck();
    const count = db.prepare('SELECT count(*) FROM fts WHERE fts MATCH ?').pluck();
    return {
      describe: `MATCH ${m.kind === 'verify' ? '(candidates only) ' : ''}${match.slice(0, 80)}`,
      run: () => ({ page: page.all(match) as number[], total: count.get(match) as number }),
    };
  }
  const join = 'FROM fts JOIN doc_cols ON doc_cols.id = fts.rowid WHERE fts MATCH ? AND';
  const page = db.prepare(`SELECT fts.rowid ${join} ${where} ORDER BY bm25(fts, ${weights}) LIMIT ${pageSize}`).pluck();
  const count = db.prepare(`SELECT count(*) ${join} ${where}`).pluck();
  return {
    describe: `MATCH ${match.slice(0, 60)} + ${where}`,
    run: () => ({
      page: page.all(match, ...rangeParams) as number[],
      total: count.get(match, ...rangeParams) as number,
    }),
  };
}
