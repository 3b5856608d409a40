import { useState } from 'react';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { numberSearchExpression } from '@patlas/contracts';
import { ExpressionEditor } from '../../components/ExpressionEditor/ExpressionEditor';
import { SEARCH_RESULT_PATH } from '../../app/paths';
import { historyActionState } from '../../history-recording/history-actions';
import { defaultResultState, encodeResultState } from '../../search-state/search-url-state';

interface QuickSearchPanelProps {
  /** An expression to start from (e.g. `?q=` or the spec's `expre` on /home). */
  initialExpression?: string;
}

/**
 * The quick search of /home: the expression editor; searching opens the result page. Text that is
 * only patent or application numbers (one, or a pasted list, in any written form) is searched as
 * numbers: the result page opens on `PN=(…) OR AN=(…)`, which the user sees and can edit (issue 14).
 */
export function QuickSearchPanel({ initialExpression = '' }: QuickSearchPanelProps) {
  const { t } = useTranslation('home');
  const navigate = useNavigate();
  const [expression, setExpression] = useState(initialExpression);
  const asNumbers = numberSearchExpression(expression);
  const search = (text: string) => {
    const query = numberSearchExpression(text) ?? text;
    // Tagged 'search': the result page records it in the search history once its results arrive.
    void navigate(`${SEARCH_RESULT_PATH}?${encodeResultState(defaultResultState(query)).toString()}`, {
      state: historyActionState('search', query),
    });
  };
  return (
    <>
      <ExpressionEditor
        value={expression}
        onChange={setExpression}
        onSubmit={search}
        accepts={(text) => numberSearchExpression(text) !== undefined}
        autoFocus
        nearTerms
        clauseTree={{}}
        recallCheck
      />
      {asNumbers && (
        <Typography.Paragraph type="success" className="home-number-hint" data-testid="quick-number-hint">
          {t('quick.asNumbers')} <Typography.Text code>{asNumbers}</Typography.Text>
        </Typography.Paragraph>
      )}
    </>
  );
}
