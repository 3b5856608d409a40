import type { ReactNode } from 'react';
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RelevanceBand } from '@patlas/contracts';

const COLOURS: Record<RelevanceBand, string> = { high: 'green', medium: 'blue', weak: 'default' };

interface RelevanceBandTagProps {
  /** The calibrated band (contracts relevance-bands.ts). */
  band: RelevanceBand;
  /** The similarity the band was taken from (0–1), told on hover. */
  similarity?: number | undefined;
  /** More to tell on hover (the raw ranking score). */
  detail?: ReactNode;
  testId?: string;
}

/**
 * A semantic hit's calibrated relevance band (高度相关 / 相关 / 弱相关) as a tag, with what it means
 * on hover: a band says how the hit compares with what unrelated patents score, a raw percentage
 * does not (issue 43 item 8).
 */
export function RelevanceBandTag({ band, similarity, detail, testId = 'relevance-band' }: RelevanceBandTagProps) {
  const { t } = useTranslation('common');
  const hint = (
    <>
      {similarity === undefined ? null : (
        <div>{t('relevanceBand.similarity', { similarity: similarity.toFixed(2) })}</div>
      )}
      <div>{t(`relevanceBand.hint.${band}`)}</div>
      {detail ? <div>{detail}</div> : null}
    </>
  );
  return (
    <Tooltip title={hint}>
      <Tag color={COLOURS[band]} className="relevance-band" data-testid={testId} data-band={band}>
        {t(`relevanceBand.${band}`)}
      </Tag>
    </Tooltip>
  );
}
