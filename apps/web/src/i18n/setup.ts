import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '@patlas/contracts';
import { DEFAULT_LANGUAGE, LANGUAGES, NAMESPACES } from './index';
import { zhResources } from './zh';

type Catalogue = Record<(typeof NAMESPACES)[number], object>;

/** The catalogues at hand: zh is bundled; another language once `loadCatalogue` fetched it. */
const catalogues: Partial<Record<Language, Catalogue>> = { zh: zhResources };

/** The other languages' catalogues, each its own chunk fetched on first use. */
const loaders: Record<Exclude<Language, 'zh'>, () => Promise<Catalogue>> = {
  en: () => import('./en').then((module) => module.enResources),
};

/** Whether a language's catalogues are at hand (zh always is). */
export function isCatalogueLoaded(lang: Language): boolean {
  return catalogues[lang] !== undefined;
}

/** Fetches a language's catalogues once (the same promise for callers meanwhile). */
const pending = new Map<Language, Promise<Catalogue>>();
export function loadCatalogue(lang: Language): Promise<Catalogue> {
  const ready = catalogues[lang];
  if (ready) return Promise.resolve(ready);
  let loading = pending.get(lang);
  if (!loading) {
    loading = loaders[lang as Exclude<Language, 'zh'>]().then((catalogue) => {
      catalogues[lang] = catalogue;
      return catalogue;
    });
    loading.catch(() => pending.delete(lang));
    pending.set(lang, loading);
  }
  return loading;
}

/** Makes a language's catalogues available to an i18next instance, fetching them when needed. */
export async function loadLanguage(i18n: I18n, lang: Language): Promise<void> {
  if (NAMESPACES.every((ns) => i18n.hasResourceBundle(lang, ns))) return;
  const catalogue = await loadCatalogue(lang);
  for (const ns of NAMESPACES) i18n.addResourceBundle(lang, ns, catalogue[ns], true, true);
}

/**
 * Creates a ready i18next instance (synchronous) with the catalogues at hand: zh, and `lang` when it
 * was loaded before (main.tsx awaits `loadCatalogue(lang)` before it renders). A language not loaded
 * yet shows zh, the fallback, until its catalogues arrive.
 */
export function createI18n(lang: Language): I18n {
  const instance = i18next.createInstance();
  const resources = Object.fromEntries(
    LANGUAGES.filter((l) => l === DEFAULT_LANGUAGE || l === lang).flatMap((l) => {
      const catalogue = catalogues[l];
      return catalogue ? [[l, catalogue]] : [];
    }),
  );
  void instance.use(initReactI18next).init({
    resources,
    lng: lang,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: LANGUAGES,
    ns: NAMESPACES,
    defaultNS: 'common',
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  if (!isCatalogueLoaded(lang)) {
    void loadLanguage(instance, lang).then(() => instance.changeLanguage(lang));
  }
  return instance;
}
