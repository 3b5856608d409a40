import { createContext, useContext } from 'react';
import { Progress, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SearchHitDto, SetSource } from '@patlas/contracts';

/** The kind of set the result page lists, if any: a library ranks by list order, not by a score. */
export const SetKindContext = createContext<SetSource['kind'] | undefined>(undefined);

/** The heading of the rank column for the set on screen. */
export function useSetRankColumnTitle(): string {
  const { t } = useTranslation('search');
  const kind = useContext(SetKindContext);
  if (kind === 'alertRun') return t('setRank.alertRunColumn');
  if (kind === 'citation') return t('setRank.citationColumn');
  if (kind === 'importRun') return t('setRank.importRunColumn');
  return kind === 'library' ? t('setRank.libraryColumn') : t('setRank.column');
}

/**
 * A hit's place in a ranked set (a semantic search): the score that ranks the set, as a bar, with
 * its rank. The figure never rises down the set's own order, so what is shown is what ranks.
 */
export function SetRank({ hit }: { hit: SearchHitDto }) {
  const { t } = useTranslation('search');
  const kind = useContext(SetKindContext);
  if (hit.setRank === undefined || hit.setScore === undefined) return null;
  // A library folder's order is the order of collecting, an alert run's its report order (new
  // first), a citation set's the most linked first: a position, no score to show.
  if (kind === 'library' || kind === 'alertRun' || kind === 'citation' || kind === 'importRun')
    return (
      <span className="set-rank" data-testid="set-rank">
        <span className="set-rank-number">{t('setRank.position', { rank: hit.setRank })}</span>
      </span>
    );
  const percent = Math.round(hit.setScore * 100);
  return (
    <Tooltip title={t('setRank.hint', { rank: hit.setRank, percent })}>
      <span className="set-rank" data-testid="set-rank" aria-label={t('setRank.label', { rank: hit.setRank, percent })}>
        <span className="set-rank-number">{t('setRank.rank', { rank: hit.setRank })}</span>
        <Progress
          percent={percent}
          size="small"
          showInfo
          format={(value) => `${value ?? 0}%`}
          className="set-rank-bar"
        />
      </span>
    </Tooltip>
  );
}
