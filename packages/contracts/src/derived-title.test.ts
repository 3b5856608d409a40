import { describe, expect, it } from 'vitest';
import { ABSTRACT_TITLE_MAX, titleFromAbstract } from './derived-title.js';

describe('titleFromAbstract', () => {
  it('takes the first sentence of an English abstract', () => {
    expect(
      titleFromAbstract(
        'A battery pack includes a housing and cells. The housing has vents for cooling.\nSecond line.',
      ),
    ).toBe('A battery pack includes a housing and cells');
  });

  it('does not cut at a decimal point or an abbreviation dot inside a word', () => {
    expect(titleFromAbstract('A resistor of 1.5 ohms in series. More.')).toBe('A resistor of 1.5 ohms in series');
  });

  it('takes the first sentence of a Chinese abstract', () => {
    expect(titleFromAbstract('本发明公开了一种电池包。电池包包括壳体。')).toBe('本发明公开了一种电池包');
  });

  it('cuts a long first sentence at a word with an ellipsis', () => {
    const words = Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ');
    const title = titleFromAbstract(words)!;
    expect(title.length).toBeLessThanOrEqual(ABSTRACT_TITLE_MAX);
    expect(title.endsWith('…')).toBe(true);
    expect(words.startsWith(title.slice(0, -1))).toBe(true);
    expect(title.slice(0, -1)).toMatch(/word\d+$/);
  });

  it('skips blank lines and markup, and gives nothing for an empty abstract', () => {
    expect(titleFromAbstract('\n  \n<p>A valve.</p>')).toBe('A valve');
    expect(titleFromAbstract('   ')).toBeUndefined();
    expect(titleFromAbstract(undefined)).toBeUndefined();
  });
});
