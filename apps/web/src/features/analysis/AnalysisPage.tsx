import { useCallback, useState } from 'react';
import { Button, Card, Empty, Flex, Layout, Space, Switch, Tag, Tooltip, Typography } from 'antd';
import { ArrowLeftOutlined, FolderOpenOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { describeSource, type SavedChart } from '@patlas/contracts';
import { CustomChartsDrawer } from './chart-settings/CustomChartsDrawer';
import { useCanSaveChartSettings } from './chart-settings/queries';
import { formatTotal } from '../../search-state/format-total';
import { useHitLabels } from '../../search-state/useHitLabels';
import { CHARTS, chartById, DEFAULT_CHART_ID, type ChartDefinition } from './catalogue';
import { isViewType, type ViewType } from './chart-model';
import { ChartCatalogue } from './components/ChartCatalogue';
import { ChartPanel } from './components/ChartPanel';
import { WordMergePanel } from './components/WordMergePanel';
import { analysisPath, decodeAnalysisState, resultPagePath } from '../../search-state/analysis-url-state';
import { useAnalysisRecording } from './useAnalysisRecording';
import { useFilterFieldLabel } from '../../search-state/useFilterFieldLabel';
import './analysis.css';

/**
 * The analysis dashboard of a result set (/innovationSpace/searchResult/analysis). The URL holds
 * the set and the chart (paths.ts), so reload and shared links reopen the same chart.
 */
export function AnalysisPage() {
  const { t, i18n } = useTranslation('analysis');
  const { t: ts } = useTranslation('search');
  const [searchParams, setSearchParams] = useSearchParams();
  const state = decodeAnalysisState(searchParams);
  const { resultSet } = state;
  const chart: ChartDefinition = chartById(state.chart) ?? (chartById(DEFAULT_CHART_ID) as ChartDefinition);
  const type: ViewType =
    isViewType(state.type) && chart.types.includes(state.type) ? state.type : (chart.types[0] as ViewType);
  const hit = useHitLabels();
  const fieldLabel = useFilterFieldLabel();
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const route = analysisPath({ resultSet, chart: chart.id });
  const record = useAnalysisRecording(route, t(`charts.${chart.id}` as 'charts.applicantRank'), resultSet.searchExpre);
  // The set's total comes with every chart's answer.
  const [total, setTotal] = useState<number>();
  const [chartsOpen, setChartsOpen] = useState(false);
  const canSaveCharts = useCanSaveChartSettings();
  const navigate = useNavigate();
  // A saved chart is its request: reopen the dashboard on that set, chart and view.
  const openSaved = (saved: SavedChart) => {
    const { analysis: _analysis, ...set } = saved.request;
    setChartsOpen(false);
    const savedChart = chartById(saved.chartKey);
    const view =
      savedChart && isViewType(saved.chartType) && savedChart.types.includes(saved.chartType)
        ? saved.chartType
        : undefined;
    navigate(analysisPath({ resultSet: set, chart: saved.chartKey, ...(view ? { type: view } : {}) }));
  };
  const onLoaded = useCallback(
    (answered: number) => {
      setTotal(answered);
      record(answered);
    },
    [record],
  );

  const go = (chartId: string, nextType?: ViewType) => {
    const next = new URLSearchParams(searchParams);
    next.delete('jumpAnalysisName');
    next.set('chart', chartId);
    if (nextType) next.set('type', nextType);
    else next.delete('type');
    setSearchParams(next);
  };

  if (!resultSet.searchExpre.trim() && !resultSet.set) {
    return (
      <Card className="analysis-page">
        <Empty description={t('page.noExpression')} />
      </Card>
    );
  }

  return (
    <div className="analysis-page">
      <Card size="small" className="analysis-header">
        <Flex justify="space-between" align="start" gap={16} wrap>
          <Space orientation="vertical" size={4} className="analysis-set">
            {/* A ranked set (a semantic search) is named by its kind; the expression, if any, applies within it. */}
            {resultSet.set && (
              <Tag color="geekblue" data-testid="analysis-set">
                {ts(`set.${resultSet.set.kind}.kind`)}
              </Tag>
            )}
            {resultSet.searchExpre.trim() && (
              <Typography.Text strong className="analysis-expression" data-testid="analysis-expression">
                {resultSet.searchExpre}
              </Typography.Text>
            )}
            <Flex wrap gap={4}>
              {total !== undefined && (
                <Typography.Text data-testid="analysis-total">
                  {t('page.total', { total: formatTotal(total, lang) })}
                </Typography.Text>
              )}
              {resultSet.secondExpre && (
                <Tag color="blue">{t('page.within', { expression: resultSet.secondExpre })}</Tag>
              )}
              {resultSet.mergeType ? (
                <Tag>{t('page.merge', { merge: ts(`merge.${resultSet.mergeType}` as 'merge.0') })}</Tag>
              ) : null}
              {resultSet.source && (
                <Tag>
                  {resultSet.source === 'cn' || resultSet.source === 'uncn'
                    ? ts(`scope.${resultSet.source}`)
                    : (describeSource(resultSet.source, lang) ?? resultSet.source)}
                </Tag>
              )}
              {(resultSet.filters ?? []).flatMap((filter, index) =>
                filter.values.map((value) => (
                  <Tag key={`${index}:${filter.field}:${value}`}>
                    {fieldLabel(filter.field)}:{' '}
                    {filter.field === 'patentType' || filter.field === 'country'
                      ? hit.facetValue(filter.field, value)
                      : value}
                  </Tag>
                )),
              )}
            </Flex>
          </Space>
          <Space>
            <Tooltip title={t('page.mergeApplicantsHint')}>
              <label className="analysis-merge-applicants">
                <Switch
                  size="small"
                  checked={resultSet.mergeApplicants !== false}
                  aria-label={t('page.mergeApplicants')}
                  data-testid="analysis-merge-applicants"
                  onChange={(checked) => {
                    const next = new URLSearchParams(searchParams);
                    if (checked) next.delete('names');
                    else next.set('names', 'written');
                    setSearchParams(next);
                  }}
                />{' '}
                {t('page.mergeApplicants')}
              </label>
            </Tooltip>
            {canSaveCharts && (
              <Button icon={<FolderOpenOutlined />} onClick={() => setChartsOpen(true)} data-testid="my-charts">
                {t('actions.myCharts')}
              </Button>
            )}
            <Link to={resultPagePath(resultSet)}>
              <ArrowLeftOutlined /> {t('actions.backToResults')}
            </Link>
          </Space>
        </Flex>
        {canSaveCharts && (
          <CustomChartsDrawer open={chartsOpen} onClose={() => setChartsOpen(false)} onOpen={openSaved} />
        )}
      </Card>
      <Layout className="analysis-layout" hasSider>
        <Layout.Sider width={220} theme="light" className="analysis-sider" breakpoint="lg" collapsedWidth={0}>
          <ChartCatalogue charts={CHARTS} selected={chart.id} onSelect={(id) => go(id)} />
        </Layout.Sider>
        <Layout.Content className="analysis-content">
          <ChartPanel
            key={chart.id}
            chart={chart}
            resultSet={resultSet}
            type={type}
            onTypeChange={(next) => go(chart.id, next === chart.types[0] ? undefined : next)}
            onLoaded={onLoaded}
          />
          {(chart.request.kind === 'wordCloud' || chart.request.kind === 'clustering') && (
            <WordMergePanel key={`merge:${chart.id}`} resultSet={resultSet} request={chart.request} />
          )}
        </Layout.Content>
      </Layout>
    </div>
  );
}
