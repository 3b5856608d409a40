import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider, createBrowserRouter } from 'react-router';
import { createQueryClient } from './api/query-client';
import { AppProviders } from './app/providers';
import { appRoutes } from './app/routes';
import { appSession } from './session/session';
import { installSessionAuth } from './session/session-bridge';
import { createI18n, htmlLangOf } from './i18n/index';
import { readStoredLanguage } from './i18n/language';
import { appStorage } from './storage/app-storage';
import './styles.css';

const lang = readStoredLanguage(appStorage);
document.documentElement.lang = htmlLangOf(lang);
const i18n = createI18n(lang);
const queryClient = createQueryClient();
installSessionAuth(appSession, i18n);
// A login or logout in another browser tab changes the stored session; follow it here.
window.addEventListener('storage', () => appSession.reload());
const router = createBrowserRouter(appRoutes);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <AppProviders i18n={i18n} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
