import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, App, Button, Card, Empty, Flex, Segmented, Spin, Statistic, Tooltip, Typography } from 'antd';
import { ResizableTable as Table } from '../../../components/ui/resizable-table';
import {
  DownloadOutlined,
  FileExcelOutlined,
  FullscreenExitOutlined,
  FullscreenOutlined,
  TableOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CHART_TYPES, type AnalysisResultSet, type ChartType } from '@patlas/contracts';
import { patentDetailPath } from '../../../app/paths';
import { ChartSettingsButton } from '../chart-settings/ChartSettingsButton';
import { useCanSaveChartSettings } from '../chart-settings/queries';
import { SaveChartButton } from '../chart-settings/SaveChartButton';
import { useChartPalette, useChartSize } from '../chart-settings/useChartPalette';
import type { ChartDefinition } from '../catalogue';
import { tableRows, type ChartElementAction, type ChartModel, type ViewType } from '../chart-model';
import { buildChartOption, elementOfClick } from '@patlas/charts';
import { resultPagePath } from '../../../search-state/analysis-url-state';
import { ApiError } from '../../../api/client';
import { useAnalysisJump, useChartAnswer } from '../queries';
import { useChartLabels } from '../useChartLabels';
import { saveFile } from '../../../utils/save-file';
import { xlsxBytes, XLSX_MIME } from '../xlsx';
import { EChart, type EChartHandle } from '../../../charts/EChart';
import { AnalysisExportButton } from './AnalysisExportButton';
import { listPagination } from '../../../components/ui/pagination';

interface ChartPanelProps {
  chart: ChartDefinition;
  resultSet: AnalysisResultSet;
  type: ViewType;
  onTypeChange: (type: ViewType) => void;
  /** Called with the set's total once the chart's answer is in (operation history). */
  onLoaded?: (total: number) => void;
}

/** Palette and size settings are kept per chart type and chart (`bar.applicantRank`). */
function settingsKeyOf(chart: ChartDefinition, type: ViewType): { key: string; chartType: ChartType } {
  const chartType: ChartType = (CHART_TYPES as readonly string[]).includes(type) ? (type as ChartType) : 'bar';
  return { key: `${chartType}.${chart.id}`, chartType };
}

function fileNameOf(title: string): string {
  return title.replace(/[\\/:*?"<>|]/g, ' ').trim() || 'chart';
}

/** A failure to fetch (no answer, a timeout, a server fault), as opposed to the server refusing the request: worth asking again. */
function isRetrievalFailure(error: Error): boolean {
  return !(error instanceof ApiError) || error.status === 0 || error.status >= 500;
}

/**
 * One chart of the dashboard: its views (chart types and the data table), PNG and Excel
 * downloads, full screen, colour and size settings, and drill-down: a click on an element asks
 * the server for that element's result page (analysis jump) and opens it.
 */
export function ChartPanel({ chart, resultSet, type, onTypeChange, onLoaded }: ChartPanelProps) {
  const { t } = useTranslation('analysis');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const labels = useChartLabels();
  const analysis = useChartAnswer(resultSet, chart.request);
  const jump = useAnalysisJump();
  const settings = settingsKeyOf(chart, type);
  const canSaveCharts = useCanSaveChartSettings();
  const palette = useChartPalette(settings.key, settings.chartType);
  const size = useChartSize(settings.key);
  const chartRef = useRef<EChartHandle>(null);
  const frame = useRef<HTMLDivElement>(null);
  const [isFullscreen, setFullscreen] = useState(false);
  const [showTable, setShowTable] = useState(false);
  const title = t(`charts.${chart.id}` as 'charts.applicantRank');

  const model: ChartModel | undefined = useMemo(
    () => (analysis.data ? chart.toModel(analysis.data.result, labels) : undefined),
    [analysis.data, chart, labels],
  );
  const total = analysis.data?.total;
  useEffect(() => {
    if (total !== undefined) onLoaded?.(total);
  }, [total, onLoaded]);

  useEffect(() => {
    const onChange = () => {
      setFullscreen(document.fullscreenElement === frame.current && frame.current !== null);
      // The canvas keeps its size until told.
      setTimeout(() => chartRef.current?.resize(), 50);
    };
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  const open = (action: ChartElementAction | undefined) => {
    if (!action || jump.isPending) return;
    if (action.kind === 'patent') {
      navigate(patentDetailPath(action.publicationNumber));
      return;
    }
    const hide = message.loading(t('page.jumping'), 0);
    jump.mutate(
      { resultSet, action },
      {
        onSuccess: (answer) => {
          hide();
          if (document.fullscreenElement) void document.exitFullscreen();
          navigate(
            resultPagePath({
              searchExpre: answer.searchExpre,
              ...(answer.set ? { set: answer.set } : {}),
              ...(answer.secondExpre ? { secondExpre: answer.secondExpre } : {}),
              filters: answer.filters,
              mergeType: answer.mergeType === 1 || answer.mergeType === 2 ? answer.mergeType : 0,
              ...(answer.source ? { source: answer.source } : {}),
            }),
          );
        },
        onError: (error) => {
          hide();
          void message.error(t('page.jumpFailed', { message: error.message }));
        },
      },
    );
  };

  const rows = model ? tableRows(model) : [];
  const isEmpty = model !== undefined && model.series.every((s) => s.values.every((v) => v === 0));
  // Rankings drawn as horizontal bars need room for every name.
  const barRows = model && type === 'bar' && !model.ordered ? model.categories.length * 24 + 80 : 0;
  const height = isFullscreen ? Math.max(300, window.innerHeight - 200) : Math.max(size.height, barRows);

  const downloadPng = () => {
    const url = chartRef.current?.pngDataUrl();
    if (url) saveFile(`${fileNameOf(title)}.png`, url);
  };
  const exportExcel = () => {
    if (!model) return;
    const bytes = xlsxBytes(title, rows);
    saveFile(`${fileNameOf(title)}.xlsx`, new Blob([bytes as BlobPart], { type: XLSX_MIME }));
  };
  const toggleFullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void frame.current?.requestFullscreen?.();
  };

  const table = model && (
    <Table
      className="analysis-table"
      size="small"
      rowKey="c"
      pagination={rows.length > 51 ? listPagination({ pageSize: 50, showSizeChanger: false }) : false}
      dataSource={rows.slice(1).map((row, c) => ({ row, c }))}
      columns={(rows[0] ?? []).map((header, column) => ({
        title: String(header),
        key: String(column),
        align: column === 0 ? ('left' as const) : ('right' as const),
        render: (_: unknown, { row, c }: { row: (string | number)[]; c: number }) => {
          const value = row[column];
          if (column === 0) return <Typography.Text>{String(value)}</Typography.Text>;
          const action = model.actionOf(column - 1, c);
          const text = Number(value).toLocaleString();
          return action && Number(value) > 0 ? (
            <Typography.Link onClick={() => open(action)} data-testid="analysis-cell-link">
              {text}
            </Typography.Link>
          ) : (
            text
          );
        },
      }))}
    />
  );

  return (
    <div ref={frame} className={`analysis-frame${isFullscreen ? ' is-fullscreen' : ''}`}>
      <Card
        className="analysis-panel"
        title={<span data-testid="analysis-chart-title">{title}</span>}
        extra={
          <Flex gap={4} wrap align="center">
            {chart.types.length > 1 && (
              <Segmented<ViewType>
                size="small"
                aria-label={t('page.chartType')}
                value={type}
                options={chart.types.map((value) => ({ value, label: t(`types.${value}`) }))}
                onChange={onTypeChange}
              />
            )}
            {type !== 'table' && (
              <Tooltip title={showTable ? t('actions.hideTable') : t('actions.showTable')}>
                <Button
                  size="small"
                  type={showTable ? 'primary' : 'default'}
                  icon={<TableOutlined />}
                  aria-label={t('actions.showTable')}
                  aria-pressed={showTable}
                  onClick={() => setShowTable((v) => !v)}
                />
              </Tooltip>
            )}
            <Tooltip title={t('actions.png')}>
              <Button
                size="small"
                icon={<DownloadOutlined />}
                aria-label={t('actions.png')}
                disabled={!model || type === 'table'}
                onClick={downloadPng}
              />
            </Tooltip>
            <Tooltip title={t('actions.excel')}>
              <Button
                size="small"
                icon={<FileExcelOutlined />}
                aria-label={t('actions.excel')}
                disabled={!model}
                onClick={exportExcel}
              />
            </Tooltip>
            {type !== 'table' && <ChartSettingsButton chartKey={settings.key} chartType={settings.chartType} />}
            {/* Saved charts keep an aggregation request; the text-mining charts are recomputed, not saved. */}
            {canSaveCharts && chart.request.kind === 'analyze' && (
              <SaveChartButton
                request={{ ...resultSet, analysis: chart.request.analysis }}
                chartKey={chart.id}
                chartType={settings.chartType}
                defaultName={title}
              />
            )}
            <AnalysisExportButton
              resultSet={resultSet}
              chart={chart}
              pngOfChart={() => (model && !isEmpty && type !== 'table' ? chartRef.current?.pngDataUrl() : undefined)}
              title={resultSet.searchExpre.trim() || title}
            />
            <Tooltip title={isFullscreen ? t('actions.exitFullscreen') : t('actions.fullscreen')}>
              <Button
                size="small"
                icon={isFullscreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
                aria-label={isFullscreen ? t('actions.exitFullscreen') : t('actions.fullscreen')}
                onClick={toggleFullscreen}
              />
            </Tooltip>
          </Flex>
        }
      >
        {analysis.isError &&
          (isRetrievalFailure(analysis.error) ? (
            // Spec 2 §8: 'Data retrieval failed, click OK to retrieve data immediately'.
            <Alert
              type="error"
              showIcon
              title={t('page.retrievalFailed')}
              description={analysis.error.message}
              action={
                <Button size="small" type="primary" onClick={() => void analysis.refetch()}>
                  {t('page.retrieveNow')}
                </Button>
              }
              data-testid="analysis-error"
            />
          ) : (
            <Alert type="error" showIcon title={analysis.error.message} data-testid="analysis-error" />
          ))}
        {analysis.isPending && <Spin className="analysis-chart-loading" />}
        {model?.figures && (
          <Flex gap={32} wrap className="analysis-figures">
            {model.figures.map((figure) => (
              <div key={figure.label} className="analysis-figure" data-testid="analysis-figure">
                <Statistic title={figure.label} value={figure.value} />
                {figure.caption && (
                  <Typography.Text
                    type={figure.isWeak ? 'warning' : 'secondary'}
                    className="analysis-figure-caption"
                    data-testid="analysis-figure-caption"
                  >
                    {figure.caption}
                  </Typography.Text>
                )}
              </div>
            ))}
          </Flex>
        )}
        {model && isEmpty && <Empty description={t('page.empty')} />}
        {model && !isEmpty && type !== 'table' && (
          <div data-testid="analysis-chart" data-chart={chart.id} data-type={type}>
            <EChart
              ref={chartRef}
              option={buildChartOption(model, type, {
                palette,
                fontSize: size.fontSize,
                legendPosition: size.legendPosition,
                showLabel: size.showLabel,
                formatCount: labels.count,
              })}
              height={height}
              {...(type === 'map' && model.map ? { extension: model.map.name } : {})}
              {...(type === 'wordCloud' ? { extension: 'wordCloud' as const } : {})}
              onElementClick={(params) => {
                const element = elementOfClick(params);
                if (!element) return;
                if ('publicationNumber' in element)
                  open({ kind: 'patent', publicationNumber: element.publicationNumber });
                else open(model.actionOf(element.seriesIndex, element.categoryIndex));
              }}
            />
          </div>
        )}
        {model && !isEmpty && (type === 'table' || showTable) && table}
        {model && (
          <Typography.Paragraph type="secondary" className="analysis-note">
            {[model.note, t('page.clickHint')].filter(Boolean).join(' · ')}
          </Typography.Paragraph>
        )}
      </Card>
    </div>
  );
}
