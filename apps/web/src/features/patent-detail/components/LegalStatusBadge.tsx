import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { legalStatusLabel, type CurrentLegalStatus } from '@patlas/contracts';
import { isLanguage } from '../../../i18n';
import { formatPatentDate } from '../../../utils/format-date';
import { legalStatusTone, type StatusTone } from '../patent-view';

const TONE: Record<CurrentLegalStatus['code'], StatusTone | 'cyan'> = {
  active: 'success',
  granted: 'cyan',
  pending: 'processing',
  published: 'processing',
  inactive: 'error',
  other: 'default',
};

type BasisKey = 'source' | `${Exclude<CurrentLegalStatus['basis'], 'source'>}${'Ended' | 'Granted' | 'Published'}`;

/** The tooltip saying how the status is known (the server only combines these). */
function basisKey(status: CurrentLegalStatus): BasisKey {
  if (status.basis === 'source') return 'source';
  const outcome = status.code === 'inactive' ? 'Ended' : status.code === 'granted' ? 'Granted' : 'Published';
  return `${status.basis}${outcome}`;
}

/**
 * The current legal status beside a number: the source's wording when it states one (in English
 * in English: legalStatusLabel), otherwise
 * the status the server worked out from dates or kind, with its basis in the tooltip (a lapse
 * counted from the statutory term is marked as estimated).
 */
export function LegalStatusBadge({
  status,
  sourceText,
  kind,
}: {
  status: CurrentLegalStatus | undefined;
  /** The record's legalStatus, for a server answer without currentStatus. */
  sourceText?: string | undefined;
  kind?: string | undefined;
}) {
  const { t, i18n } = useTranslation('patent');
  const lang = isLanguage(i18n.language) ? i18n.language : 'zh';
  if (!status) {
    const text = sourceText?.trim();
    if (!text) return null;
    return (
      <Tag color={legalStatusTone(text)} className="patent-status-badge" aria-label={t('field.legalStatus')}>
        {legalStatusLabel(text, lang)}
      </Tag>
    );
  }
  const isStated = status.basis === 'source';
  // Only a lapse worked out from the statutory term is an estimate; grant and publication are facts.
  const isEstimate = status.basis === 'term' && status.code === 'inactive';
  const label = isStated && status.text ? legalStatusLabel(status.text, lang) : t(`status.code.${status.code}`);
  const date = formatPatentDate(status.date) ?? '';
  const basis = t(`status.basis.${basisKey(status)}`, { date, kind: kind ?? '' });
  return (
    <Tooltip title={basis}>
      <Tag
        color={TONE[status.code]}
        className="patent-status-badge"
        aria-label={t('field.legalStatus')}
        data-basis={status.basis}
      >
        {label}
        {isEstimate && <span className="patent-status-estimated">{t('status.estimated')}</span>}
      </Tag>
    </Tooltip>
  );
}
