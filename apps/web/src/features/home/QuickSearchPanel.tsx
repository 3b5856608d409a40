import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ExpressionEditor } from '../../components/ExpressionEditor/ExpressionEditor';
import { SEARCH_RESULT_PATH } from '../../app/paths';
import { historyActionState } from '../../history-recording/history-actions';
import { defaultResultState, encodeResultState } from '../../search-state/search-url-state';

interface QuickSearchPanelProps {
  /** An expression to start from (e.g. `?q=` or the spec's `expre` on /home). */
  initialExpression?: string;
}

/** The quick search of /home: the expression editor; searching opens the result page. */
export function QuickSearchPanel({ initialExpression = '' }: QuickSearchPanelProps) {
  const navigate = useNavigate();
  const [expression, setExpression] = useState(initialExpression);
  return (
    <ExpressionEditor
      value={expression}
      onChange={setExpression}
      onSubmit={(text) =>
        // Tagged 'search': the result page records it in the search history once its results arrive.
        navigate(`${SEARCH_RESULT_PATH}?${encodeResultState(defaultResultState(text)).toString()}`, {
          state: historyActionState('search', text),
        })
      }
      autoFocus
    />
  );
}
