import { useTranslation } from 'react-i18next';
import { isLanguage } from '../../i18n';
import type { Language } from '@patlas/contracts';

/** The UI language as the API and the count formatter name it. */
export function useLang(): Language {
  const { i18n } = useTranslation();
  return isLanguage(i18n.language) ? i18n.language : 'zh';
}
