import { describe, expect, it, vi } from 'vitest';
import type { ProductStorage } from '../storage/storage';

/** A storage that keeps values in a map (what switchLanguage writes). */
function memoryStorage(): ProductStorage & { values: Map<string, unknown> } {
  const values = new Map<string, unknown>();
  return {
    values,
    get: <T>(name: string) => values.get(name) as T | undefined,
    set: (name: string, value: unknown) => values.set(name, value) !== undefined,
    remove: (name: string) => void values.delete(name),
    clear: () => values.clear(),
    keyOf: (name: string) => name,
  };
}

describe('the UI language catalogues', () => {
  it('start with zh alone; switching to en fetches the en catalogues, then shows English', async () => {
    // A fresh module registry: the test setup's own load of the en catalogues is not this one's.
    vi.resetModules();
    const setup = await import('./setup');
    const { switchLanguage } = await import('./language');
    expect(setup.isCatalogueLoaded('zh')).toBe(true);
    expect(setup.isCatalogueLoaded('en')).toBe(false);

    const i18n = setup.createI18n('zh');
    expect(i18n.t('language.label')).toBe('语言');
    expect(i18n.hasResourceBundle('en', 'common')).toBe(false);

    const storage = memoryStorage();
    await switchLanguage(i18n, storage, 'en');
    expect(setup.isCatalogueLoaded('en')).toBe(true);
    expect(i18n.language).toBe('en');
    expect(i18n.hasResourceBundle('en', 'common')).toBe(true);
    expect(i18n.hasResourceBundle('en', 'analysis')).toBe(true);
    expect(i18n.t('language.label')).toBe('Language');
    expect(storage.values.get('language')).toBe('en');

    // A second instance made after the fetch starts in English at once.
    expect(setup.createI18n('en').t('language.label')).toBe('Language');
  });

  it('an instance created in en before its catalogues arrive shows zh, then English once they are in', async () => {
    vi.resetModules();
    const setup = await import('./setup');
    const i18n = setup.createI18n('en');
    expect(i18n.t('language.label')).toBe('语言');
    await setup.loadCatalogue('en');
    await vi.waitFor(() => expect(i18n.t('language.label')).toBe('Language'));
  });
});
