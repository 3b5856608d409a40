import { Flex, Typography } from 'antd';
import { ResizableTable as Table } from '../../../components/ui/resizable-table';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Citation, PatentDetail } from '@patlas/contracts';
import { PatentNumber } from '../../../components/PatentNumber';
import { CitationSearchActions } from '../../../citation-actions/CitationSearchActions';
import { ExportCitationsButton } from '../../../export-actions/ExportButton';
import { formatPatentDate } from '../../../utils/format-date';
import {
  citationCategory,
  citationNumber,
  heldCitation,
  isKnownCategory,
  present,
  shownText,
  statedCounts,
} from '../patent-view';
import { EmptyTab } from './EmptyTab';
import { Section } from './Section';
import { listPagination } from '../../../components/ui/pagination';

interface CitationRow {
  key: string;
  number: string;
  heldAs?: string;
  title?: string;
  date?: string;
  category?: string;
  applicant?: string;
  text?: string;
}

function CitationTable({ rows }: { rows: CitationRow[] }) {
  const { t } = useTranslation('patent');
  const columns: TableColumnsType<CitationRow> = [
    {
      key: 'number',
      title: t('citations.number'),
      width: 200,
      render: (_, row) => (row.number ? <PatentNumber number={row.number} heldAs={row.heldAs} /> : null),
    },
  ];
  if (rows.some((row) => row.number)) {
    columns.push({
      key: 'title',
      title: t('citations.title'),
      render: (_, row) => {
        if (row.title) return row.title;
        // A patent number the database does not hold: say so where its title would be.
        if (row.number && !row.heldAs)
          return <Typography.Text type="secondary">{t('citations.notHeld')}</Typography.Text>;
        return null;
      },
    });
  }
  if (rows.some((row) => row.applicant)) {
    columns.push({
      key: 'applicant',
      title: t('citations.applicant'),
      dataIndex: 'applicant',
      width: 220,
      render: (v?: string) => v ?? null,
    });
  }
  columns.push({
    key: 'date',
    title: t('citations.date'),
    dataIndex: 'date',
    width: 120,
    render: (v?: string) => v ?? null,
  });
  if (rows.some((row) => row.category)) {
    columns.push({
      key: 'category',
      title: t('citations.category'),
      dataIndex: 'category',
      width: 180,
      render: (v?: string) => v ?? null,
    });
  }
  if (rows.some((row) => row.text)) {
    columns.push({ key: 'text', title: t('citations.text'), dataIndex: 'text', render: (v?: string) => v ?? null });
  }
  return (
    <Table<CitationRow>
      size="small"
      bordered
      columns={columns}
      dataSource={rows}
      pagination={listPagination({ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false })}
    />
  );
}

/** A count the source states without listing the patents. */
function StatedCount({ count }: { count: number }) {
  const { t } = useTranslation('patent');
  return (
    <Typography.Text type="secondary" className="patent-stated-count">
      {t('citations.count', { count })} {t('stated.countOnly')}
    </Typography.Text>
  );
}

/**
 * Backward citations (what this patent cites) and forward ones (who cites it): number, title,
 * applicant and date, the number a link when the database holds the patent ("not in this
 * database" otherwise). A source that states counts without the lists shows the counts.
 */
export function CitationsTab({ patent }: { patent: PatentDetail }) {
  const { t, i18n } = useTranslation('patent');
  const toRows = (citations: readonly Citation[] | undefined, prefix: string): CitationRow[] =>
    (citations ?? [])
      .filter((c) => present(c.number) || present(c.text))
      .map((c, i) => {
        const category = citationCategory(c.category);
        const isPatent = Boolean(present(c.number));
        const row: CitationRow = { key: `${prefix}-${i}`, number: isPatent ? citationNumber(c) : '' };
        const heldAs = isPatent ? heldCitation(patent.held, c) : undefined;
        const described = heldAs ? patent.referenced?.[heldAs] : undefined;
        const date = formatPatentDate(c.date) ?? formatPatentDate(described?.date);
        const text = present(c.text);
        const applicant = present(c.applicant) ?? present(described?.applicant);
        const title = shownText(described?.title, i18n.language).original;
        if (applicant) row.applicant = applicant;
        if (heldAs) row.heldAs = heldAs;
        if (title) row.title = title;
        if (date) row.date = date;
        if (category) row.category = isKnownCategory(category) ? t(`citations.categoryValue.${category}`) : category;
        if (text) row.text = text;
        return row;
      });
  const backward = toRows(patent.citations, 'b');
  const forward = toRows(patent.citedBy, 'f');
  const stated = statedCounts(patent);
  const statedBackward = backward.length === 0 ? stated.citations : undefined;
  const statedForward = forward.length === 0 ? stated.citedBy : undefined;
  if (backward.length === 0 && forward.length === 0 && !statedBackward && !statedForward) {
    return <EmptyTab description={t('citations.empty')} />;
  }
  const count = (n: number) => <Typography.Text type="secondary">{t('citations.count', { count: n })}</Typography.Text>;
  const title = patent.title?.text ?? patent.publicationNumber;
  return (
    <div className="patent-citations">
      <Flex justify="end" gap={8} className="patent-citations-actions">
        <CitationSearchActions numbers={[patent.publicationNumber]} />
        <ExportCitationsButton publicationNumber={patent.publicationNumber} title={title} />
      </Flex>
      <Section
        title={t('citations.backward')}
        extra={statedBackward ? <StatedCount count={statedBackward} /> : count(backward.length)}
      >
        {backward.length > 0 ? (
          <CitationTable rows={backward} />
        ) : (
          <Typography.Text type="secondary">
            {statedBackward ? t('stated.noList') : t('citations.emptyBackward')}
          </Typography.Text>
        )}
      </Section>
      <Section
        title={t('citations.forward')}
        extra={statedForward ? <StatedCount count={statedForward} /> : count(forward.length)}
      >
        {forward.length > 0 ? (
          <CitationTable rows={forward} />
        ) : (
          <Typography.Text type="secondary">
            {statedForward ? t('stated.noList') : t('citations.emptyForward')}
          </Typography.Text>
        )}
      </Section>
    </div>
  );
}
