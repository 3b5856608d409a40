import { useState } from 'react';
import { App, Button } from 'antd';
import { ClusterOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { MAX_FAMILY_EXPAND_SEEDS, searchEndpoints, type FamilyExpandRequest } from '@patlas/contracts';
import { call } from '../../../api/endpoint-call';
import { useApiContext } from '../../../api/useApiContext';
import { searchResultPath } from '../../../app/paths';
import type { ResultSnapshot } from '../../../history-recording/recording';
import { usePfeHistoryRecording } from '../../../history-recording/useHistoryRecording';
import { resultSetQueryOf, type ResultUrlState } from '../../../search-state/search-url-state';

interface FamilyExpandButtonProps {
  state: ResultUrlState;
  /** The selected publication numbers (kept across pages). */
  selected: readonly string[];
  /** The whole result set is selected: it is expanded by its search. */
  allSelected: boolean;
  /** Hits of the whole set; undefined while loading. */
  total: number | undefined;
  /** The page the expansion is made on (search history, action `pfe`). */
  origin?: ResultSnapshot | undefined;
}

/**
 * 同族扩展 (spec 2 §4, §7, §8): the selected patents, or the whole set when it is selected, expanded
 * to every held member of their simple families, opened on the result page as `PN=(…)` (a deep
 * link). At most MAX_FAMILY_EXPAND_SEEDS patents ("Selected patents cannot exceed {n} entries"); the
 * server also holds the account to its familyExpand quota and answers its message in the user's
 * language. Records the `pfe` history action on the page it was made from.
 */
export function FamilyExpandButton({ state, selected, allSelected, total, origin }: FamilyExpandButtonProps) {
  const { t } = useTranslation('search');
  const { message } = App.useApp();
  const { lang, messages } = useApiContext();
  const navigate = useNavigate();
  const recordPfe = usePfeHistoryRecording();
  const [busy, setBusy] = useState(false);
  const count = allSelected ? (total ?? 0) : selected.length;
  const tooMany = count > MAX_FAMILY_EXPAND_SEEDS;
  const title =
    count === 0
      ? t('familyExpand.selectFirst')
      : tooMany
        ? t('familyExpand.tooMany', { max: MAX_FAMILY_EXPAND_SEEDS })
        : t('familyExpand.title');

  const expand = async () => {
    if (count === 0) return void message.warning(t('familyExpand.selectFirst'));
    if (tooMany) return void message.warning(t('familyExpand.tooMany', { max: MAX_FAMILY_EXPAND_SEEDS }));
    const body: FamilyExpandRequest = allSelected
      ? { resultSet: resultSetQueryOf(state) }
      : { publicationNumbers: [...selected] };
    setBusy(true);
    try {
      const answer = await call(searchEndpoints.familyExpand, { body }, { lang, messages });
      recordPfe(origin, { seeds: count, members: answer.publicationNumbers.length });
      void message.success(t('familyExpand.done', { count: answer.publicationNumbers.length }));
      void navigate(searchResultPath(answer.expression, state.source));
    } catch (error) {
      // The server's message, in the user's language (limit, quota).
      void message.error((error as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button
      size="small"
      icon={<ClusterOutlined />}
      loading={busy}
      // Stays clickable with nothing selected, or too many: the click says why (the title says it too).
      title={title}
      onClick={() => void expand()}
      data-testid="family-expand"
    >
      {t('familyExpand.button')}
    </Button>
  );
}
