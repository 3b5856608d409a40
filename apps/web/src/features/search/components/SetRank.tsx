import { Progress, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SearchHitDto } from '@patlas/contracts';

/**
 * A hit's place in a ranked set (a semantic search): the score that ranks the set, as a bar, with
 * its rank. The figure never rises down the set's own order, so what is shown is what ranks.
 */
export function SetRank({ hit }: { hit: SearchHitDto }) {
  const { t } = useTranslation('search');
  if (hit.setRank === undefined || hit.setScore === undefined) return null;
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
