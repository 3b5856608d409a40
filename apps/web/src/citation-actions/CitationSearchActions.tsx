import { App, Button, Space, Tooltip } from 'antd';
import { BranchesOutlined, NodeIndexOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  citationEndpoints,
  type CitationSearchDirection,
  type CitationSearchRequest,
  type CitationSearchResponse,
} from '@patlas/contracts';
import { call, type CallOptions } from '../api/endpoint-call';
import { useApiContext } from '../api/useApiContext';
import { setResultPath } from '../search-state/search-url-state';

/** `POST /api/product/search/quote`: stores a citation search and answers its set source. */
export function quoteSearch(body: CitationSearchRequest, options: CallOptions): Promise<CitationSearchResponse> {
  return call(citationEndpoints.quote, { body }, options);
}

interface CitationSearchActionsProps {
  /** The patents whose citing / cited patents are opened (a detail page's one, a selection). */
  numbers: readonly string[];
  size?: 'small' | 'middle';
}

/**
 * "Citing patents" and "Cited patents" of some patents (docs/citation-search.md): asks the server
 * for the citation set and opens it on the result page (filters, sort, analysis and export work
 * there as on any result set; the URL `set=citation:<key>` is a deep link).
 */
export function CitationSearchActions({ numbers, size = 'small' }: CitationSearchActionsProps) {
  const { t } = useTranslation('search');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const api = useApiContext();
  const quote = useMutation({
    mutationFn: (direction: CitationSearchDirection) => quoteSearch({ direction, numbers: [...numbers] }, api),
    onSuccess: (answer) => {
      if (answer.total === 0) {
        void message.info(t(`citationSearch.none.${answer.direction}`));
        return;
      }
      void navigate(setResultPath(answer.set));
    },
    onError: (err) => void message.error(err instanceof Error ? err.message : String(err)),
  });
  const isEmpty = numbers.length === 0;
  const button = (direction: CitationSearchDirection) => (
    <Tooltip title={t(`citationSearch.hint.${direction}`)}>
      <Button
        size={size}
        icon={direction === 'citing' ? <BranchesOutlined /> : <NodeIndexOutlined />}
        disabled={isEmpty}
        loading={quote.isPending && quote.variables === direction}
        onClick={() => quote.mutate(direction)}
        data-testid={`citation-search-${direction}`}
      >
        {t(`citationSearch.action.${direction}`)}
      </Button>
    </Tooltip>
  );
  return (
    <Space size={8}>
      {button('citing')}
      {button('cited')}
    </Space>
  );
}
