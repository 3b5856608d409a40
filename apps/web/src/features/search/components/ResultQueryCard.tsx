import { Card, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { codeSearchOf, type Language, type SearchQueryResponse } from '@patlas/contracts';
import { ExpressionEditor } from '../../../components/ExpressionEditor/ExpressionEditor';
import type { ExpressionProblem } from '../../../components/ExpressionEditor/useExpressionValidation';
import { formatTotal } from '../../../search-state/format-total';
import type { ResultUrlState } from '../../../search-state/search-url-state';
import { SetSourceSummary } from './SetSourceSummary';

interface ResultQueryCardProps {
  state: ResultUrlState;
  data: SearchQueryResponse | undefined;
  lang: Language;
  /** The expression being edited. */
  draft: string;
  onDraft: (text: string) => void;
  onSearch: (expression: string) => void;
  onClearSecond: () => void;
  /** The server's answer about the expression itself, shown in the editor. */
  problem: ExpressionProblem | undefined;
  isSearching: boolean;
}

/** The top of the result page: the expression (or the ranked set), the total, the time taken and the search within. */
export function ResultQueryCard(props: ResultQueryCardProps) {
  const { state, data, lang, draft, onDraft, onSearch, onClearSecond, problem, isSearching } = props;
  const { t } = useTranslation('search');
  return (
    <Card size="small" className="results-query">
      {/* A ranked set (a semantic search) says what it is; an expression can be edited. */}
      {state.set ? (
        <SetSourceSummary source={state.set} summary={data?.set} total={data?.total} lang={lang} />
      ) : (
        <ExpressionEditor
          value={draft}
          onChange={onDraft}
          onSubmit={onSearch}
          // Numbers or class symbols, one or a pasted list: the server searches them as such (issue 43).
          accepts={(text) => codeSearchOf(text) !== undefined}
          serverProblem={draft === state.expression ? problem : undefined}
          isSearching={isSearching}
          rows={2}
          extractKeywords
          clauseTree={{ source: state.source }}
          recallCheck
        />
      )}
      <Flex gap={16} align="baseline" wrap className="results-summary" aria-live="polite">
        {data && !problem && (
          <>
            {!state.set && (
              <Typography.Text data-testid="result-total">
                {t('results.total', { total: formatTotal(data.total, lang), count: data.total })}
              </Typography.Text>
            )}
            <Typography.Text type="secondary">{t('results.took', { ms: Math.round(data.tookMs) })}</Typography.Text>
          </>
        )}
        {state.second && (
          <Tag closable onClose={onClearSecond} color="blue">
            {t('results.within', { expression: state.second })}
          </Tag>
        )}
      </Flex>
    </Card>
  );
}
