import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { helpDocFor } from './help-doc';

const doc = readFileSync(new URL('../../../../../docs/search-syntax.md', import.meta.url), 'utf8');

describe('help document', () => {
  it('shows the shared field table and only the Chinese half in zh', () => {
    const zh = helpDocFor(doc, 'zh');
    expect(zh).toContain('| `TI`');
    expect(zh).toContain('## 中文');
    expect(zh).not.toContain('## English');
    expect(zh).not.toContain('This page describes');
    expect(zh).toContain('本页描述');
    expect(zh).not.toContain('[English](#english)');
  });

  it('shows the shared field table and only the English half in en', () => {
    const en = helpDocFor(doc, 'en');
    expect(en).toContain('| `TI`');
    expect(en).toContain('## English');
    expect(en).not.toContain('## 中文');
    expect(en).toContain('This page describes');
    expect(en).not.toContain('本页描述');
    expect(en).toContain('类型 / Types:');
  });

  it('returns a document without the two halves unchanged', () => {
    expect(helpDocFor('# Title\n\ntext', 'en')).toBe('# Title\n\ntext');
  });
});
