import { Descriptions, Flex, Tag, Tooltip, Typography } from 'antd';
import { ResizableTable as Table } from '../../../components/ui/resizable-table';
import type { DescriptionsProps, TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { legalStatusLabel, type Party, type PatentDetail } from '@patlas/contracts';
import { companyAnalysisPath } from '../../../app/paths';
import { formatPatentDate } from '../../../utils/format-date';
import { paragraphs, present, presentList, shownText, statedCounts } from '../patent-view';
import { Section } from './Section';
import { MachineTranslation } from './MachineTranslation';
import { SourceFields } from './SourceFields';
import { ProblemMeansEffectSection } from './ProblemMeansEffectSection';
import { useCountryName } from './useCountryName';

type PartyRole = 'applicants' | 'assignees' | 'currentAssignees';
interface PartyRow extends Party {
  key: string;
  role: PartyRole;
}
type PartyColumn = 'type' | 'standardName' | 'country' | 'province' | 'city' | 'district' | 'address';

function TagList({
  values,
  main,
  mainTitle,
  mainLabel,
}: {
  values: string[];
  main?: string;
  mainTitle?: string;
  mainLabel?: string;
}) {
  return (
    <Flex gap={4} wrap>
      {values.map((value) => (
        <Tag key={value} color={value === main ? 'geekblue' : undefined}>
          {value}
          {value === main && mainLabel && (
            <Tooltip title={mainTitle}>
              <sup className="patent-main-mark">{mainLabel}</sup>
            </Tooltip>
          )}
        </Tag>
      ))}
    </Flex>
  );
}

/** The source id, linked when the record gives a plain web address for it. */
function sourceLink(source: PatentDetail['source']): ReactNode | undefined {
  const id = present(source?.id);
  if (!id) return undefined;
  const url = present(source?.url);
  if (!url || !/^https?:\/\/\S+$/.test(url)) return id;
  return (
    <Typography.Link href={url} target="_blank" rel="noreferrer">
      {id}
    </Typography.Link>
  );
}

/** Abstract, bibliographic table, parties and classifications. Empty fields are left out. */
export function BasicInfoTab({ patent }: { patent: PatentDetail }) {
  const { t, i18n } = useTranslation('patent');
  const countryName = useCountryName();
  const abstract = shownText(patent.abstract, i18n.language);
  const lang = i18n.language === 'en' ? 'en' : 'zh';

  const item = (key: string, label: string, value: ReactNode | undefined, span?: 'filled') =>
    value === undefined || value === '' ? undefined : { key, label, children: value, ...(span ? { span } : {}) };
  const joined = (values: readonly (string | undefined)[] | undefined) => {
    const list = presentList(values);
    return list.length > 0 ? list.join('; ') : undefined;
  };
  const count = (value: number | undefined) => (value === undefined ? undefined : String(value));
  // Counts a vendor export states where it does not list the numbers: said to be counts only.
  const stated = statedCounts(patent);
  const statedCount = (value: number | undefined) =>
    value === undefined ? undefined : value === 0 ? (
      '0'
    ) : (
      <>
        {value}
        <Typography.Text type="secondary" className="patent-stated-count">
          {' '}
          {t('stated.countOnly')}
        </Typography.Text>
      </>
    );

  const biblio: DescriptionsProps['items'] = [
    item('publicationNumber', t('field.publicationNumber'), present(patent.publicationNumber)),
    item('publicationDate', t('field.publicationDate'), formatPatentDate(patent.publicationDate)),
    item('applicationNumber', t('field.applicationNumber'), present(patent.applicationNumber)),
    item('applicationDate', t('field.applicationDate'), formatPatentDate(patent.applicationDate)),
    item('grantDate', t('field.grantDate'), formatPatentDate(patent.grantDate)),
    item('priorityDate', t('field.priorityDate'), formatPatentDate(patent.priorityDate)),
    item('priorityNumbers', t('field.priorityNumbers'), joined(patent.priorityNumbers)),
    item('expiryDate', t('field.expiryDate'), formatPatentDate(patent.expiryDate)),
    item('patentType', t('field.patentType'), patent.patentType ? t(`patentType.${patent.patentType}`) : undefined),
    item('kind', t('field.kind'), present(patent.kind)),
    item('country', t('field.country'), countryName(patent.country)),
    item('legalStatus', t('field.legalStatus'), legalStatusLabel(present(patent.legalStatus), lang)),
    item('inventors', t('field.inventors'), joined(patent.inventors?.map((p) => p.name)), 'filled'),
    item('agency', t('field.agency'), present(patent.agency)),
    item('agents', t('field.agents'), joined(patent.agents)),
    item('examiners', t('field.examiners'), joined(patent.examiners), 'filled'),
    item('keywords', t('field.keywords'), joined(patent.keywords), 'filled'),
    item('claimCount', t('field.claimCount'), count(patent.claimCount)),
    item('pageCount', t('field.pageCount'), count(patent.pageCount)),
    item('citationCount', t('field.citationCount'), statedCount(stated.citations)),
    item('citedByCount', t('field.citedByCount'), statedCount(stated.citedBy)),
    item('familyCount', t('field.familyCount'), statedCount(stated.family)),
  ].filter((entry) => entry !== undefined);
  const source = sourceLink(patent.source);
  const licence = present(patent.source?.licence);

  const c = patent.classifications;
  const ipc = presentList(c?.ipc);
  const mainIpc = present(c?.ipcMain) ?? ipc[0];
  const classRow = (key: keyof NonNullable<typeof c>, label: string, values: string[], main?: string) =>
    values.length === 0
      ? undefined
      : {
          key,
          label,
          children: (
            <TagList values={values} main={main} mainLabel={t('basic.mainIpc')} mainTitle={t('basic.mainIpcTitle')} />
          ),
        };
  const classifications: DescriptionsProps['items'] = [
    classRow('ipc', t('field.ipc'), mainIpc && !ipc.includes(mainIpc) ? [mainIpc, ...ipc] : ipc, mainIpc),
    classRow('cpc', t('field.cpc'), presentList(c?.cpc)),
    classRow('loc', t('field.loc'), presentList(c?.loc)),
    classRow('upc', t('field.upc'), presentList(c?.upc)),
    classRow('fi', t('field.fi'), presentList(c?.fi)),
    classRow('fterm', t('field.fterm'), presentList(c?.fterm)),
  ].filter((entry) => entry !== undefined);

  const roles: PartyRole[] = ['applicants', 'assignees', 'currentAssignees'];
  const partyRows: PartyRow[] = roles.flatMap((role) =>
    (patent[role] ?? [])
      .filter((party) => present(party.name))
      .map((party, i) => ({ ...party, role, key: `${role}-${i}` })),
  );
  const optionalColumns: PartyColumn[] = ['type', 'standardName', 'country', 'province', 'city', 'district', 'address'];
  const companyInfo = patent.companyInfo && Object.keys(patent.companyInfo).length > 0 ? patent.companyInfo : undefined;
  const shownColumns = optionalColumns.filter((column) => partyRows.some((row) => present(row[column])));
  const partyColumns: TableColumnsType<PartyRow> = [
    {
      key: 'role',
      title: t('basic.role'),
      dataIndex: 'role',
      width: 120,
      render: (role: PartyRole) => t(`field.${role}`),
    },
    {
      key: 'name',
      title: t('basic.name'),
      render: (_, row) => (
        <>
          {row.name}
          {present(row.nameTranslated) && <Typography.Text type="secondary"> ({row.nameTranslated})</Typography.Text>}
          {/* Company information (issue 46 item 4): a company applicant opens its company dashboard. */}
          {row.role === 'applicants' && row.type === 'company' && (
            <Link
              className="patent-company-link"
              to={companyAnalysisPath(row.name, present(row.standardName))}
              style={{ marginInlineStart: 8 }}
            >
              {t('basic.companyAnalysis')}
            </Link>
          )}
        </>
      ),
    },
    // What the operators' company information file says of an applicant it names (docs/company-fields.md).
    ...(companyInfo
      ? [
          {
            key: 'companyInfo',
            title: t('basic.companyInfo'),
            render: (_: unknown, row: PartyRow) => {
              const info = companyInfo[row.name];
              if (!info) return null;
              const details = [
                info.type ? t('basic.companyType', { type: info.type }) : undefined,
                info.region ? t('basic.region', { region: info.region }) : undefined,
              ].filter((d) => d !== undefined);
              return (
                <span className="patent-company-info" title={t('basic.companyInfoSource')}>
                  <Tag color={info.listed ? 'green' : undefined}>
                    {info.listed ? t('basic.listed') : t('basic.notListed')}
                  </Tag>
                  {info.listed && [info.board, info.stockCode].filter(Boolean).join(' ')}
                  {details.length > 0 && (
                    <Typography.Text type="secondary" style={{ display: 'block' }}>
                      {details.join(lang === 'zh' ? '；' : '; ')}
                    </Typography.Text>
                  )}
                </span>
              );
            },
          },
        ]
      : []),
    ...shownColumns.map((column) => ({
      key: column,
      title: t(`basic.${column}`),
      render: (_: unknown, row: PartyRow) =>
        column === 'type'
          ? row.type
            ? t(`partyType.${row.type}`)
            : null
          : column === 'country'
            ? row.country
              ? countryName(row.country)
              : null
            : (present(row[column]) ?? null),
    })),
  ];

  return (
    <div className="patent-basic">
      <Section title={t('basic.abstract')}>
        {abstract.original ? (
          <div className="patent-abstract">
            {paragraphs(abstract.original).map((p, i) => (
              <Typography.Paragraph key={i}>{p}</Typography.Paragraph>
            ))}
            {abstract.translation && (
              <Typography.Paragraph type="secondary">
                <Tag variant="filled">{t('header.translation')}</Tag>
                {abstract.translation}
              </Typography.Paragraph>
            )}
            {!abstract.translation && patent.abstract?.lang !== i18n.language && (
              <MachineTranslation texts={[abstract.original]} />
            )}
          </div>
        ) : (
          <Typography.Text type="secondary">{t('basic.noAbstract')}</Typography.Text>
        )}
      </Section>
      <ProblemMeansEffectSection patent={patent} />
      <Section title={t('basic.biblio')}>
        <Descriptions bordered size="small" column={2} items={biblio} styles={{ label: { width: 150 } }} />
      </Section>
      {partyRows.length > 0 && (
        <Section title={t('basic.parties')}>
          <Table<PartyRow> size="small" columns={partyColumns} dataSource={partyRows} pagination={false} bordered />
        </Section>
      )}
      {classifications.length > 0 && (
        <Section title={t('basic.classifications')}>
          <Descriptions bordered size="small" column={1} items={classifications} styles={{ label: { width: 150 } }} />
        </Section>
      )}
      <SourceFields extras={patent.extras} />
      {(source || licence) && (
        <footer className="patent-provenance">
          <Typography.Text type="secondary">
            {source && (
              <span className="patent-provenance-source">
                {t('provenance.source')}
                {source}
              </span>
            )}
            {licence && (
              <span className="patent-provenance-licence">
                {t('provenance.licence')}
                {licence}
              </span>
            )}
          </Typography.Text>
        </footer>
      )}
    </div>
  );
}
