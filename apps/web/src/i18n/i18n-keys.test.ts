import { describe, expect, it } from 'vitest';
import { NAMESPACES } from './index';
import { enResources } from './en';
import { zhResources } from './zh';

const resources = { zh: zhResources, en: enResources } as const;

/**
 * A key without its i18next plural suffix: English writes `total_one` and `total_other`, Chinese
 * (one plural form) only `total_other`; both are the key `total`.
 */
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const baseKeys = (keys: string[]) => [...new Set(keys.map((key) => key.replace(PLURAL_SUFFIX, '')))].sort();

/** Every leaf key of a catalogue, dotted: "legal.events". */
function leafKeys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => leafKeys(child, prefix ? `${prefix}.${key}` : key));
}

/** The {{placeholders}} of every leaf, so a translation cannot drop a value. */
function placeholders(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') {
    return [...value.matchAll(/\{\{(\w+)\}\}/g)].map((m) => `${prefix}:${m[1]}`).sort();
  }
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, child]) => placeholders(child, prefix ? `${prefix}.${key}` : key));
}

/** `results.total_one:total` → `results.total:total`. */
const withoutPlural = (placeholder: string) => {
  const [key = '', name = ''] = placeholder.split(':');
  return `${key.replace(PLURAL_SUFFIX, '')}:${name}`;
};

describe('i18n catalogues', () => {
  it.each(NAMESPACES)('zh and en have exactly the same keys in %s', (ns) => {
    expect(baseKeys(leafKeys(resources.en[ns]))).toEqual(baseKeys(leafKeys(resources.zh[ns])));
  });

  it.each(NAMESPACES)('zh and en use the same placeholders in %s', (ns) => {
    expect(baseKeys(placeholders(resources.en[ns]).map(withoutPlural))).toEqual(
      baseKeys(placeholders(resources.zh[ns]).map(withoutPlural)),
    );
  });

  it.each(NAMESPACES)('no text in %s is empty', (ns) => {
    for (const lang of ['zh', 'en'] as const) {
      const empty = leafKeys(resources[lang][ns]).filter((key) => {
        const text = key
          .split('.')
          .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], resources[lang][ns]);
        return typeof text !== 'string' || text.trim() === '';
      });
      expect(empty, `${lang}/${ns}`).toEqual([]);
    }
  });
});
