import { Alert, Space, Spin, Tag, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { legalStatusLabel } from '@patlas/contracts';
import { ApiError } from '../../../api/client';
import { formatPatentDate } from '../../../utils/format-date';
import { legalStatusTone, present } from '../patent-view';
import { useApplicationLegalHistory } from '../queries';
import { Section } from './Section';

/**
 * The CNKI legal status (`/legal/cnki`): the status and events of the whole application, over all
 * of its stored publications (the A and the B of a CN grant tell one story), beside the record's own.
 */
export function CnkiLegalSection({ applicationNumber }: { applicationNumber: string | undefined }) {
  const { t, i18n } = useTranslation('patent');
  const history = useApplicationLegalHistory(applicationNumber);
  if (!applicationNumber) return null;
  const title = t('legal.cnki.title');
  if (history.isPending) {
    return (
      <Section title={title}>
        <Spin size="small" />
      </Section>
    );
  }
  if (history.isError) {
    const notHeld = history.error instanceof ApiError && history.error.code === 'LEGAL_APPLICATION_NOT_FOUND';
    return (
      <Section title={title}>
        <Alert type={notHeld ? 'info' : 'warning'} showIcon title={history.error.message} />
      </Section>
    );
  }
  const { legalStatus, legalEvents, publicationNumbers } = history.data;
  const status = present(legalStatus);
  const events = legalEvents
    .map((event) => ({
      date: formatPatentDate(event.date),
      code: present(event.code),
      description: present(event.description),
    }))
    .filter((event) => event.date || event.code || event.description);
  return (
    <Section
      title={title}
      extra={
        <Typography.Text type="secondary">
          {t('legal.cnki.application', { number: history.data.applicationNumber })}
        </Typography.Text>
      }
    >
      <div className="patent-legal-cnki" data-testid="legal-cnki">
        <Space wrap size={[8, 8]}>
          <Typography.Text>{t('legal.cnki.status')}</Typography.Text>
          {status ? (
            <Tag color={legalStatusTone(status)}>{legalStatusLabel(status, i18n.language === 'en' ? 'en' : 'zh')}</Tag>
          ) : (
            <Typography.Text type="secondary">{t('legal.cnki.noStatus')}</Typography.Text>
          )}
          {publicationNumbers.length > 0 && (
            <Typography.Text type="secondary">
              {t('legal.cnki.publications', { numbers: publicationNumbers.join(', ') })}
            </Typography.Text>
          )}
        </Space>
        {events.length > 0 ? (
          <Timeline
            className="patent-legal-timeline"
            items={events.map((event, i) => ({
              key: i,
              content: (
                <div>
                  {event.date && <Typography.Text strong>{event.date}</Typography.Text>}
                  {event.code && <Tag className="patent-legal-code">{event.code}</Tag>}
                  {event.description && <div>{event.description}</div>}
                </div>
              ),
            }))}
          />
        ) : (
          <Typography.Paragraph type="secondary">{t('legal.cnki.noEvents')}</Typography.Paragraph>
        )}
      </div>
    </Section>
  );
}
