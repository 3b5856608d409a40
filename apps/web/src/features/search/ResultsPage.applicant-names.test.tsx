// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderPage, stubFetch, type FakeResponse } from '../../test/render-page';
import { ResultsPage } from './ResultsPage';

// The applicant facet as the server answers it merged (issue 43 item 7) and as written.
const MERGED = [
  {
    value: '歌尔股份有限公司',
    count: 35,
    variants: [
      { value: '歌尔科技有限公司', count: 11 },
      { value: '歌尔股份有限公司', count: 11 },
      { value: '潍坊歌尔电子有限公司', count: 3 },
    ],
  },
  { value: '歌尔光学科技有限公司', count: 9 },
];
const WRITTEN = [
  { value: '歌尔科技有限公司', count: 11 },
  { value: '歌尔股份有限公司', count: 11 },
];

function answer(merged: boolean): FakeResponse {
  return {
    status: 200,
    body: {
      status: 1,
      message: '',
      data: {
        total: 44,
        page: 1,
        pageSize: 20,
        items: [],
        facets: { applicant: merged ? MERGED : WRITTEN },
        ...(merged ? { applicantsMerged: true } : {}),
        expression: 'TI=虚拟现实',
        tookMs: 5,
      },
    },
  };
}

describe('result page: applicant names merged', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists the names a merged applicant counts, filters its standardised name, and switches to names as written', async () => {
    const calls = stubFetch((_url, request) =>
      answer((request.body as { mergeApplicants?: boolean }).mergeApplicants !== false),
    );
    const { router } = renderPage(
      <ResultsPage />,
      '/innovationSpace/searchResult?q=TI%3D%E8%99%9A%E6%8B%9F%E7%8E%B0%E5%AE%9E',
    );

    const facet = await waitFor(() => {
      const el = document.querySelector('[data-facet="applicant"]');
      if (!el) throw new Error('no applicant facet yet');
      return el as HTMLElement;
    });
    await within(facet).findByText('歌尔股份有限公司');
    // The variants: one toggle on the merged value, none on a name that merges nothing.
    const toggles = within(facet).getAllByRole('button', { name: '3 个名称' });
    expect(toggles).toHaveLength(1);
    fireEvent.click(toggles[0]!);
    const list = within(facet).getByRole('list', { name: '合并的名称' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['歌尔科技有限公司11', '歌尔股份有限公司11', '潍坊歌尔电子有限公司3']);

    // A merged value filters the standardised name, which finds every variant's patents.
    fireEvent.click(within(facet).getByText('歌尔股份有限公司', { selector: '.facet-value-label' }));
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('f')).toBe('applicantStandard:歌尔股份有限公司'),
    );

    // The switch off: names as written, counted apart, in the URL and the request.
    const mergeSwitch = screen.getByRole('switch', { name: '合并名称' });
    expect(mergeSwitch.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(mergeSwitch);
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('names')).toBe('written'));
    await waitFor(() =>
      expect(calls.some((c) => (c.body as { mergeApplicants?: boolean } | undefined)?.mergeApplicants === false)).toBe(
        true,
      ),
    );
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: '合并名称' }).getAttribute('aria-checked')).toBe('false'),
    );
    expect(within(facet).queryByRole('button', { name: '3 个名称' })).toBeNull();
    expect(within(facet).getByText('歌尔科技有限公司', { selector: '.facet-value-label' })).toBeTruthy();
  });
});
