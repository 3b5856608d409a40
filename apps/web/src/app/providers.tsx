import type { ReactNode } from 'react';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { App as AntdApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import enUS from 'antd/locale/en_US';
import { OVERLAY_DELAYS } from '../components/ui/overlay-delays';
import { usePrefersReducedMotion } from '../components/ui/reduced-motion';

/** antd's own texts (pagination, empty states, modals) follow the UI language. */
function AntdConfig({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const reducedMotion = usePrefersReducedMotion();
  return (
    <ConfigProvider
      locale={i18n.language === 'en' ? enUS : zhCN}
      theme={{ token: { colorPrimary: '#1f5fbf', borderRadius: 4, motion: !reducedMotion } }}
      // antd spaces out two-character Chinese button labels ("打 开"); product text is written as meant.
      button={{ autoInsertSpace: false }}
      // Spec 2 §9: the popover's and tooltip's open and close delays.
      popover={OVERLAY_DELAYS.popover}
      tooltip={OVERLAY_DELAYS.tooltip}
    >
      <AntdApp>{children}</AntdApp>
    </ConfigProvider>
  );
}

export interface AppProvidersProps {
  i18n: I18n;
  queryClient: QueryClient;
  children: ReactNode;
}

export function AppProviders({ i18n, queryClient, children }: AppProvidersProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <AntdConfig>{children}</AntdConfig>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
