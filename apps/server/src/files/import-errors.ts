import { MAX_IMPORT_REPORTED_ERRORS, type Language } from '@patlas/contracts';

const MORE = {
  zh: '自本行起还有 {count} 个问题未逐条列出（最多列出 {max} 个）；请修正以上问题后重新导入',
  en: 'From this line on, {count} more problems are not listed one by one (at most {max} are listed); fix the ones above and import again',
} as const;

/**
 * The problems of one import, by line (search and operation history, batch search): the first
 * MAX_IMPORT_REPORTED_ERRORS are kept as they come; the rest are only counted, so a file of a
 * million bad lines costs a counter, not a million messages. `list` closes the list with one
 * entry, at the first line not listed, saying how many more there were.
 */
export class ImportErrors<E extends { line: number; message: string }> {
  private readonly listed: E[] = [];
  private omitted = 0;
  private firstOmittedLine = 0;

  constructor(private readonly max = MAX_IMPORT_REPORTED_ERRORS) {}

  push(error: E): void {
    if (this.listed.length < this.max) {
      this.listed.push(error);
      return;
    }
    if (this.omitted === 0) this.firstOmittedLine = error.line;
    this.omitted += 1;
  }

  /** How many problems were counted but not listed. */
  get omittedCount(): number {
    return this.omitted;
  }

  /** The listed problems, then (when some were left out) the entry that says how many; `extra` fills the entry's other fields. */
  list(lang: Language, extra: Omit<E, 'line' | 'message'>): E[] {
    if (this.omitted === 0) return [...this.listed];
    const message = MORE[lang]
      .replace('{count}', this.omitted.toLocaleString(lang === 'zh' ? 'zh-CN' : 'en-US'))
      .replace('{max}', this.max.toLocaleString(lang === 'zh' ? 'zh-CN' : 'en-US'));
    return [...this.listed, { ...extra, line: this.firstOmittedLine, message } as E];
  }
}
