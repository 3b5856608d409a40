import { Button, Card, Flex, Tag, Typography } from 'antd';
import { ResizableTable as Table } from '../../components/ui/resizable-table';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { BatchFoundApplicant, BatchFoundRecord, BatchSearchResponse } from '@patlas/contracts';
import { patentDetailPath, searchResultPath } from '../../app/paths';
import { ReadMark, ReadMarksProvider } from '../../read-marks/ReadMark';
import { listPagination } from '../../components/ui/pagination';

/** A batch search's answer: the records (or applicants) found, then every input not found. */
export function BatchResult({ result }: { result: BatchSearchResponse }) {
  const { t } = useTranslation('batchSearch');
  const navigate = useNavigate();
  const recordColumns = [
    {
      title: t('found.input'),
      dataIndex: 'input',
      key: 'input',
      render: (input: string) => <Typography.Text code>{input}</Typography.Text>,
    },
    {
      title: t('found.publicationNumber'),
      dataIndex: 'publicationNumber',
      key: 'pn',
      render: (pn: string) => <Link to={patentDetailPath(pn)}>{pn}</Link>,
    },
    {
      title: t('found.title'),
      dataIndex: 'title',
      key: 'title',
      // Reading marks: a record the user opened says so.
      render: (title: string | undefined, row: BatchFoundRecord) => (
        <>
          {title}
          <ReadMark publicationNumber={row.publicationNumber} />
        </>
      ),
    },
    {
      title: t('found.applicants'),
      dataIndex: 'applicants',
      key: 'applicants',
      render: (names: string[]) => names.join('; '),
    },
    { title: t('found.applicationNumber'), dataIndex: 'applicationNumber', key: 'an' },
    { title: t('found.publicationDate'), dataIndex: 'publicationDate', key: 'pd' },
  ];
  const applicantColumns = [
    { title: t('found.applicant'), dataIndex: 'applicant', key: 'applicant' },
    {
      title: t('found.total'),
      dataIndex: 'total',
      key: 'total',
      render: (total: number, row: BatchFoundApplicant) => (
        <Link to={searchResultPath(`PA="${row.applicant}"`)}>{total}</Link>
      ),
    },
  ];

  return (
    <>
      <Card
        title={t('foundTitle', {
          count: result.mode === 'number' ? result.found.length : result.foundApplicants.length,
        })}
        extra={
          result.expression && (
            <Button onClick={() => void navigate(searchResultPath(result.expression))}>{t('openResults')}</Button>
          )
        }
      >
        {result.mode === 'number' ? (
          <ReadMarksProvider publicationNumbers={result.found.map((r) => r.publicationNumber)}>
            <Table<BatchFoundRecord>
              rowKey="publicationNumber"
              size="small"
              columns={recordColumns}
              dataSource={result.found}
              pagination={listPagination({ pageSize: 20, hideOnSinglePage: true })}
              aria-label={t('foundTable')}
            />
          </ReadMarksProvider>
        ) : (
          <Table<BatchFoundApplicant>
            rowKey="applicant"
            size="small"
            columns={applicantColumns}
            dataSource={result.foundApplicants}
            pagination={listPagination({ pageSize: 20, hideOnSinglePage: true })}
            aria-label={t('foundTable')}
          />
        )}
      </Card>
      <Card title={t('notFoundTitle', { count: result.notFound.length })}>
        {result.notFound.length === 0 ? (
          <Typography.Text type="secondary">{t('allFound')}</Typography.Text>
        ) : (
          <Flex wrap gap={8} role="list" aria-label={t('notFoundList')}>
            {result.notFound.map((value) => (
              <Tag key={value} color="orange" role="listitem">
                {value}
              </Tag>
            ))}
            <Typography.Text copyable={{ text: result.notFound.join('\n') }} type="secondary">
              {t('copyNotFound')}
            </Typography.Text>
          </Flex>
        )}
      </Card>
    </>
  );
}
