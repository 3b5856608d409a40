import { describe, expect, it } from 'vitest';
import type { DisclosureRichNode } from '@patlas/contracts';
import { editorRangeOf, sectionTextMap } from './formal-locate';

const text = (value: string): DisclosureRichNode => ({ type: 'text', text: value });
const paragraph = (...content: DisclosureRichNode[]): DisclosureRichNode => ({ type: 'paragraph', content });
const item = (value: string): DisclosureRichNode => ({ type: 'listItem', content: [paragraph(text(value))] });

describe("a section's text as the server writes it, mapped to the editor", () => {
  it('writes a numbered list of claims with their numbers, and maps a claim reference to its editor range', () => {
    const doc: DisclosureRichNode = {
      type: 'doc',
      content: [
        {
          type: 'orderedList',
          attrs: { start: 1 },
          content: [item('一种电池包。'), item('根据权利要求3所述的电池包。')],
        },
      ],
    };
    const map = sectionTextMap(doc);
    expect(map.text).toBe('1. 一种电池包。\n2. 根据权利要求3所述的电池包。');
    // doc > orderedList(0) > listItem(1) > paragraph(2) > text from 3; the second item's text starts at 13 (item 11, paragraph 12).
    const at = map.text.indexOf('权利要求3');
    expect(editorRangeOf(map, at, at + 5)).toEqual({ from: 15, to: 20 });
    // The number itself is not in the editor: the range starts at the item's text.
    expect(editorRangeOf(map, 0, 2)).toEqual({ from: 3, to: 3 });
  });

  it('cuts trailing spaces and empty lines beyond one, keeps hard breaks, and trims', () => {
    const doc: DisclosureRichNode = {
      type: 'doc',
      content: [
        paragraph(),
        paragraph(text('技术领域  ')),
        paragraph(),
        paragraph(),
        paragraph(text('第一行'), { type: 'hardBreak' }, text('第二行')),
        paragraph(text('  ')),
      ],
    };
    const map = sectionTextMap(doc);
    expect(map.text).toBe('技术领域\n\n第一行\n第二行');
    expect(map.positions).toHaveLength(map.text.length);
    const second = map.text.indexOf('第二行');
    expect(editorRangeOf(map, second, second + 3)).toEqual({ from: 19, to: 22 });
  });
});
