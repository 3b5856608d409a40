import { MAX_TREE_RELATIONS, type Language } from '@patlas/contracts';
import { companyKey } from './company-names.js';
import { readCsvRecords } from './csv-records.js';

export { decodeCsv } from './csv-records.js';

/** One parent/subsidiary relation read from an operator's CSV. */
export interface TreeRelation {
  parentName: string;
  childName: string;
  parentKey: string;
  childKey: string;
  share: number | null;
  relation: string | null;
  line: number;
}

export interface TreeLineError {
  line: number;
  message: string;
}

export type TreeCsvResult =
  { readonly ok: true; readonly relations: TreeRelation[] } | { readonly ok: false; readonly errors: TreeLineError[] };

/** Header cells naming each column (zh/en); without such a header the columns are parent, child, share, relationship. */
const HEADERS: Record<'parent' | 'child' | 'share' | 'relation', RegExp> = {
  parent: /^(parent|parent company|母公司|上级公司|上级企业|控股公司|股东)$/i,
  child: /^(child|subsidiary|child company|子公司|下级公司|下级企业|被投资企业|企业名称)$/i,
  share: /^(share|shares|stake|percent|ownership|持股比例|持股|占比|股比|出资比例)(\s*\(%\)|（%）)?$/i,
  relation: /^(relation|relationship|type|关系|关系类型|类型)$/i,
};

const MESSAGES = {
  zh: {
    columns: '至少需要母公司、子公司两列',
    empty: '母公司或子公司为空',
    self: '母公司与子公司相同',
    share: (v: string) => `持股比例“${v}”应为 0 到 100 之间的数（可带 %）`,
    twoParents: (first: number) => `该子公司已在第 ${first} 行有另一母公司`,
    cycle: '关系成环（子公司又是其上级的母公司）',
    tooMany: `关系不能超过 ${MAX_TREE_RELATIONS} 行`,
    syntax: (m: string) => `无法读取 CSV：${m}`,
    none: '文件中没有关系行',
    line: (n: number) => `第 ${n} 行`,
  },
  en: {
    columns: 'needs at least the parent and child columns',
    empty: 'the parent or the child is empty',
    self: 'the parent and the child are the same company',
    share: (v: string) => `the share "${v}" must be a number from 0 to 100 (a % sign is allowed)`,
    twoParents: (first: number) => `this subsidiary already has another parent on line ${first}`,
    cycle: 'the relations form a cycle (the subsidiary is also a parent of its parent)',
    tooMany: `at most ${MAX_TREE_RELATIONS} relations`,
    syntax: (m: string) => `cannot read the CSV: ${m}`,
    none: 'the file holds no relations',
    line: (n: number) => `line ${n}`,
  },
} as const;

/** The text of an uploaded file: UTF-8 (with or without BOM), else GB18030 as Chinese spreadsheets save CSV. */
function clean(cell: string | undefined): string {
  return (cell ?? '').replace(/\s+/g, ' ').trim();
}

/**
 * Reads a parent/subsidiary CSV (comma, semicolon or tab separated): `parent, child[, share[, relationship]]`
 * per line, an optional header row naming the columns. Every malformed row is reported with its
 * line number (1-based, as an editor shows it); one error and nothing is imported.
 */
export function parseTreeCsv(text: string, lang: Language): TreeCsvResult {
  const m = MESSAGES[lang];
  const read = readCsvRecords(text);
  if (!read.ok) return { ok: false, errors: [{ line: read.line, message: m.syntax(read.reason) }] };
  let records = read.records;
  const errors: TreeLineError[] = [];
  let columns = { parent: 0, child: 1, share: 2, relation: 3 };
  const first = records[0];
  if (
    first &&
    first.cells.some((cell) => HEADERS.parent.test(clean(cell))) &&
    first.cells.some((cell) => HEADERS.child.test(clean(cell)))
  ) {
    const find = (re: RegExp) => first.cells.findIndex((cell) => re.test(clean(cell)));
    const named = {
      parent: find(HEADERS.parent),
      child: find(HEADERS.child),
      share: find(HEADERS.share),
      relation: find(HEADERS.relation),
    };
    columns = named;
    records = records.slice(1);
  }
  if (records.length === 0) return { ok: false, errors: [{ line: 1, message: m.none }] };
  if (records.length > MAX_TREE_RELATIONS)
    return { ok: false, errors: [{ line: MAX_TREE_RELATIONS + 1, message: m.tooMany }] };

  const relations: TreeRelation[] = [];
  const parentOf = new Map<string, TreeRelation>();
  for (const { cells: record, line } of records) {
    if (record.every((cell) => !clean(cell))) continue;
    if (record.length < 2) {
      errors.push({ line, message: m.columns });
      continue;
    }
    const parentName = clean(record[columns.parent]);
    const childName = clean(record[columns.child]);
    if (!parentName || !childName) {
      errors.push({ line, message: m.empty });
      continue;
    }
    const parentKey = companyKey(parentName);
    const childKey = companyKey(childName);
    if (parentKey === childKey) {
      errors.push({ line, message: m.self });
      continue;
    }
    const shareText = columns.share >= 0 ? clean(record[columns.share]) : '';
    let share: number | null = null;
    if (shareText) {
      const value = Number(shareText.normalize('NFKC').replace(/%$/, '').trim());
      if (!Number.isFinite(value) || value < 0 || value > 100) {
        errors.push({ line, message: m.share(shareText) });
        continue;
      }
      share = value;
    }
    const relationText = columns.relation >= 0 ? clean(record[columns.relation]) : '';
    const known = parentOf.get(childKey);
    if (known && known.parentKey !== parentKey) {
      errors.push({ line, message: m.twoParents(known.line) });
      continue;
    }
    const relation: TreeRelation = {
      parentName,
      childName,
      parentKey,
      childKey,
      share,
      relation: relationText || null,
      line,
    };
    if (known) relations.splice(relations.indexOf(known), 1, relation);
    else relations.push(relation);
    parentOf.set(childKey, relation);
  }
  // A cycle: walking up from a relation's parent reaches its child.
  for (const r of relations) {
    const seen = new Set<string>([r.childKey]);
    let up = parentOf.get(r.parentKey);
    while (up) {
      if (seen.has(up.childKey)) {
        errors.push({ line: r.line, message: m.cycle });
        break;
      }
      seen.add(up.childKey);
      up = parentOf.get(up.parentKey);
    }
  }
  if (errors.length > 0) return { ok: false, errors: errors.sort((a, b) => a.line - b.line) };
  return { ok: true, relations };
}

/** The first faults as one message parameter: `第 3 行：…；第 7 行：…`. */
export function describeTreeErrors(errors: readonly TreeLineError[], lang: Language, max = 10): string {
  const m = MESSAGES[lang];
  const shown = errors.slice(0, max).map((e) => `${m.line(e.line)}${lang === 'zh' ? '：' : ': '}${e.message}`);
  const more = errors.length - shown.length;
  const tail = more > 0 ? (lang === 'zh' ? `；另有 ${more} 处` : `; ${more} more`) : '';
  return shown.join(lang === 'zh' ? '；' : '; ') + tail;
}
