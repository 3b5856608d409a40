import { useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { RECORD_TYPES, SearchHistoryEntrySchema, type SemanticSearchResponse } from '@patlas/contracts';
import { useApiContext } from '../../../api/useApiContext';
import { usePersonalSession } from '../../../session/useSession';
import { saveHistory, saveOperateHistory } from '../../../history-recording/api';
import { historyKeys } from '../../../history-recording/queries';
import { buildSemanticEntry, OPERATION_VALUE_MAX } from './semantic-history';

/**
 * Records a new semantic search in the search history and the operation history (spec 1 §4: a
 * search is recorded; IP-login visitors keep no history). Recording never disturbs the search:
 * failures are dropped.
 */
export function useSemanticHistoryRecorder(): (answer: SemanticSearchResponse) => void {
  const { lang, messages } = useApiContext();
  const queryClient = useQueryClient();
  const canRecord = usePersonalSession();
  return useMemo(
    () => (answer: SemanticSearchResponse) => {
      if (!canRecord) return;
      const parsed = SearchHistoryEntrySchema.safeParse(buildSemanticEntry(answer));
      if (!parsed.success) return;
      const entry = parsed.data;
      saveHistory(entry, { lang, messages })
        .then(() => queryClient.invalidateQueries({ queryKey: historyKeys.search }))
        .catch(() => undefined);
      saveOperateHistory(
        {
          recordType: RECORD_TYPES.search,
          title: entry.searchExpression.slice(0, OPERATION_VALUE_MAX),
          ...(entry.router ? { router: entry.router } : {}),
          resultTotal: entry.resultTotal,
          data: { semanticKey: answer.key, query: answer.query },
        },
        { lang, messages },
      )
        .then(() => queryClient.invalidateQueries({ queryKey: historyKeys.operate }))
        .catch(() => undefined);
    },
    [canRecord, lang, messages, queryClient],
  );
}
