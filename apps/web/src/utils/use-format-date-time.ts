import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@patlas/contracts';
import { isLanguage } from '../i18n/index';
import { formatDateTimeIn } from './format-date';

/** Formats a time in the interface language (formatDateTimeIn), following a language switch. */
export function useFormatDateTime(): (value: string | number | null | undefined) => string | undefined {
  const { i18n } = useTranslation();
  const lang: Language = isLanguage(i18n.language) ? i18n.language : 'zh';
  return useCallback((value) => formatDateTimeIn(value, lang), [lang]);
}
