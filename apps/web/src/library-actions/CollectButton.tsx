import './library-actions.css';
import { useState } from 'react';
import { Button } from 'antd';
import { StarOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { MAX_COLLECT_PATENTS } from '@patlas/contracts';
import type { ResultSnapshot } from '../history-recording/recording';
import { resultSetQueryOf, type ResultUrlState } from '../search-state/search-url-state';
import type { CollectTarget } from './CollectDialog';
import { CollectDialog } from './lazy-collect-dialog';

interface CollectResultsButtonProps {
  state: ResultUrlState;
  /** The selected publication numbers (kept across pages). */
  selected: readonly string[];
  /** The whole result set is selected (issue 43): the selection is collected by the search. */
  allSelected?: boolean;
  /** Hits of the whole set; undefined while loading. */
  total: number | undefined;
  /** The page the collect is made on, for search history. */
  origin?: ResultSnapshot;
}

const LIMIT = MAX_COLLECT_PATENTS.toLocaleString('en-US');

/**
 * The result page's 收藏: the selected patents, or the whole result set (at most 30,000 patents:
 * a larger set is narrowed first), into folders chosen in the collect dialog.
 */
export function CollectResultsButton({
  state,
  selected,
  allSelected = false,
  total,
  origin,
}: CollectResultsButtonProps) {
  const { t, i18n } = useTranslation('library');
  const [target, setTarget] = useState<CollectTarget>();
  const locale = i18n.language === 'en' ? 'en-US' : 'zh-CN';
  const hasTotal = total !== undefined && total > 0;
  const isAll = allSelected && hasTotal;
  const collectSet = () => hasTotal && setTarget({ kind: 'set', resultSet: resultSetQueryOf(state), total });
  return (
    <>
      <Button
        size="small"
        icon={<StarOutlined />}
        disabled={!isAll && selected.length === 0}
        // The whole set selected: collected by its search, as "collect all" does.
        onClick={() => (isAll ? collectSet() : setTarget({ kind: 'numbers', publicationNumbers: [...selected] }))}
        onMouseEnter={CollectDialog.preload}
        onFocus={CollectDialog.preload}
        data-testid="collect-selected"
      >
        {t('collect.selected', { count: isAll ? total : selected.length })}
      </Button>
      <Button
        size="small"
        disabled={!hasTotal}
        title={hasTotal && total > MAX_COLLECT_PATENTS ? t('collect.limit', { max: LIMIT }) : undefined}
        onClick={collectSet}
        onMouseEnter={CollectDialog.preload}
        onFocus={CollectDialog.preload}
        data-testid="collect-all"
      >
        {t('collect.all', { count: total ?? 0, total: (total ?? 0).toLocaleString(locale) })}
      </Button>
      <CollectDialog target={target} onClose={() => setTarget(undefined)} origin={origin} />
    </>
  );
}

/** 收藏 of one patent (the detail page). */
export function CollectPatentButton({ publicationNumber }: { publicationNumber: string }) {
  const { t } = useTranslation('library');
  const [target, setTarget] = useState<CollectTarget>();
  return (
    <>
      <Button
        size="small"
        icon={<StarOutlined />}
        onClick={() => setTarget({ kind: 'numbers', publicationNumbers: [publicationNumber] })}
        onMouseEnter={CollectDialog.preload}
        onFocus={CollectDialog.preload}
        data-testid="collect-patent-button"
      >
        {t('collect.one')}
      </Button>
      <CollectDialog target={target} onClose={() => setTarget(undefined)} />
    </>
  );
}
