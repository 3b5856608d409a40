import { useState } from 'react';
import { Button, Tag, Timeline, Typography } from 'antd';
import { ResizableTable as Table } from '../../../components/ui/resizable-table';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { legalStatusLabel, type PatentDetail } from '@patlas/contracts';
import { formatPatentDate } from '../../../utils/format-date';
import { hasLegalData, legalStatusTone, present } from '../patent-view';
import { CnkiLegalSection } from './CnkiLegalSection';
import { EmptyTab } from './EmptyTab';
import { Section } from './Section';
import { listPagination } from '../../../components/ui/pagination';

/** Events shown before "show all". */
const EVENTS_SHOWN = 10;

type Row = Record<string, string | undefined> & { key: string };

const DATE_FIELDS = new Set([
  'filingDate',
  'hearingDate',
  'verdictDate',
  'closingDate',
  'effectiveDate',
  'decisionDate',
]);

type LegalField =
  | 'caseNumber'
  | 'court'
  | 'judge'
  | 'plaintiff'
  | 'defendant'
  | 'filingDate'
  | 'hearingDate'
  | 'verdictDate'
  | 'closingDate'
  | 'damages'
  | 'outcome'
  | 'licensor'
  | 'licensee'
  | 'licenseNumber'
  | 'exclusivity'
  | 'effectiveDate'
  | 'assignor'
  | 'assignee'
  | 'conveyance'
  | 'reelFrame'
  | 'pledgor'
  | 'pledgee'
  | 'pledgeNumber'
  | 'stage'
  | 'requester'
  | 'decisionNumber'
  | 'decisionType'
  | 'decisionDate'
  | 'points';

/** One legal table: only the columns some row fills; none at all when there are no rows. */
function LegalTable({
  title,
  rows,
  fields,
}: {
  title: string;
  rows: readonly object[] | undefined;
  fields: LegalField[];
}) {
  const { t } = useTranslation('patent');
  const data: Row[] = (rows ?? []).map((row, i) => {
    const values = row as Record<string, unknown>;
    const entry: Row = { key: String(i) };
    for (const field of fields) {
      const raw = typeof values[field] === 'string' ? (values[field] as string) : undefined;
      entry[field] = DATE_FIELDS.has(field) ? formatPatentDate(raw) : present(raw);
    }
    return entry;
  });
  const columns: TableColumnsType<Row> = fields
    .filter((field) => data.some((row) => row[field] !== undefined))
    .map((field) => ({ key: field, dataIndex: field, title: t(`legal.${field}`), render: (v?: string) => v ?? null }));
  if (data.length === 0 || columns.length === 0) return null;
  return (
    <Section title={title} extra={<Typography.Text type="secondary">{data.length}</Typography.Text>}>
      <Table<Row>
        size="small"
        bordered
        columns={columns}
        dataSource={data}
        pagination={listPagination({ pageSize: 10, hideOnSinglePage: true })}
      />
    </Section>
  );
}

/** Status, events, litigation, licences, transfers, pledges, reexaminations — each only when present. */
export function LegalTab({ patent }: { patent: PatentDetail }) {
  const { t, i18n } = useTranslation('patent');
  const [isAllEvents, setIsAllEvents] = useState(false);
  if (!hasLegalData(patent)) {
    return (
      <div className="patent-legal">
        <EmptyTab description={t('legal.empty')} />
        <CnkiLegalSection applicationNumber={present(patent.applicationNumber)} />
      </div>
    );
  }
  const status = present(patent.legalStatus);
  const events = (patent.legalEvents ?? [])
    .map((event) => ({
      date: formatPatentDate(event.date),
      code: present(event.code),
      description: present(event.description),
    }))
    .filter((event) => event.date || event.code || event.description)
    .sort((a, b) => (b.date ?? '').localeCompare(a.date ?? ''));
  // EP records carry dozens of events; the newest few tell the story, the rest on demand.
  const shownEvents = isAllEvents ? events : events.slice(0, EVENTS_SHOWN);

  return (
    <div className="patent-legal">
      {status && (
        <Section title={t('legal.status')}>
          <Tag color={legalStatusTone(status)} className="patent-legal-status">
            {legalStatusLabel(status, i18n.language === 'en' ? 'en' : 'zh')}
          </Tag>
        </Section>
      )}
      {events.length > 0 && (
        <Section title={t('legal.events')} extra={<Typography.Text type="secondary">{events.length}</Typography.Text>}>
          <Timeline
            className="patent-legal-timeline"
            items={shownEvents.map((event, i) => ({
              key: i,
              children: (
                <div>
                  {event.date && <Typography.Text strong>{event.date}</Typography.Text>}
                  {event.code && <Tag className="patent-legal-code">{event.code}</Tag>}
                  {event.description && <div>{event.description}</div>}
                </div>
              ),
            }))}
          />
          {events.length > EVENTS_SHOWN && (
            <Button type="link" onClick={() => setIsAllEvents((v) => !v)}>
              {isAllEvents ? t('legal.showLess') : t('legal.showAll', { count: events.length })}
            </Button>
          )}
        </Section>
      )}
      <LegalTable
        title={t('legal.litigations')}
        rows={patent.litigations}
        fields={[
          'caseNumber',
          'court',
          'judge',
          'plaintiff',
          'defendant',
          'filingDate',
          'hearingDate',
          'verdictDate',
          'closingDate',
          'damages',
          'outcome',
        ]}
      />
      <LegalTable
        title={t('legal.licenses')}
        rows={patent.licenses}
        fields={['licensor', 'licensee', 'licenseNumber', 'exclusivity', 'effectiveDate']}
      />
      <LegalTable
        title={t('legal.assignments')}
        rows={patent.assignments}
        fields={['assignor', 'assignee', 'effectiveDate', 'conveyance', 'reelFrame']}
      />
      <LegalTable
        title={t('legal.pledges')}
        rows={patent.pledges}
        fields={['pledgor', 'pledgee', 'pledgeNumber', 'effectiveDate', 'stage']}
      />
      <LegalTable
        title={t('legal.reexaminations')}
        rows={patent.reexaminations}
        fields={['requester', 'decisionNumber', 'decisionType', 'decisionDate', 'points']}
      />
      <CnkiLegalSection applicationNumber={present(patent.applicationNumber)} />
    </div>
  );
}
