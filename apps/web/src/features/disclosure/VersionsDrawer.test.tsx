// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import type { DisclosureVersion, DisclosureVersionDetail } from '@patlas/contracts';
import { renderPage } from '../../test/render-page';
import { blankContent, docOfText } from './content';
import { VersionsDrawer } from './VersionsDrawer';

const IMAGE = '/api/product/disclosurePaper/image/img-00000001';

const VERSIONS: DisclosureVersion[] = [
  {
    id: 'v5',
    version: 5,
    fromVersion: 4,
    title: '交底书',
    source: 'auto',
    restoredFrom: null,
    chars: 20,
    createdAt: '2026-12-07T01:00:00.000Z',
    savedAt: '2026-12-07T01:10:00.000Z',
  },
  {
    id: 'v3',
    version: 3,
    fromVersion: 1,
    title: '交底书',
    source: 'manual',
    restoredFrom: null,
    chars: 10,
    createdAt: '2026-12-07T00:50:00.000Z',
    savedAt: '2026-12-07T00:55:00.000Z',
  },
];

function detail(): DisclosureVersionDetail {
  const content = blankContent('disclosure', 'zh');
  const withFigure = docOfText('装置如图1所示');
  withFigure.content = [...(withFigure.content ?? []), { type: 'image', attrs: { src: IMAGE, alt: '图1 结构示意图' } }];
  return {
    ...VERSIONS[1]!,
    sections: { field: '装置如图1所示' },
    content: { sections: { ...content.sections, field: withFigure } },
  } as DisclosureVersionDetail;
}

/** The version list and one version, and its figure as PNG bytes (fetched with the token as the editor does). */
function stubServer() {
  const calls: string[] = [];
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:figure-1', revokeObjectURL: () => {} }));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      calls.push(url.pathname);
      const json = (data: unknown) =>
        new Response(JSON.stringify({ status: 1, message: '', data }), {
          headers: { 'Content-Type': 'application/json' },
        });
      if (url.pathname === '/api/product/disclosurePaper/versions') return json({ items: VERSIONS });
      if (url.pathname === '/api/product/disclosurePaper/version') return json(detail());
      if (url.pathname === IMAGE)
        return new Response(new Uint8Array([137, 80, 78, 71]), { headers: { 'Content-Type': 'image/png' } });
      return new Response(JSON.stringify({ status: 0, message: 'not stubbed', data: {} }), { status: 404 });
    }),
  );
  return calls;
}

describe('disclosure versions drawer (issue 43)', { timeout: 60_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists every saved version (a snapshot of several as its range) and previews a version with its figures', async () => {
    const calls = stubServer();
    renderPage(
      <VersionsDrawer
        documentId="d1"
        kind="disclosure"
        currentVersion={5}
        isOpen
        selectedId="v3"
        onSelect={() => {}}
        onClose={() => {}}
        onRestore={() => Promise.resolve()}
        isRestoring={false}
      />,
      '/innovationSpace/disclosurePaper/addWrite',
    );
    await waitFor(() =>
      expect(screen.getAllByTestId('disclosure-version-label').map((e) => e.textContent)).toEqual([
        '第 4–5 版',
        '第 1–3 版',
      ]),
    );
    const figure = (await screen.findByTestId('disclosure-version-figure')) as HTMLImageElement;
    expect(figure.getAttribute('src')).toBe('blob:figure-1');
    expect(figure.getAttribute('alt')).toBe('图1 结构示意图');
    expect(calls).toContain(IMAGE);
  });
});
