import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DEFAULT_CHART_SIZE,
  defaultPaletteFor,
  paletteOf,
  type ChartSizeDetail,
  type ChartType,
} from '@patlas/contracts';
import { useApiContext } from '../../../api/useApiContext';
import { usePersonalSession } from '../../../session/useSession';
import {
  addChart,
  addClassify,
  delCustomizeColor,
  deleteChart,
  deleteClassify,
  getChartInfo,
  getCustomizeColor,
  getSizeInfos,
  resetSize,
  restoreChart,
  saveSize,
  setUpCustomizeColor,
  updateChart,
  updateClassify,
} from './api';

export const chartSettingsKeys = {
  all: ['chart-settings'] as const,
  colors: ['chart-settings', 'colors'] as const,
  color: (key: string) => ['chart-settings', 'colors', key] as const,
  sizes: ['chart-settings', 'sizes'] as const,
  size: (key: string) => ['chart-settings', 'sizes', key] as const,
  charts: ['chart-settings', 'charts'] as const,
};

/**
 * Whether this session keeps chart settings on the server: a personal account. IP-login visitors
 * have none (spec 1 §4 "IP login skips saving custom config to the server") and see the defaults.
 */
export function useCanSaveChartSettings(): boolean {
  return usePersonalSession();
}

/** The saved colour config of one chart key (or its default, id null). */
export function useChartColorConfig(chartKey: string, chartType?: ChartType) {
  const { lang, messages } = useApiContext();
  const isSaving = useCanSaveChartSettings();
  return useQuery({
    queryKey: chartSettingsKeys.color(chartKey),
    queryFn: async ({ signal }) => {
      const rows = await getCustomizeColor({ item: chartKey, chartType }, { lang, messages, signal });
      // TanStack Query refuses undefined: null means "nothing saved, use the default".
      return rows[0] ?? null;
    },
    enabled: isSaving,
    staleTime: 5 * 60_000,
  });
}

/**
 * The colours of one chart: the user's palette, or the default palette of the key's chart type
 * while loading, on failure and when signed out or signed in by IP.
 */
export function useChartPalette(chartKey: string, chartType?: ChartType): string[] {
  const { data } = useChartColorConfig(chartKey, chartType);
  return data ? paletteOf(data.colorDetail) : defaultPaletteFor(chartKey, chartType);
}

export function useSaveChartPalette(chartKey: string) {
  const { lang, messages } = useApiContext();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (palette: string[]) =>
      setUpCustomizeColor(
        { item: chartKey, colorDetail: palette.map((color, index) => ({ index, color })) },
        { lang, messages },
      ),
    onSuccess: (saved) => queryClient.setQueryData(chartSettingsKeys.color(chartKey), saved),
  });
}

export function useResetChartPalette(chartKey: string) {
  const { lang, messages } = useApiContext();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => delCustomizeColor(id, { lang, messages }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chartSettingsKeys.color(chartKey) }),
  });
}

/** The saved size config of one chart key (or the defaults, id null). */
export function useChartSizeConfig(chartKey: string) {
  const { lang, messages } = useApiContext();
  const isSaving = useCanSaveChartSettings();
  return useQuery({
    queryKey: chartSettingsKeys.size(chartKey),
    queryFn: async ({ signal }) => (await getSizeInfos(chartKey, { lang, messages, signal }))[0] ?? null,
    enabled: isSaving,
    staleTime: 5 * 60_000,
  });
}

/** Width (null: fill the card), height, font size, legend position and labels of one chart. */
export function useChartSize(chartKey: string): ChartSizeDetail {
  const { data } = useChartSizeConfig(chartKey);
  return data?.confDetail ?? DEFAULT_CHART_SIZE;
}

export function useSaveChartSize(chartKey: string) {
  const { lang, messages } = useApiContext();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (confDetail: ChartSizeDetail) => saveSize({ item: chartKey, confDetail }, { lang, messages }),
    onSuccess: (saved) => queryClient.setQueryData(chartSettingsKeys.size(chartKey), saved),
  });
}

export function useResetChartSize(chartKey: string) {
  const { lang, messages } = useApiContext();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => resetSize(chartKey, { lang, messages }),
    onSuccess: (rows) => queryClient.setQueryData(chartSettingsKeys.size(chartKey), rows[0] ?? null),
  });
}

// Custom charts

export function useChartInfo(isEnabled = true) {
  const { lang, messages } = useApiContext();
  const isSaving = useCanSaveChartSettings();
  return useQuery({
    queryKey: chartSettingsKeys.charts,
    queryFn: ({ signal }) => getChartInfo({}, { lang, messages, signal }),
    enabled: isEnabled && isSaving,
    staleTime: 0,
  });
}

/** Every custom-chart call, each refreshing the folder list when done. */
export function useChartMutations() {
  const { lang, messages } = useApiContext();
  const queryClient = useQueryClient();
  const options = { lang, messages };
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: chartSettingsKeys.charts });
  return {
    addClassify: useMutation({
      mutationFn: (body: Parameters<typeof addClassify>[0]) => addClassify(body, options),
      onSuccess,
    }),
    updateClassify: useMutation({
      mutationFn: (body: Parameters<typeof updateClassify>[0]) => updateClassify(body, options),
      onSuccess,
    }),
    deleteClassify: useMutation({ mutationFn: (id: string) => deleteClassify(id, options), onSuccess }),
    addChart: useMutation({ mutationFn: (body: Parameters<typeof addChart>[0]) => addChart(body, options), onSuccess }),
    updateChart: useMutation({
      mutationFn: (body: Parameters<typeof updateChart>[0]) => updateChart(body, options),
      onSuccess,
    }),
    deleteChart: useMutation({ mutationFn: (id: string) => deleteChart(id, options), onSuccess }),
    restoreChart: useMutation({ mutationFn: (id: string) => restoreChart(id, options), onSuccess }),
  };
}
