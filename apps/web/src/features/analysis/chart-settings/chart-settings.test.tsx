// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { DEFAULT_PALETTES, type AnalysisRequest, type SavedChart } from '@patlas/contracts';
import { createQueryClient } from '../../../api/query-client';
import { AppProviders } from '../../../app/providers';
import { appSession } from '../../../session/session';
import { createI18n } from '../../../i18n/setup';
import { installDomShims, seedSession } from '../../../test/render-app';
import { ok, stubApi } from '../../../test/test-api';
import { ChartSettingsButton } from './ChartSettingsButton';
import { CustomChartsDrawer } from './CustomChartsDrawer';
import { SaveChartButton } from './SaveChartButton';
import { useChartPalette } from './useChartPalette';

const SAVED = ['#112233', '#445566', '#778899', '#aabbcc', '#ddeeff', '#123456'];
const REQUEST: AnalysisRequest = { searchExpre: 'TI=电池', analysis: { kind: 'terms', dimension: 'applicant' } };

function renderWith(node: React.ReactNode, lang: 'zh' | 'en' = 'zh') {
  installDomShims();
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  return render(
    <AppProviders i18n={createI18n(lang)} queryClient={queryClient}>
      {node}
    </AppProviders>,
  );
}

function PaletteProbe({ chartKey }: { chartKey: string }) {
  return <div data-testid="palette">{useChartPalette(chartKey).join(' ')}</div>;
}

const colorConfig = (colors: string[] | null, item = 'bar.rank') => ({
  id: colors ? 'c1' : null,
  item,
  colorDetail: (colors ?? DEFAULT_PALETTES.bar).map((color, index) => ({ index, color })),
  productAlias: null,
  isDefault: colors === null,
});
/** getCustomizeColor answers a list; the save and delete calls one config. */
const colorAnswer = (colors: string[] | null) => ok([colorConfig(colors)]);

function chart(id: string, name: string, extra: Partial<SavedChart> = {}): SavedChart {
  return {
    id,
    name,
    classifyId: null,
    chartKey: 'bar.rank',
    chartType: 'bar',
    categoryCount: 30,
    request: { ...REQUEST, filters: [], mergeType: 0 } as SavedChart['request'],
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-02T00:00:00.000Z',
    deletedAt: null,
    ...extra,
  };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  appSession.clear();
});

describe('useChartPalette', () => {
  it('answers the default palette of the key’s chart type when signed out, without asking the server', async () => {
    appSession.clear();
    const calls = stubApi(() => undefined);
    renderWith(<PaletteProbe chartKey="pie.legal" />);
    expect(screen.getByTestId('palette').textContent).toBe(DEFAULT_PALETTES.pie.join(' '));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toHaveLength(0);
  });

  it('answers the user’s saved palette once the server has answered', async () => {
    seedSession();
    const calls = stubApi((call) =>
      call.path === '/product/customizeColor/getCustomizeColor' ? colorAnswer(SAVED) : undefined,
    );
    renderWith(<PaletteProbe chartKey="bar.rank" />);
    expect(screen.getByTestId('palette').textContent).toBe(DEFAULT_PALETTES.bar.join(' '));
    await waitFor(() => expect(screen.getByTestId('palette').textContent).toBe(SAVED.join(' ')));
    expect(calls[0]?.body).toEqual({ item: 'bar.rank' });
  });
});

describe('ChartSettingsButton', () => {
  it('edits the palette within 5–10 colours, saves it and resets it to the default', async () => {
    seedSession();
    let saved: string[] | null = SAVED;
    const calls = stubApi((call) => {
      if (call.path === '/product/customizeColor/getCustomizeColor') return colorAnswer(saved);
      if (call.path === '/product/analychartcustomizeconf/getInfos') return ok([]);
      if (call.path === '/product/customizeColor/setUpCustomizeColor') {
        const body = call.body as { colorDetail: { color: string }[] };
        saved = body.colorDetail.map((row) => row.color);
        return ok(colorConfig(saved));
      }
      if (call.method === 'DELETE' && call.path === '/product/customizeColor/delCustomizeColor/c1') {
        saved = null;
        return ok(colorConfig(null));
      }
      return undefined;
    });
    renderWith(<ChartSettingsButton chartKey="bar.rank" />, 'en');
    fireEvent.click(screen.getByRole('button', { name: 'Chart settings' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('Custom palette');
    expect(within(dialog).getByText('#aabbcc')).toBeTruthy();

    // Six colours: one may go, then removal stops at five.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove colour 6' }));
    expect(within(dialog).queryByText('#123456')).toBeNull();
    expect((within(dialog).getByRole('button', { name: 'Remove colour 1' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.find((call) => call.path === '/product/customizeColor/setUpCustomizeColor')?.body).toEqual({
        item: 'bar.rank',
        colorDetail: SAVED.slice(0, 5).map((color, index) => ({ index, color })),
      }),
    );

    fireEvent.click(within(dialog).getByRole('button', { name: 'Reset to default palette' }));
    await within(dialog).findByText('Default palette');
    expect(within(dialog).getByText(DEFAULT_PALETTES.bar[0]!)).toBeTruthy();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(true);
  });

  it('is disabled for IP-login visitors, who cannot save settings', () => {
    seedSession({ loginType: 'ip' });
    stubApi(() => undefined);
    renderWith(<ChartSettingsButton chartKey="bar.rank" />);
    expect((screen.getByRole('button', { name: '图表设置' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('CustomChartsDrawer', () => {
  it('shows folders and charts, opens, deletes and restores charts', async () => {
    seedSession();
    const folder = { id: 'f1', name: '电池', parentId: null, createdAt: '2026-01-01T00:00:00.000Z' };
    const active = chart('a1', '申请人排名', { classifyId: 'f1' });
    const gone = chart('d1', '旧图表', { deletedAt: '2026-01-03T00:00:00.000Z' });
    const calls = stubApi((call) => {
      if (call.path === '/product/chart/getChartInfo')
        return ok({ classifies: [folder], charts: [active, chart('a2', '趋势')], deleted: [gone] });
      if (call.method === 'DELETE' && call.path === '/product/chart/deleteChart/a1') return ok(null);
      if (call.path === '/product/chart/restore/d1') return ok({ ...gone, deletedAt: null });
      return undefined;
    });
    const onOpen = vi.fn();
    renderWith(<CustomChartsDrawer open onClose={() => {}} onOpen={onOpen} />);
    await screen.findByText('申请人排名');
    expect(screen.getByText('趋势')).toBeTruthy();

    // The folder filter keeps only its chart.
    fireEvent.click(screen.getAllByText('电池')[0]!);
    await waitFor(() => expect(screen.queryByText('趋势')).toBeNull());

    const row = screen.getByText('申请人排名').closest('li')!;
    fireEvent.click(within(row as HTMLElement).getByRole('button', { name: '打开' }));
    expect(onOpen).toHaveBeenCalledWith(expect.objectContaining({ id: 'a1', request: active.request }));

    fireEvent.click(within(row as HTMLElement).getByRole('button', { name: '删除 申请人排名' }));
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(calls.some((call) => call.path === '/product/chart/deleteChart/a1')).toBe(true));

    fireEvent.click(screen.getByText('已删除 (1)'));
    fireEvent.click(await screen.findByRole('button', { name: /恢复/ }));
    await waitFor(() => expect(calls.some((call) => call.path === '/product/chart/restore/d1')).toBe(true));
  });
});

describe('SaveChartButton', () => {
  it('saves the analysis request into the chosen category count', async () => {
    seedSession();
    const calls = stubApi((call) => {
      if (call.path === '/product/chart/getChartInfo') return ok({ classifies: [], charts: [], deleted: [] });
      if (call.path === '/product/chart/addChart') return ok(chart('n1', '新图表'));
      return undefined;
    });
    const onSaved = vi.fn();
    renderWith(
      <SaveChartButton
        request={REQUEST}
        chartKey="bar.rank"
        chartType="bar"
        defaultName="申请人排名"
        onSaved={onSaved}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: '保存图表' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByLabelText('前 50 项'));
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith('n1'));
    expect(calls.find((call) => call.path === '/product/chart/addChart')?.body).toEqual({
      name: '申请人排名',
      classifyId: null,
      chartKey: 'bar.rank',
      chartType: 'bar',
      categoryCount: 50,
      request: REQUEST,
    });
  });

  it('refuses an empty name before calling the server', async () => {
    seedSession();
    const calls = stubApi((call) =>
      call.path === '/product/chart/getChartInfo' ? ok({ classifies: [], charts: [], deleted: [] }) : undefined,
    );
    renderWith(<SaveChartButton request={REQUEST} chartKey="bar.rank" chartType="bar" />, 'en');
    fireEvent.click(screen.getByRole('button', { name: 'Save chart' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await within(dialog).findByText('Enter a name');
    expect(calls.some((call) => call.path === '/product/chart/addChart')).toBe(false);
  });
});
