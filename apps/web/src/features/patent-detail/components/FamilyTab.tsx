import { Flex, Tag, Typography } from 'antd';
import { ResizableTable as Table } from '../../../components/ui/resizable-table';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FamilyMember, PatentDetail } from '@patlas/contracts';
import { PatentNumber } from '../../../components/PatentNumber';
import { formatPatentDate } from '../../../utils/format-date';
import { heldNumber, kindOf, present, presentList, shownText, statedCounts } from '../patent-view';
import { EmptyTab } from './EmptyTab';
import { LegalStatusBadge } from './LegalStatusBadge';
import { Section } from './Section';
import { useCountryName } from './useCountryName';

interface MemberRow extends FamilyMember {
  key: string;
  heldAs: string | undefined;
  isSelf: boolean;
}

/** A number compared as written without spaces or case (CN 108268281 B, cn108268281b). */
const compactNumber = (n: string) => n.replace(/\s+/g, '').toUpperCase();

/**
 * A member as the server describes it, or the bare number when the server said nothing about it.
 * The page's own row shows the page's own kind and dates: a member is the page only when it is
 * written as the page's number or the server holds it as the page's publication (a number of
 * another kind, the B on the A's page, is another publication even if it shares the serial).
 */
function memberRow(patent: PatentDetail, number: string): MemberRow {
  const described = patent.familyMembers?.[number];
  const heldAs = described ? described.publicationNumber : heldNumber(patent.held, [number]);
  const isSelf =
    compactNumber(number) === compactNumber(patent.publicationNumber) || heldAs === patent.publicationNumber;
  if (!isSelf) return { ...(described ?? { number }), key: number, heldAs, isSelf };
  const kind = kindOf(patent);
  return {
    ...(described ?? {}),
    number,
    country: patent.country,
    ...(kind ? { kind } : {}),
    ...(patent.patentType ? { patentType: patent.patentType } : {}),
    ...(patent.applicationDate ? { applicationDate: patent.applicationDate } : {}),
    ...(patent.publicationDate ? { publicationDate: patent.publicationDate } : {}),
    ...(patent.title ? { title: patent.title } : {}),
    ...(patent.currentStatus ? { status: patent.currentStatus } : {}),
    key: number,
    heldAs: patent.publicationNumber,
    isSelf,
  };
}

function FamilyTable({ patent, members }: { patent: PatentDetail; members: string[] }) {
  const { t, i18n } = useTranslation('patent');
  const countryName = useCountryName();
  const rows = members.map((number) => memberRow(patent, number));
  const columns: TableColumnsType<MemberRow> = [
    {
      key: 'number',
      title: t('family.columns.number'),
      width: 190,
      render: (_, row) =>
        row.isSelf ? (
          <Flex gap={4} align="center" wrap>
            <Typography.Text strong>{row.number}</Typography.Text>
            <Tag color="blue">{t('family.current')}</Tag>
          </Flex>
        ) : (
          <PatentNumber number={row.number} {...(row.heldAs ? { heldAs: row.heldAs } : {})} />
        ),
    },
    {
      key: 'country',
      title: t('family.columns.country'),
      width: 120,
      render: (_, row) => (row.country ? countryName(row.country) : null),
    },
    { key: 'kind', title: t('family.columns.kind'), width: 64, render: (_, row) => present(row.kind) ?? null },
    {
      key: 'type',
      title: t('family.columns.type'),
      width: 100,
      render: (_, row) => (row.patentType ? t(`patentType.${row.patentType}`) : null),
    },
    {
      key: 'applicationDate',
      title: t('family.columns.applicationDate'),
      width: 112,
      render: (_, row) => formatPatentDate(row.applicationDate) ?? null,
    },
    {
      key: 'publicationDate',
      title: t('family.columns.publicationDate'),
      width: 124,
      render: (_, row) => formatPatentDate(row.publicationDate) ?? null,
    },
    {
      key: 'title',
      title: t('family.columns.title'),
      render: (_, row) => {
        const title = shownText(row.title, i18n.language);
        if (title.original) return title.original;
        // A member this database does not hold: say so where its title would be.
        return row.heldAs ? null : <Typography.Text type="secondary">{t('family.notHeld')}</Typography.Text>;
      },
    },
    {
      key: 'status',
      title: t('family.columns.status'),
      width: 132,
      render: (_, row) => <LegalStatusBadge status={row.status} kind={row.kind} />,
    },
  ];
  return (
    <Table<MemberRow>
      className="patent-family-table"
      size="small"
      bordered
      columns={columns}
      dataSource={rows}
      pagination={false}
      tableLayout="fixed"
      scroll={{ x: 960 }}
      rowClassName={(row) => (row.isSelf ? 'patent-family-self' : '')}
    />
  );
}

/**
 * Simple and INPADOC family members, one row each with country, kind, type, dates, title and
 * legal status; a member is a link when the database holds it.
 */
export function FamilyTab({ patent }: { patent: PatentDetail }) {
  const { t } = useTranslation('patent');
  const simple = [...new Set(presentList(patent.family?.simple))];
  const inpadoc = [...new Set(presentList(patent.family?.inpadoc))];
  const stated = statedCounts(patent).family;
  if (simple.length === 0 && inpadoc.length === 0 && stated) {
    return (
      <div className="patent-family">
        <Section
          title={t('family.simple')}
          extra={
            <Typography.Text type="secondary" className="patent-stated-count">
              {t('family.members', { count: stated })} {t('stated.countOnly')}
            </Typography.Text>
          }
        >
          <Typography.Text type="secondary">{t('stated.noList')}</Typography.Text>
        </Section>
      </div>
    );
  }
  if (simple.length === 0 && inpadoc.length === 0) return <EmptyTab description={t('family.empty')} />;
  const groups = [
    { key: 'simple', title: t('family.simple'), id: present(patent.family?.simpleFamilyId), members: simple },
    { key: 'inpadoc', title: t('family.inpadoc'), id: present(patent.family?.inpadocFamilyId), members: inpadoc },
  ].filter((group) => group.members.length > 0);
  return (
    <div className="patent-family">
      {groups.map((group) => (
        <Section
          key={group.key}
          title={group.title}
          extra={
            <Flex gap={12}>
              {group.id && <Typography.Text type="secondary">{t('family.familyId', { id: group.id })}</Typography.Text>}
              <Typography.Text type="secondary">{t('family.members', { count: group.members.length })}</Typography.Text>
            </Flex>
          }
        >
          <FamilyTable patent={patent} members={group.members} />
        </Section>
      ))}
    </div>
  );
}
