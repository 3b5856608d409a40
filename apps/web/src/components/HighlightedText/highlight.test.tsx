// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { decodeEntities, splitHighlights } from './highlight';
import { HighlightedText } from './HighlightedText';

describe('hit highlighting', () => {
  afterEach(cleanup);

  it('splits marked text into hits and plain runs', () => {
    expect(splitHighlights('<em>电池</em>包和储能<em>电池</em>')).toEqual([
      { text: '电池', isHit: true },
      { text: '包和储能', isHit: false },
      { text: '电池', isHit: true },
    ]);
    expect(splitHighlights('a<EM>b</EM><em>c</em>')).toEqual([
      { text: 'a', isHit: false },
      { text: 'bc', isHit: true },
    ]);
  });

  it('decodes the escaper’s entities and leaves unknown ones alone', () => {
    expect(decodeEntities('&lt;b&gt; &amp; &quot;x&quot; &#39;y&#39; &#x4e2d; &nbsp2 &bogus;')).toBe(
      '<b> & "x" \'y\' 中 &nbsp2 &bogus;',
    );
  });

  it('renders only <em> as markup; an escaped script stays text', () => {
    const marked = '&lt;script&gt;alert(1)&lt;/script&gt; <em>lithium</em> <b>raw</b> <img src=x onerror=alert(2)>';
    const { container } = render(<HighlightedText marked={marked} plain="unused" />);
    expect(container.querySelectorAll('script, b, img')).toHaveLength(0);
    const hits = [...container.querySelectorAll('em')].map((e) => e.textContent);
    expect(hits).toEqual(['lithium']);
    expect(container.textContent).toBe('<script>alert(1)</script> lithium <b>raw</b> <img src=x onerror=alert(2)>');
  });

  it('shows the plain value when there are no marks', () => {
    const { container } = render(<HighlightedText plain="<i>plain</i>" />);
    expect(container.querySelector('i')).toBeNull();
    expect(container.textContent).toBe('<i>plain</i>');
  });
});
