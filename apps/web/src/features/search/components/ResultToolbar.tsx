import { useState, type ReactNode } from 'react';
import { Button, Flex, Input, Select, Switch, Tooltip } from 'antd';
import { BarChartOutlined } from '@ant-design/icons';
import { formatCount } from '../../../utils/format-count';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MAX_READING_MARKS, RESULT_PAGE_SIZES, type Language } from '@patlas/contracts';
import { checkExpression } from '../../../components/ExpressionEditor/useExpressionValidation';
import { analysisPath, resultSetOf } from '../../../search-state/analysis-url-state';
import { decodeSort, encodeSort, type MergeType, type ResultUrlState } from '../../../search-state/search-url-state';
import { SourceSelector } from './SourceSelector';

/** Sort choices (issue: relevance, dates asc/desc, cited by, family size; issue 21: value). */
const SORT_OPTIONS = [
  'relevance',
  'AD.desc',
  'AD.asc',
  'PD.desc',
  'PD.asc',
  'GD.desc',
  'GD.asc',
  'PRD.desc',
  'PRD.asc',
  'citedBy.desc',
  'familySize.desc',
  'value.desc',
] as const;

interface ResultToolbarProps {
  state: ResultUrlState;
  lang: Language;
  onChange: (patch: Partial<ResultUrlState>) => void;
  /** A translation service is set: the cross-language switch is offered (issue 43). */
  crossLanguage?: boolean;
  /** More buttons at the end (the history drawer). */
  extra?: ReactNode;
  /** "Unread only" (reading marks) switched; absent: no switch (IP visitors keep no marks). */
  onUnreadOnly?: ((unreadOnly: boolean) => void) | undefined;
}

/** Search within results, sort, merge, scope and page size. */
export function ResultToolbar({
  state,
  lang,
  onChange,
  crossLanguage = false,
  extra,
  onUnreadOnly,
}: ResultToolbarProps) {
  const { t } = useTranslation('search');
  const { t: ta } = useTranslation('analysis');
  const [second, setSecond] = useState(state.second ?? '');
  const [lastSecond, setLastSecond] = useState(state.second);
  // The URL is the source of truth: back/forward or a new search resets the box.
  if (lastSecond !== state.second) {
    setLastSecond(state.second);
    setSecond(state.second ?? '');
  }
  const secondProblem = checkExpression(second, lang);

  return (
    // Two rows at most (issue 43: three at 1,440 px): what narrows or orders the list, then what is
    // done with it.
    <Flex vertical gap={8} className="result-toolbar">
      <Flex gap={8} align="center" className="result-toolbar-row">
        <Tooltip title={secondProblem?.message} open={secondProblem ? undefined : false} color="red">
          <Input.Search
            className="result-second"
            allowClear
            value={second}
            status={secondProblem ? 'error' : undefined}
            placeholder={t('toolbar.secondPlaceholder')}
            aria-label={t('toolbar.second')}
            enterButton={t('toolbar.second')}
            onChange={(e) => setSecond(e.target.value)}
            onSearch={(text, _event, info) => {
              const trimmed = text.trim();
              if (info?.source === 'clear' || !trimmed) {
                if (state.second) onChange({ second: undefined });
                return;
              }
              if (!checkExpression(trimmed, lang)) onChange({ second: trimmed });
            }}
          />
        </Tooltip>
        <Select
          className="result-sort"
          aria-label={t('toolbar.sort')}
          value={encodeSort(state.sort)}
          options={SORT_OPTIONS.map((value) => ({
            value,
            // A ranked set's own order is its rank (a semantic search: by similarity).
            label:
              value === 'relevance' && state.set
                ? t(`set.${state.set.kind}.sort`)
                : t(`sort.${value.replace('.', '_') as 'relevance'}`),
          }))}
          onChange={(value: string) => onChange({ sort: decodeSort(value) })}
          popupMatchSelectWidth={false}
          // Twelve orders, all in view at once: no scrolling, and no virtual list re-rendering under the pointer.
          virtual={false}
          listHeight={12 * 32 + 8}
        />
        <Select
          className="result-merge"
          aria-label={t('toolbar.merge')}
          value={state.mergeType}
          options={([0, 1, 2] as const).map((value) => ({ value, label: t(`merge.${value}`) }))}
          onChange={(value: MergeType) => onChange({ mergeType: value })}
          popupMatchSelectWidth={false}
        />
        <SourceSelector value={state.source} onChange={(source) => onChange({ source })} />
        <Select
          className="result-size"
          aria-label={t('toolbar.pageSize')}
          value={state.pageSize}
          options={RESULT_PAGE_SIZES.map((value) => ({ value, label: t('toolbar.perPage', { count: value }) }))}
          onChange={(value: number) => onChange({ pageSize: value })}
        />
        {crossLanguage && (
          <Tooltip title={t('toolbar.crossLanguageHint')}>
            <Flex gap={4} align="center" className="result-cross-language">
              <Switch
                size="small"
                checked={state.crossLanguage === true}
                onChange={(checked) => onChange({ crossLanguage: checked })}
                aria-label={t('toolbar.crossLanguage')}
                data-testid="cross-language-switch"
              />
              <span aria-hidden>{t('toolbar.crossLanguage')}</span>
            </Flex>
          </Tooltip>
        )}
      </Flex>
      <Flex gap={8} align="center" wrap className="result-toolbar-row result-toolbar-actions">
        {/* Analyse this result set (issue 6): the dashboard opens on the same set. */}
        <Link to={analysisPath({ resultSet: resultSetOf(state) })}>
          <Button icon={<BarChartOutlined />} data-testid="analyse-button">
            {ta('actions.analyse')}
          </Button>
        </Link>
        {onUnreadOnly && (
          <Tooltip title={t('toolbar.unreadOnlyHint', { limit: formatCount(MAX_READING_MARKS, lang) })}>
            <Flex gap={4} align="center" className="result-unread-only">
              <Switch
                size="small"
                checked={state.unreadOnly === true}
                onChange={onUnreadOnly}
                aria-label={t('toolbar.unreadOnly')}
                data-testid="unread-only-switch"
              />
              <span aria-hidden>{t('toolbar.unreadOnly')}</span>
            </Flex>
          </Tooltip>
        )}
        {extra}
      </Flex>
    </Flex>
  );
}
