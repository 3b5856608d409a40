/**
 * Parser fuzz (issue 16): 100k random and mutated expressions. Whatever the input, parseExpression
 * answers (never throws), a refusal is a known code positioned inside the input, an accepted
 * expression prints and parses back, and no input takes over PARSE_BUDGET_MS to parse.
 *
 * Inputs: expressions generated from the grammar (fields and their Chinese aliases, AND/OR/NOT
 * in all their spellings, parentheses, ranges, proximity, wildcards, quotes, full-width
 * characters as users type them), the same mutated (characters deleted, inserted, swapped,
 * duplicated, truncated), random Unicode, and long expressions near MAX_EXPRESSION_LENGTH.
 * A failure prints fast-check's seed and the shrunk input; `FUZZ_SEED=<seed>` is not needed to
 * replay it: the input itself goes into a regression test in parser.test.ts or errors.test.ts.
 */
import { existsSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { QUERY_ERROR_CODES, type QueryErrorCode } from './errors.js';
import { FIELDS } from './fields.js';
import { parseExpression, printExpression, stripSpans, tokenize } from './index.js';
import { MAX_EXPRESSION_LENGTH } from './limits.js';

/** Issue 16: "no expression over 50 ms to parse". */
const PARSE_BUDGET_MS = 50;
const KNOWN_CODES: ReadonlySet<QueryErrorCode> = new Set(QUERY_ERROR_CODES);
/** Codes only the server or the engine raise: the parser never should. */
const NOT_FROM_PARSER: ReadonlySet<QueryErrorCode> = new Set([
  'QUERY_REFERENCE_NOT_FOUND',
  'QUERY_REFERENCE_CYCLE',
  'QUERY_REFERENCE_UNUSABLE',
  'QUERY_REFERENCE_UNSUPPORTED',
  'QUERY_APPLICANT_GROUP_NOT_FOUND',
  'QUERY_COMPANY_INFO_MISSING',
  'QUERY_LISTED_VALUE',
  'QUERY_TOO_MANY_EXPANSIONS',
  'QUERY_SEMANTIC_UNSUPPORTED',
]);

/**
 * CPU time of this thread in ms: Linux's per-thread scheduler figure (nanoseconds on a CPU), else
 * the process's. process.cpuUsage() counts every thread of the process, and on a loaded machine V8's
 * compiler and collector threads, which run late there, added up to 3× the parse's own time to it.
 */
const THREAD_STAT = '/proc/thread-self/schedstat';
const hasThreadStat = existsSync(THREAD_STAT);
function cpuNowMs(): number {
  if (hasThreadStat) return Number(readFileSync(THREAD_STAT, 'utf8').split(' ')[0]) / 1e6;
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
}

function timeParse(text: string): { result: ReturnType<typeof parseExpression>; ms: number; cpuMs: number } {
  const cpu = cpuNowMs();
  const start = performance.now();
  const result = parseExpression(text);
  const ms = performance.now() - start;
  return { result, ms, cpuMs: cpuNowMs() - cpu };
}

const preview = (text: string) => JSON.stringify(text.length > 200 ? `${text.slice(0, 200)}…(${text.length})` : text);

/**
 * The editor colours every key stroke with tokenize(): it must not throw either, and its tokens
 * must cover the text in order, leaving out whitespace only.
 */
function checkTokens(text: string): void {
  // Plain comparisons, one expect at the end: long inputs have thousands of tokens.
  const fault = (): string | undefined => {
    let at = 0;
    for (const token of tokenize(text)) {
      if (token.start < at || token.end <= token.start || token.end > text.length)
        return `bad span ${token.start}:${token.end}`;
      if (!ONLY_SPACE.test(text.slice(at, token.start))) return `text left out before ${token.start}`;
      if (token.text !== text.slice(token.start, token.end)) return `wrong text at ${token.start}`;
      at = token.end;
    }
    return ONLY_SPACE.test(text.slice(at)) ? undefined : `text left out after ${at}`;
  };
  expect(fault(), `tokenize ${preview(text)}`).toBeUndefined();
}
const ONLY_SPACE = /^\s*$/;

const PAUSE = new Int32Array(new SharedArrayBuffer(4));

/** The properties every input must satisfy; throws (an expect) on the first one broken. */
function checkParse(text: string): void {
  checkTokens(text);
  const { result, ms } = timeParse(text);
  if (ms > PARSE_BUDGET_MS) {
    // A loaded CI machine pauses now and then (GC, other processes): re-time an outlier five times
    // and keep the best. On a machine shared with other jobs even that can be slow in wall-clock
    // time while the parser itself was quick, so it fails only if its CPU time is over budget too.
    // Each retry starts after a short sleep, so that the collector's helper threads and the other
    // test processes sharing the cores have run (a run right after a slow one meets the same crowd).
    const retries = [0, 1, 2, 3, 4].map(() => {
      Atomics.wait(PAUSE, 0, 0, 50);
      return timeParse(text);
    });
    const best = Math.min(...retries.map((r) => r.ms));
    const bestCpu = Math.min(...retries.map((r) => r.cpuMs));
    if (best > PARSE_BUDGET_MS) {
      expect(bestCpu, `parse time of ${preview(text)}: ${best.toFixed(1)} ms wall clock`).toBeLessThanOrEqual(
        PARSE_BUDGET_MS,
      );
    }
  }
  if (result.ok) {
    // What the server answers as `expression` and stores in the history must parse back the same.
    const printed = printExpression(result.ast);
    // The canonical form spells out implicit ANDs: near the length limit it may pass it, which is a
    // refusal for length, not a parser fault (the text the user wrote is what the editor keeps).
    if (printed.length > MAX_EXPRESSION_LENGTH) return;
    const again = parseExpression(printed);
    expect(again.ok ? 'ok' : again.errors.map((e) => e.code).join(), `reparse of ${preview(printed)}`).toBe('ok');
    if (again.ok) expect(stripSpans(again.ast), `reparse of ${preview(printed)}`).toEqual(stripSpans(result.ast));
    return;
  }
  expect(result.errors.length, preview(text)).toBeGreaterThan(0);
  for (const error of result.errors) {
    const where = `${error.code} ${error.span.start}:${error.span.end} in ${preview(text)}`;
    expect(KNOWN_CODES.has(error.code), where).toBe(true);
    expect(NOT_FROM_PARSER.has(error.code), where).toBe(false);
    expect(Number.isInteger(error.span.start) && Number.isInteger(error.span.end), where).toBe(true);
    expect(error.span.start, where).toBeGreaterThanOrEqual(0);
    expect(error.span.start, where).toBeLessThanOrEqual(error.span.end);
    expect(error.span.end, where).toBeLessThanOrEqual(text.length);
    for (const [name, value] of Object.entries(error.params)) {
      expect(typeof value === 'string' || Number.isFinite(value), `${where}: ${name}`).toBe(true);
      // A message must not quote nothing (“”), except the empty phrase `""` itself.
      if (!(error.code === 'QUERY_NO_VALID_TEXT' && name === 'value')) expect(value, `${where}: ${name}`).not.toBe('');
    }
  }
}

// ---- Generators from the grammar (parser.ts), written as users type -------------------------

const spaces = fc.constantFrom(' ', ' ', ' ', '  ', '\u3000', '\t', '\n');
const FIELD_NAMES = FIELDS.flatMap((def) => [def.id, ...def.aliases]);
const fieldName = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('TI', 'AB', 'TIAB', 'TIABC', 'CLM', 'PA', 'IN', 'IPC', 'CPC', 'PN', 'AN') },
  { weight: 3, arbitrary: fc.constantFrom(...FIELD_NAMES) },
  { weight: 1, arbitrary: fc.constantFrom('ti', 'tiab', 'ipc', 'Pa', 'XX', 'TTI', '标 题', 'ＴＩ') },
);
const dateField = fc.constantFrom('AD', 'PD', 'GD', 'PRD', '申请日', '公开日', 'ad');
const numberField = fc.constantFrom('PV', 'FAMN', 'CITN', 'CLMN');
const assign = fc.constantFrom('=', '=', '=', '＝', ':', '：');

const cjkWord = fc
  .array(fc.constantFrom(...'电池锂正极负材料碳硅固态氢燃料宁德时代比亚迪图像数据处理传感器一种方法'), {
    minLength: 1,
    maxLength: 6,
  })
  .map((chars) => chars.join(''));
const latinWord = fc.constantFrom(
  'lithium',
  'battery',
  'cathode',
  'solid',
  'graphene',
  'data',
  'processing',
  'NCM811',
  'Li-ion',
  'x',
  'ab',
  'C++',
  'e.g.',
);
const wildcardWord = fc.oneof(
  latinWord.map((w) => `${w}*`),
  latinWord.map((w) => `*${w}`),
  latinWord.map((w) => `${w.slice(0, 2)}?${w.slice(3)}`),
  cjkWord.map((w) => `${w}*`),
  cjkWord.map((w) => `${w.slice(0, 1)}?${w.slice(1)}`),
  fc.constantFrom('*', '?', '**', 'H01M4/*', 'G06F?/00', '电?池', '*电'),
);
const codeWord = fc.oneof(
  fc.stringMatching(/^([A-H](\d\d([A-Z](\d{1,3}(\/(\d{2,4}|\*))?)?)?)?)$/),
  fc.stringMatching(/^(CN|US|EP|WO)\d{3,10}[ABU]?\d?$/),
  fc.stringMatching(/^\d{4}([-./]?\d{1,2}([-./]?\d{1,2})?)?$/),
  fc.integer({ min: -5, max: 100_000 }).map(String),
  fc.stringMatching(/^[+-]?\d{1,30}(\.\d{1,12})?$/),
);
const word = fc.oneof(
  { weight: 4, arbitrary: cjkWord },
  { weight: 3, arbitrary: latinWord },
  { weight: 2, arbitrary: wildcardWord },
  { weight: 2, arbitrary: codeWord },
  { weight: 1, arbitrary: fc.constantFrom('S', 'P', '同句', '同段', '#3', '＃12', '#0', 'TO', '至', 'near', 'W/') },
);
const phrase = fc
  .tuple(fc.array(fc.oneof(cjkWord, latinWord, wildcardWord), { minLength: 0, maxLength: 3 }), fc.boolean())
  .map(([words, chinese]) => (chinese ? `“${words.join(' ')}”` : `"${words.join(' ')}"`));
const term = fc.oneof({ weight: 4, arbitrary: word }, { weight: 1, arbitrary: phrase });

const andOp = fc.constantFrom('AND', 'and', '与', '&', '&&', '＆');
const orOp = fc.constantFrom('OR', 'or', '或', '|', '||', '｜');
const notOp = fc.constantFrom('NOT', 'not', '非');
const proxOp = fc.oneof(
  fc
    .tuple(fc.constantFrom('W', 'N', 'PRE', 'NEAR', 'w', 'n', 'Ｗ'), fc.integer({ min: 0, max: 120 }))
    .map(([op, n]) => `${op}/${n}`),
  fc.constantFrom('S', 'P', '同句', '同段'),
);
const binaryOp = fc.oneof(
  { weight: 3, arbitrary: andOp },
  { weight: 3, arbitrary: orOp },
  { weight: 2, arbitrary: notOp },
  { weight: 1, arbitrary: fc.constant('') }, // implicit AND
);
const open = fc.constantFrom('(', '(', '（');
const close = fc.constantFrom(')', ')', '）');
const range = fc
  .tuple(
    fc.constantFrom('[', '{', '【'),
    fc.oneof(codeWord, fc.constant('*')),
    fc.constantFrom('TO', 'to', '至'),
    fc.oneof(codeWord, fc.constant('*')),
    fc.constantFrom(']', '}', '】'),
  )
  .map(([a, from, to, upper, b]) => `${a}${from} ${to} ${upper}${b}`);
const comparison = fc
  .tuple(fc.oneof(dateField, numberField), fc.constantFrom('>=', '<=', '>', '<', '＞＝', '＜'), codeWord)
  .map(([f, op, v]) => `${f}${op}${v}`);

const { expression } = fc.letrec<{ expression: string; operand: string }>((tie) => ({
  operand: fc.oneof(
    { weight: 6, arbitrary: term },
    { weight: 2, arbitrary: fc.tuple(fieldName, assign, term).map(([f, a, v]) => `${f}${a}${v}`) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fieldName, assign, open, tie('expression'), close)
        .map(([f, a, o, e, c]) => `${f}${a}${o}${e}${c}`),
    },
    { weight: 1, arbitrary: fc.tuple(dateField, assign, range).map(([f, a, r]) => `${f}${a}${r}`) },
    { weight: 1, arbitrary: comparison },
    { weight: 2, arbitrary: fc.tuple(open, tie('expression'), close).map(([o, e, c]) => `${o}${e}${c}`) },
    { weight: 1, arbitrary: fc.tuple(notOp, spaces, tie('operand')).map(([n, s, o]) => `${n}${s}${o}`) },
  ),
  expression: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 3, arbitrary: tie('operand') },
    {
      weight: 2,
      arbitrary: fc
        .tuple(tie('operand'), spaces, binaryOp, spaces, tie('expression'))
        .map(([a, s1, op, s2, b]) => `${a}${s1}${op}${s2}${b}`),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(term, spaces, proxOp, spaces, term).map(([a, s1, op, s2, b]) => `${a}${s1}${op}${s2}${b}`),
    },
  ),
}));

/** Characters users (and copy-paste) put in expressions, plus the grammar's own punctuation. */
const specialChar = fc.constantFrom(
  ...'()[]{}"=:<>&|#*?/\\（）【】“”＝：＜＞＆｜＃＊？\u3000 \t\n,，。、；;\'`~!@$%^+-_.',
  '\u0000',
  '\uFEFF',
  '\u200B',
  '\uD800', // a lone surrogate
  '\uDC00',
  '😀',
  'é',
  'ß',
  'İ',
);
const anyChar = fc.oneof(
  { weight: 3, arbitrary: specialChar },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 2 }) },
  { weight: 1, arbitrary: fc.constantFrom('AND', ' OR ', 'NOT ', 'W/5', 'TI=', '"', '(', ')') },
);

type Mutation =
  | { kind: 'delete'; at: number; length: number }
  | { kind: 'insert'; at: number; text: string }
  | { kind: 'swap'; at: number }
  | { kind: 'duplicate'; at: number; length: number }
  | { kind: 'truncate'; at: number };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('delete' as const), at: fc.nat(), length: fc.integer({ min: 1, max: 4 }) }),
  fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), text: anyChar }),
  fc.record({ kind: fc.constant('swap' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('duplicate' as const), at: fc.nat(), length: fc.integer({ min: 1, max: 12 }) }),
  fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }),
);

function mutate(text: string, m: Mutation): string {
  const at = text.length === 0 ? 0 : m.at % (text.length + 1);
  switch (m.kind) {
    case 'delete':
      return text.slice(0, at) + text.slice(at + m.length);
    case 'insert':
      return text.slice(0, at) + m.text + text.slice(at);
    case 'swap':
      return at + 1 < text.length ? text.slice(0, at) + text[at + 1] + text[at] + text.slice(at + 2) : text;
    case 'duplicate':
      return text.slice(0, at + m.length) + text.slice(at, at + m.length) + text.slice(at + m.length);
    case 'truncate':
      return text.slice(0, at);
  }
}

const mutated = fc
  .tuple(expression, fc.array(mutation, { minLength: 1, maxLength: 5 }))
  .map(([text, ms]) => ms.reduce(mutate, text));

const randomText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 80 }),
  fc.string({ unit: 'grapheme', maxLength: 80 }),
  fc.array(anyChar, { maxLength: 40 }).map((chars) => chars.join('')),
);

/**
 * Valid expressions ORed up to `length` characters (the limit, or just past it), half of them then
 * mutated: the long landscape expressions and number batches users paste.
 */
const long = fc
  .tuple(
    fc.array(
      expression.filter((text) => parseExpression(text).ok),
      { minLength: 1, maxLength: 8 },
    ),
    fc.integer({ min: 2_000, max: MAX_EXPRESSION_LENGTH + 10 }),
    fc.array(mutation, { maxLength: 3 }),
  )
  .map(([parts, length, ms]) => {
    const unit = `(${parts.join(' OR ')})`;
    const repeats = Math.max(1, Math.floor((length + 4) / (unit.length + 4)));
    return new LongText(ms.reduce(mutate, Array.from({ length: repeats }, () => unit).join(' OR ')));
  });

/** A long input that fast-check reports by its beginning and length, not 50000 characters. */
class LongText {
  constructor(readonly text: string) {}
  [fc.toStringMethod](): string {
    return preview(this.text);
  }
}

/**
 * Runs per test; 100,000 in all (issue 16). About 13 s on an idle 2-core machine, 36 s on one
 * shared with other test runs; each test may take up to FUZZ_TIMEOUT_MS.
 */
const FUZZ_TIMEOUT_MS = 120_000;
/** Runs per test; 100,000 in all. */
const RUNS = { grammar: 30_000, mutated: 50_000, random: 19_700, long: 300 };

describe('parser fuzz', () => {
  it(
    `accepts or positions a refusal for ${RUNS.grammar} expressions from the grammar`,
    () => {
      fc.assert(fc.property(expression, checkParse), { numRuns: RUNS.grammar });
    },
    FUZZ_TIMEOUT_MS,
  );

  it(
    `accepts or positions a refusal for ${RUNS.mutated} mutated expressions`,
    () => {
      fc.assert(fc.property(mutated, checkParse), { numRuns: RUNS.mutated });
    },
    FUZZ_TIMEOUT_MS,
  );

  it(
    `accepts or positions a refusal for ${RUNS.random} random Unicode strings`,
    () => {
      fc.assert(fc.property(randomText, checkParse), { numRuns: RUNS.random });
    },
    FUZZ_TIMEOUT_MS,
  );

  it(
    `parses ${RUNS.long} long (2000 to 50010 characters) expressions within the time budget`,
    () => {
      // The first long parses pay for JIT compilation; the budget is about steady state.
      for (let i = 0; i < 3; i++) parseExpression('TI=(电池 OR lithium) AND '.repeat(2_000));
      fc.assert(
        fc.property(long, (input) => checkParse(input.text)),
        { numRuns: RUNS.long },
      );
    },
    FUZZ_TIMEOUT_MS,
  );

  it('generates what it claims: most grammar expressions parse, most mutations are refused', () => {
    const sample = (arb: fc.Arbitrary<string>) =>
      fc.sample(arb, { numRuns: 2_000, seed: 16 }).filter((text) => parseExpression(text).ok).length / 2_000;
    expect(sample(expression)).toBeGreaterThan(0.3);
    expect(sample(mutated)).toBeLessThan(sample(expression));
  });
});
