import { describe, expect, it } from 'vitest';
import { NAMESPACES, resources } from './index';

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

describe('i18n catalogues', () => {
  it.each(NAMESPACES)('zh and en have exactly the same keys in %s', (ns) => {
    expect(leafKeys(resources.en[ns]).sort()).toEqual(leafKeys(resources.zh[ns]).sort());
  });

  it.each(NAMESPACES)('zh and en use the same placeholders in %s', (ns) => {
    expect(placeholders(resources.en[ns]).sort()).toEqual(placeholders(resources.zh[ns]).sort());
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
