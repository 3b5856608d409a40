import { MAX_AWARD_NAME_LENGTH, type AwardLineProblem } from '@patlas/contracts';
import { numberProblem } from '../../kernel/batch-input.js';

/** One data line of an award CSV, read. */
export interface AwardCsvRow {
  /** 1-based line of the file. */
  line: number;
  number: string;
  award: string;
  year: number | null;
}

export interface AwardCsvProblem {
  line: number;
  text: string;
  problem: AwardLineProblem;
}

export interface AwardCsv {
  rows: AwardCsvRow[];
  problems: AwardCsvProblem[];
  /** Data lines (the header not counted, blank lines skipped). */
  lines: number;
}

const COLUMN_NAMES: Record<'number' | 'award' | 'year', readonly string[]> = {
  number: [
    'number',
    'pn',
    'publicationnumber',
    'patentnumber',
    '公开号',
    '公告号',
    '公开公告号',
    '专利号',
    '申请号',
    '号码',
  ],
  award: ['award', 'prize', '奖项', '奖励', '获奖', '获奖等级', '奖励等级', '等级'],
  year: ['year', '年份', '年度', '获奖年份', '届'],
};

function headerKey(cell: string): string {
  return cell
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s_()（）-]/g, '');
}

/** Cells of one CSV line: `,` (or a tab) between cells, `"…"` quotes with `""` inside. */
export function splitCsvLine(line: string, separator: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i] as string;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (c === separator) {
      cells.push(cell.trim());
      cell = '';
    } else cell += c;
  }
  cells.push(cell.trim());
  return cells;
}

/** A year as written (2021, 2021年, 第23届 is not a year): null when empty, undefined when invalid. */
function yearOf(text: string): number | null | undefined {
  const t = text.normalize('NFKC').trim().replace(/年$/, '');
  if (t === '') return null;
  if (!/^\d{4}$/.test(t)) return undefined;
  const year = Number(t);
  return year >= 1985 && year <= 2100 ? year : undefined;
}

/**
 * Reads an award CSV (UTF-8, optional BOM): columns number, award, year in that order, or in the
 * order a header line names them (`公开号,奖项,年份`, `number,award,year`…). A line that cannot
 * be a row is reported with its line number and why; the others are kept. Returns undefined when
 * the text is not a CSV of this kind at all (binary, no line with three cells).
 */
export function parseAwardCsv(text: string): AwardCsv | undefined {
  // eslint-disable-next-line no-control-regex -- NUL bytes mean a binary file (xlsx, image)
  if (/\u0000/.test(text)) return undefined;
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  const firstIndex = lines.findIndex((l) => l.trim() !== '');
  if (firstIndex < 0) return undefined;
  const first = lines[firstIndex] as string;
  const separator = first.includes('\t') && !first.includes(',') ? '\t' : ',';
  const firstCells = splitCsvLine(first, separator);
  let order = { number: 0, award: 1, year: 2 };
  let start = firstIndex;
  const keys = firstCells.map(headerKey);
  const named = (k: keyof typeof COLUMN_NAMES) => keys.findIndex((key) => COLUMN_NAMES[k].includes(key));
  if (named('number') >= 0 && named('award') >= 0) {
    order = { number: named('number'), award: named('award'), year: named('year') };
    start = firstIndex + 1;
  } else if (!/\d/.test(firstCells[0] ?? '')) {
    // A header in words we do not know: skipped, the columns taken in the documented order.
    start = firstIndex + 1;
  }
  const width = Math.max(order.number, order.award) + 1;
  const rows: AwardCsvRow[] = [];
  const problems: AwardCsvProblem[] = [];
  let count = 0;
  for (let i = start; i < lines.length; i++) {
    const raw = lines[i] as string;
    if (raw.trim() === '') continue;
    count++;
    const line = i + 1;
    const text = raw.length > 200 ? `${raw.slice(0, 200)}…` : raw;
    const cells = splitCsvLine(raw, separator);
    if (cells.length < Math.max(width, 2)) {
      problems.push({ line, text, problem: 'columns' });
      continue;
    }
    const number = (cells[order.number] ?? '').trim();
    const award = (cells[order.award] ?? '').normalize('NFKC').replace(/\s+/g, ' ').trim();
    const year = order.year >= 0 ? yearOf(cells[order.year] ?? '') : null;
    if (!number || numberProblem(number)) problems.push({ line, text, problem: 'number' });
    else if (!award || award.length > MAX_AWARD_NAME_LENGTH) problems.push({ line, text, problem: 'award' });
    else if (year === undefined) problems.push({ line, text, problem: 'year' });
    else rows.push({ line, number, award, year });
  }
  if (count > 0 && rows.length === 0 && problems.every((p) => p.problem === 'columns')) return undefined;
  return { rows, problems, lines: count };
}
