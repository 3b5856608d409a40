import { createContext, useContext } from 'react';
import { Progress, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SearchHitDto, SetSource } from '@patlas/contracts';
import { RelevanceBandTag } from '../../../components/RelevanceBandTag';

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

/** Sets ranked by a rank fusion (semantic search, a pre-evaluation's prior art): its score says nothing of strength. */
const FUSED_KINDS: readonly (SetSource['kind'] | undefined)[] = ['semantic', 'preEvaluation'];

/**
 * A hit's place in a ranked set. A semantic set (or a pre-evaluation's prior art) shows the rank and
 * the calibrated band of the hit's similarity (高度相关 / 相关 / 弱相关, contracts relevance-bands.ts);
 * its ranking score is a rank fusion whose first hit is near 100% however weak it is, so it is told
 * only on hover (issue 43 item 8). A duplicate check's similarity is shown as a bar.
 */
export function SetRank({ hit }: { hit: SearchHitDto }) {
  const { t } = useTranslation('search');
  const { t: tc } = useTranslation('common');
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
  if (hit.setBand || FUSED_KINDS.includes(kind)) {
    const band = hit.setBand;
    return (
      <span
        className="set-rank"
        data-testid="set-rank"
        aria-label={
          band
            ? t('setRank.label', { rank: hit.setRank, band: tc(`relevanceBand.${band}`) })
            : t('setRank.labelUncalibrated', { rank: hit.setRank })
        }
      >
        <Tooltip title={t('setRank.hint', { percent })}>
          <span className="set-rank-number">{t('setRank.rank', { rank: hit.setRank })}</span>
        </Tooltip>
        {band ? (
          <RelevanceBandTag band={band} similarity={hit.setSimilarity} detail={t('setRank.hint', { percent })} />
        ) : null}
      </span>
    );
  }
  return (
    <Tooltip title={t('setRank.hint', { percent })}>
      <span
        className="set-rank"
        data-testid="set-rank"
        aria-label={t('setRank.labelUncalibrated', { rank: hit.setRank })}
      >
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
