import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Language } from '@patlas/contracts';
import { LANGUAGES, isLanguage } from '../i18n/index';
import { switchLanguage } from '../i18n/language';
import { appStorage } from '../storage/app-storage';

/** The header's language switch: zh by default, en on demand; the choice is remembered. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation('common');
  const current: Language = isLanguage(i18n.language) ? i18n.language : 'zh';
  return (
    <Segmented<Language>
      aria-label={t('language.label')}
      size="small"
      value={current}
      options={LANGUAGES.map((lang) => ({ value: lang, label: t(`language.${lang}`) }))}
      onChange={(lang) => void switchLanguage(i18n, appStorage, lang)}
    />
  );
}
