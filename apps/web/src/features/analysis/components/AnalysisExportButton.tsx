import { App, Button } from 'antd';
import { Dropdown } from '../../../components/ui/overlays';
import { ExportOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { AnalysisExportFormat, AnalysisResultSet } from '@patlas/contracts';
import { DOWNLOADS_PATH, DOWNLOADS_PERMISSION } from '../../../app/paths';
import { useApiContext } from '../../../api/useApiContext';
import { useExportAnalysis } from '../../../export-actions/queries';
import { usePermission } from '../../../session/useSession';
import { CHARTS, isExportable, type ChartDefinition } from '../catalogue';
import type { ViewType } from '../chart-model';
import { drawChartPng } from '../draw-chart';
import { chartAnswerKey, fetchChart } from '../queries';
import { useChartLabels } from '../useChartLabels';

interface AnalysisExportButtonProps {
  resultSet: AnalysisResultSet;
  /** The chart on screen, its view and its PNG as drawn (undefined: a table, or not drawn yet). */
  chart: ChartDefinition;
  pngOfChart: () => string | undefined;
  /** What the download centre calls the task: the expression or the set's kind. */
  title: string;
}

type Scope = 'chart' | 'all';

/** The charts the analysis export takes: not the applicant-group chart (the user's own groups). */
const EXPORTED = CHARTS.filter(isExportable);

/**
 * 导出分析: the chart on screen, or every chart of the dashboard, as an Excel workbook (a sheet
 * per chart with its table and image) or a Word report, made as a download task. The server
 * recomputes every table; the browser sends the images, drawing the charts not on screen off
 * screen from the same (cached) answers.
 */
export function AnalysisExportButton({ resultSet, chart, pngOfChart, title }: AnalysisExportButtonProps) {
  const { t } = useTranslation('analysis');
  const { message, notification } = App.useApp();
  const { lang, messages } = useApiContext();
  const canExport = usePermission(DOWNLOADS_PERMISSION);
  const queryClient = useQueryClient();
  const labels = useChartLabels();
  const run = useExportAnalysis();
  // The notification is drawn outside the router: it navigates through this page's navigate.
  const navigate = useNavigate();
  if (!canExport) return null;

  /** Every chart's PNG in catalogue order, drawn from its cached or fetched answer. */
  const drawAll = async (onDrawn: (done: number) => void) => {
    const charts = [];
    for (const [index, definition] of EXPORTED.entries()) {
      const answer = await queryClient.fetchQuery({
        queryKey: chartAnswerKey(resultSet, definition.request),
        queryFn: ({ signal }) => fetchChart(resultSet, definition.request, { lang, messages, signal }),
        staleTime: 5 * 60_000,
      });
      const first = definition.types[0] as ViewType;
      // The word cloud lays itself out over several frames: its bars are drawn instead.
      const type: ViewType = first === 'wordCloud' ? 'bar' : first;
      const image = await drawChartPng(definition.toModel(answer.result, labels), type, definition.id, labels.count);
      charts.push({ id: definition.id, ...(image ? { image } : {}) });
      onDrawn(index + 1);
    }
    return charts;
  };

  const handleExport = async (scope: Scope, format: AnalysisExportFormat) => {
    const key = 'analysis-export';
    try {
      let charts;
      if (scope === 'chart') {
        const image = pngOfChart();
        charts = [{ id: chart.id, ...(image ? { image } : {}) }];
      } else {
        const total = EXPORTED.length;
        void message.loading({ key, content: t('export.drawing', { done: 0, total }), duration: 0 });
        charts = await drawAll(
          (done) => void message.loading({ key, content: t('export.drawing', { done, total }), duration: 0 }),
        );
      }
      const task = await run.mutateAsync({ set: resultSet, charts, format, title: title.slice(0, 500) });
      message.destroy(key);
      notification.success({
        key,
        title: t('export.taskCreated', { title: task.title }),
        description: (
          <Button
            type="link"
            className="analysis-export-open"
            onClick={() => {
              notification.destroy(key);
              void navigate(DOWNLOADS_PATH);
            }}
          >
            {t('export.open')}
          </Button>
        ),
        placement: 'bottomRight',
      });
    } catch (error) {
      message.destroy(key);
      void message.error(t('export.failed', { message: (error as Error).message }));
    }
  };

  const formats: AnalysisExportFormat[] = ['xlsx', 'docx'];
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: (isExportable(chart) ? (['chart', 'all'] as const) : (['all'] as const)).map((scope) => ({
          type: 'group' as const,
          key: scope,
          label: t(`export.${scope}`),
          children: formats.map((format) => ({ key: `${scope}:${format}`, label: t(`export.${format}`) })),
        })),
        onClick: ({ key }) => {
          const [scope, format] = key.split(':') as [Scope, AnalysisExportFormat];
          void handleExport(scope, format);
        },
      }}
    >
      <Button size="small" icon={<ExportOutlined />} loading={run.isPending} data-testid="analysis-export">
        {t('export.button')}
      </Button>
    </Dropdown>
  );
}
