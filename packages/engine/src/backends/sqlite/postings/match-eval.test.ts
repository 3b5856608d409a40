import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRandom } from '../../../linear-algebra/random.js';
import type { FtsColumn } from '../index-schema.js';
import { loadNativeExtension } from '../native-extension.js';
import { evaluateMatch, nearPositions } from './match-eval.js';
import { parseMatch } from './match-syntax.js';
import { memoryPostingSource, type MemoryDocument } from './memory-source.js';
import type { PostingSource } from './posting-source.js';

/** A few of the index's columns, in FTS_COLUMNS order (positions compare column first, in table order). */
const COLUMNS = ['clm', 'ti', 'ab', 'tiw', 'pa', 'ipc'] as const satisfies readonly FtsColumn[];

// Index tokens as index-tokens.ts writes them: CJK bigrams and closing unigrams, stems, class tokens.
const TEXT_TOKENS = ['电池', '池组', '组', '电', '数据', '据', '锂电', '池', 'batteri', 'lithium', 'charg', 'data'];
const CLASS_TOKENS = ['h01m4x525', 'h01m4x52', 'h01m', 'g06f16x30', 'h01m10x05'];
const PARTY_TOKENS = ['华为', '为', '技术', '术', 'huawei', 'tech'];
/** Prefixes that cut across the tokens above. */
const PREFIXES = ['电', '数', 'bat', 'lith', 'h01m', 'h01m4', 'g06f', 'd', '华', 'tec'];

function makeDocuments(rnd: () => number, count: number): MemoryDocument[] {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rnd() * items.length)] as T;
  const text = (vocabulary: readonly string[], max: number): string =>
    Array.from({ length: Math.floor(rnd() * (max + 1)) }, () => pick(vocabulary)).join(' ');
  const docs: MemoryDocument[] = [];
  let id = 0;
  for (let i = 0; i < count; i++) {
    id += 1 + Math.floor(rnd() * 3);
    docs.push({
      id,
      columns: {
        clm: text(TEXT_TOKENS, 16),
        ti: text(TEXT_TOKENS, 5),
        ab: text(TEXT_TOKENS, 10),
        tiw: text(['电池', '数据', 'lithium'], 2),
        pa: text(PARTY_TOKENS, 4),
        ipc: text(CLASS_TOKENS, 3),
      },
    });
  }
  return docs;
}

/** Random MATCH strings of the grammar the evaluator reads, as FTS5 accepts them. */
function matchGenerator(rnd: () => number) {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rnd() * items.length)] as T;
  const quote = (s: string): string => `"${s.replace(/"/g, '""')}"`;
  const vocabulary = [...TEXT_TOKENS, ...TEXT_TOKENS, ...CLASS_TOKENS, ...PARTY_TOKENS];
  const string = (): string => {
    const r = rnd();
    // Now and then a string of separators only, or two tokens in one string.
    if (r < 0.03) return pick(['""', '"-"']);
    if (r < 0.1) return quote(`${pick(vocabulary)} ${pick(vocabulary)}`);
    if (r < 0.25) return `${quote(pick(PREFIXES))}*`;
    return rnd() < 0.15 ? `${quote(pick(vocabulary))}*` : quote(pick(vocabulary));
  };
  const phrase = (): string => {
    const n = rnd() < 0.6 ? 1 : rnd() < 0.7 ? 2 : 3;
    return Array.from({ length: n }, string).join(rnd() < 0.5 ? ' + ' : '+');
  };
  const colset = (): string => {
    const n = 1 + Math.floor(rnd() * 3);
    const columns = new Set(Array.from({ length: n }, () => pick(COLUMNS)));
    return `{${[...columns].join(' ')}}: `;
  };
  const near = (): string => {
    const n = rnd() < 0.1 ? 1 : rnd() < 0.75 ? 2 : 3;
    const phrases = Array.from({ length: n }, phrase).join(' ');
    const distance = rnd() < 0.3 ? '' : `, ${Math.floor(rnd() * 6)}`;
    return `NEAR(${phrases}${distance})`;
  };
  const cnearset = (): string => (rnd() < 0.3 ? colset() : '') + (rnd() < 0.25 ? near() : phrase());
  const expr = (depth: number): string => {
    const r = rnd();
    if (depth <= 0 || r < 0.3) {
      // An implicit AND of one or two nearsets.
      return rnd() < 0.8 ? cnearset() : `${cnearset()} ${cnearset()}`;
    }
    if (r < 0.4) return `(${expr(depth - 1)})`;
    if (r < 0.55) return `${colset()}(${expr(depth - 1)})`;
    const op = pick(['AND', 'OR', 'NOT', 'AND', 'OR']);
    return `${expr(depth - 1)} ${op} ${expr(depth - 1)}`;
  };
  /** A side of a proximity condition as compileNear writes it: one sequence's tokens, a CJK run maybe open-ended. */
  const nearSide = (): string => {
    const n = rnd() < 0.7 ? 1 : 2;
    const tokens = Array.from({ length: n }, () => quote(pick(TEXT_TOKENS)));
    if (rnd() < 0.15) tokens[n - 1] = `${quote(pick(['电', '池', '组', '据']))}*`;
    return tokens.join(' + ');
  };
  return { expr, phrase, nearSide, colset };
}

describe('evaluateMatch and nearPositions against FTS5', () => {
  // MATCH_EVAL_SEED=n runs another corpus and set of strings (failures name the string; the seed reproduces it).
  const seed = Number(process.env.MATCH_EVAL_SEED ?? 20240611);
  let db: Database.Database;
  let source: PostingSource;

  beforeAll(() => {
    const docs = makeDocuments(createRandom(seed), 300);
    db = new Database(':memory:');
    loadNativeExtension(db);
    db.exec(`CREATE VIRTUAL TABLE fts USING fts5(
      ${COLUMNS.join(', ')},
      content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 0'
    )`);
    const insert = db.prepare(
      `INSERT INTO fts (rowid, ${COLUMNS.join(', ')}) VALUES (?, ${COLUMNS.map(() => '?').join(', ')})`,
    );
    db.transaction(() => {
      for (const d of docs) insert.run(d.id, ...COLUMNS.map((c) => d.columns[c] ?? ''));
    })();
    source = memoryPostingSource(docs);
  });
  afterAll(() => db.close());

  const fts5 = (match: string): number[] =>
    db.prepare('SELECT rowid FROM fts WHERE fts MATCH ? ORDER BY rowid').pluck().all(match) as number[];
  const ours = (match: string): number[] => [...evaluateMatch(source, parseMatch(match), COLUMNS)];

  it('hand-picked cases', () => {
    for (const match of [
      '"电池" + "池组"',
      '{ti}: ("锂电" + "电池"*)',
      '"h01m"*',
      '{ipc}: ("h01m4x52"*) OR {pa}: "华为"',
      'NEAR("电池" "数据", 0)',
      'NEAR("电池" "电池", 0)',
      'NEAR("lithium" + "batteri" "charg" "data", 2)',
      '{ti ab}: ({ab clm}: NEAR("电池" "据"))',
      '{ti}: ({clm}: "电池")',
      '("电池") NOT ({ti ab clm}: ("数据"))',
      '"电池" "" NOT "" OR "-"',
    ]) {
      expect(ours(match), match).toEqual(fts5(match));
    }
  });

  it('random MATCH strings give exactly FTS5 rowids', () => {
    const gen = matchGenerator(createRandom(seed + 1));
    let nonEmpty = 0;
    for (let i = 0; i < 1000; i++) {
      const match = gen.expr(3);
      const expected = fts5(match);
      if (expected.length > 0) nonEmpty++;
      expect(ours(match), `#${i} ${match}`).toEqual(expected);
    }
    // The corpus and the generator are tuned to produce real hits, not only empty sets.
    expect(nonEmpty).toBeGreaterThan(400);
  });

  it('nearPositions gives what patlas_near gives', () => {
    const gen = matchGenerator(createRandom(seed + 2));
    const nearRows = db
      .prepare('SELECT rowid FROM fts WHERE fts MATCH ? AND patlas_near(fts, 0, 1, ?, ?, ?, ?) ORDER BY rowid')
      .pluck();
    let nonEmpty = 0;
    // Cases where the positions drop some of the NEAR's documents: the rule itself is exercised.
    let narrowed = 0;
    for (let i = 0; i < 600; i++) {
      // The compiler's shape, `{cols}: (NEAR(left right, n))`; now and then any phrases, a third one, no filter.
      const side = i % 6 === 0 ? gen.phrase : gen.nearSide;
      const phrases = [side(), side(), ...(i % 5 === 0 ? [side()] : [])];
      const body = `NEAR(${phrases.join(' ')}, ${i % 7})`;
      const near = i % 4 === 0 ? body : `${gen.colset()}(${body})`;
      // Beyond the compiler's shape: more conditions, or the two phrases outside any NEAR.
      const match =
        i % 10 === 3
          ? `(${near}) AND (${gen.expr(1)})`
          : i % 10 === 7
            ? `${gen.colset()}(${phrases[0]}) AND (${phrases[1]})`
            : near;
      const leftUnits = 1 + (i % 3);
      const rightUnits = 1 + ((i >> 2) % 3);
      const gap = (i >> 1) % 5;
      const ordered = i % 2 === 0;
      const expected = nearRows.all(match, leftUnits, rightUnits, gap, ordered ? 1 : 0) as number[];
      if (expected.length > 0) nonEmpty++;
      if (expected.length < fts5(match).length) narrowed++;
      const got = [...nearPositions(source, parseMatch(match), leftUnits, rightUnits, gap, ordered, COLUMNS)];
      expect(got, `#${i} ${match} ${leftUnits} ${rightUnits} ${gap} ${ordered}`).toEqual(expected);
    }
    expect(nonEmpty).toBeGreaterThan(200);
    expect(narrowed).toBeGreaterThan(100);
  });
});
