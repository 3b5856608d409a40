import { Flex, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Alert, AlertSchedule, AlertState } from '@patlas/contracts';

const STATE_COLORS: Record<AlertState, string> = {
  error: 'error',
  notSent: 'default',
  nextSend: 'processing',
  sent: 'success',
};

/** "每周一 08:00", "Monthly on day 15 at 08:00". */
export function useScheduleText(): (schedule: AlertSchedule) => string {
  const { t } = useTranslation('alert');
  return (schedule) =>
    schedule.frequency === 'weekly'
      ? t('schedule.weekly', {
          weekday: t(`weekdays.${String(schedule.weekday ?? 1) as '1'}`),
          time: schedule.time,
        })
      : t('schedule.monthly', { day: schedule.monthDay ?? 1, time: schedule.time });
}

/** Spec 2 §4 sending state (error, not sent, next send, sent), or off; an error tells why. */
export function AlertStateTag({ alert }: { alert: Alert }) {
  const { t } = useTranslation('alert');
  if (!alert.enabled)
    return (
      <Tag data-testid="alert-state" data-state="off">
        {t('states.off')}
      </Tag>
    );
  const tag = (
    <Tag color={STATE_COLORS[alert.state]} data-testid="alert-state" data-state={alert.state}>
      {t(`states.${alert.state}`)}
    </Tag>
  );
  return alert.state === 'error' && alert.lastError ? <Tooltip title={alert.lastError}>{tag}</Tooltip> : tag;
}

/** What an alert watches: its expression, its library, or how many numbers. */
export function AlertContentText({ alert }: { alert: Alert }) {
  const { t } = useTranslation('alert');
  const content = alert.content;
  if (alert.type === 'search')
    return (
      <Typography.Text code ellipsis={{ tooltip: content.expression }} className="alert-content-expression">
        {content.expression}
      </Typography.Text>
    );
  if (alert.type === 'library')
    return content.libraryName ? (
      <Typography.Text>{content.libraryName}</Typography.Text>
    ) : (
      <Typography.Text type="warning">{t('list.libraryGone')}</Typography.Text>
    );
  const numbers = content.publicationNumbers ?? [];
  return (
    <Typography.Text ellipsis={{ tooltip: numbers.join(', ') }}>
      {numbers.length === 1 ? numbers[0] : t('list.patents', { count: numbers.length })}
    </Typography.Text>
  );
}

/**
 * The recipients, each unconfirmed one tagged (issue 41: an address other than the owner's gets
 * alert mails once its holder confirmed it through the mailed link).
 */
export function AlertRecipients({ alert, vertical = false }: { alert: Alert; vertical?: boolean }) {
  const { t } = useTranslation('alert');
  const states = new Map((alert.recipientStates ?? []).map((r) => [r.email, r.state]));
  return (
    <Flex vertical={vertical} wrap gap={vertical ? 0 : 8} className="alert-recipients">
      {alert.recipients.map((email) => (
        <span key={email} data-testid="alert-recipient" data-state={states.get(email) ?? ''}>
          <Typography.Text ellipsis={{ tooltip: email }}>{email}</Typography.Text>
          {states.get(email) === 'pending' && (
            <Tooltip title={t('recipientStates.pendingHint')}>
              <Tag color="warning" className="alert-recipient-pending">
                {t('recipientStates.pending')}
              </Tag>
            </Tooltip>
          )}
        </span>
      ))}
    </Flex>
  );
}
