import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

/** Score bands of the tag's colour: the top fifth of the scale green, the bottom two fifths grey. */
function colourOf(score: number): string {
  if (score >= 80) return 'green';
  if (score >= 60) return 'blue';
  if (score >= 40) return 'gold';
  return 'default';
}

interface ValueScoreTagProps {
  /** 0–100 (docs/patent-value.md). */
  score: number;
  /** Show the word "value" before the number (a result card, where no column header says it). */
  withLabel?: boolean;
}

/** A patent's value score as a coloured tag, with what it means on hover. */
export function ValueScoreTag({ score, withLabel = false }: ValueScoreTagProps) {
  const { t } = useTranslation('common');
  const text = score.toFixed(1);
  return (
    <Tooltip title={t('valueScore.hint', { score: text })}>
      <Tag color={colourOf(score)} className="value-score-tag">
        {withLabel ? `${t('valueScore.label')} ${text}` : text}
      </Tag>
    </Tooltip>
  );
}
