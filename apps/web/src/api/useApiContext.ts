import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@patlas/contracts';
import { isLanguage } from '../i18n/index';
import type { ClientMessages } from './client';

/** The current UI language and the client-side failure texts in it, for API calls. */
export function useApiContext(): { lang: Language; messages: ClientMessages } {
  const { t, i18n } = useTranslation('common');
  const lang: Language = isLanguage(i18n.language) ? i18n.language : 'zh';
  const messages = useMemo<ClientMessages>(
    () => ({
      network: t('errors.network'),
      timeout: t('errors.timeout'),
      badResponse: (status) => t('errors.badResponse', { status }),
    }),
    [t],
  );
  return { lang, messages };
}
