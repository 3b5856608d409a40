import type { Language } from '@patlas/contracts';
import { formatCount } from '../utils/format-count';

/** Total hits: 万/亿 units in zh (spec 1 §9), plain digits with separators in en. */
export function formatTotal(total: number, lang: Language): string {
  return lang === 'zh' ? formatCount(total, 'zh') : total.toLocaleString('en-US');
}
