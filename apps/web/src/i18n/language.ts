import type { i18n as I18n } from 'i18next';
import type { Language } from '@patlas/contracts';
import type { ProductStorage } from '../storage/storage';
import { DEFAULT_LANGUAGE, htmlLangOf, isLanguage } from './index';
import { loadLanguage } from './setup';

export const LANGUAGE_STORAGE_NAME = 'language';

/** The language kept in local storage, or zh (spec 1 §9 "language default zh"). */
export function readStoredLanguage(storage: ProductStorage): Language {
  const stored = storage.get<unknown>(LANGUAGE_STORAGE_NAME);
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

/**
 * Switches the UI language, remembers it and updates the document's lang attribute. A language other
 * than zh has its catalogues fetched first (setup.ts), so the page never shows a half-translated screen.
 */
export async function switchLanguage(i18n: I18n, storage: ProductStorage, lang: Language): Promise<void> {
  storage.set(LANGUAGE_STORAGE_NAME, lang);
  await loadLanguage(i18n, lang);
  if (typeof document !== 'undefined') document.documentElement.lang = htmlLangOf(lang);
  await i18n.changeLanguage(lang);
}
