import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider, createBrowserRouter } from 'react-router';
import { createQueryClient } from './api/query-client';
import { AppProviders } from './app/providers';
import { appRoutes } from './app/routes';
import { appSession } from './session/session';
import { installSessionAuth } from './session/session-bridge';
import { htmlLangOf } from './i18n/index';
import { createI18n, loadCatalogue } from './i18n/setup';
import { readStoredLanguage } from './i18n/language';
import { appStorage } from './storage/app-storage';
import './styles.css';

const lang = readStoredLanguage(appStorage);
document.documentElement.lang = htmlLangOf(lang);
const queryClient = createQueryClient();
// A login or logout in another browser tab changes the stored session; follow it here.
window.addEventListener('storage', () => appSession.reload());

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
const rootElement = root;

/** Renders once the UI language's catalogues are at hand (zh is bundled; en is fetched first). */
function render() {
  const i18n = createI18n(lang);
  installSessionAuth(appSession, i18n);
  const router = createBrowserRouter(appRoutes);
  createRoot(rootElement).render(
    <StrictMode>
      <AppProviders i18n={i18n} queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}

// Should the catalogues fail to arrive, the page still opens, in zh (the fallback).
void loadCatalogue(lang).then(render, render);
