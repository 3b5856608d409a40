import { useState } from 'react';
import { Alert, Card, Flex, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Report, SysReportListResponse } from '@patlas/contracts';
import { formatDateTime } from '../../utils/format-date';
import { useAllReports } from './queries';
import { ReportStateTag } from './ReportParts';

const PAGE_SIZE = 20;

type Usage = SysReportListResponse['usage'][number];

/** Operators' view (/sys/report): every user's reports, newest first, and the reports per user. */
export function SysReportPage() {
  const { t } = useTranslation('report');
  const [page, setPage] = useState(1);
  const list = useAllReports(page, PAGE_SIZE);
  return (
    <Flex vertical gap={16} className="sys-report-page">
      {list.isError && <Alert type="error" showIcon title={list.error.message} />}
      <Card title={t('sys.usage')} size="small">
        <Table<Usage>
          rowKey="userId"
          size="small"
          loading={list.isPending}
          dataSource={list.data?.usage ?? []}
          pagination={false}
          data-testid="sys-report-usage"
          columns={[
            { key: 'user', title: t('columns.user'), dataIndex: 'userEmail' },
            { key: 'reports', title: t('sys.reports'), dataIndex: 'reports', width: 140 },
            { key: 'done', title: t('sys.doneCount'), dataIndex: 'done', width: 140 },
          ]}
        />
      </Card>
      <Card title={t('sys.all')} size="small">
        <Table<Report>
          rowKey="id"
          size="small"
          loading={list.isPending}
          dataSource={list.data?.items ?? []}
          data-testid="sys-report-list"
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: list.data?.total ?? 0,
            onChange: setPage,
            showSizeChanger: false,
          }}
          columns={[
            { key: 'user', title: t('columns.user'), render: (_, report) => report.userEmail ?? report.userId },
            {
              key: 'title',
              title: t('columns.title'),
              render: (_, report) => <Typography.Text strong>{report.title}</Typography.Text>,
            },
            {
              key: 'set',
              title: t('columns.set'),
              render: (_, report) => (
                <Typography.Text ellipsis={{ tooltip: report.originLabel }} style={{ maxWidth: 260 }}>
                  {report.originLabel
                    ? t('originWithLabel', { origin: t(`origins.${report.origin}`), label: report.originLabel })
                    : t(`origins.${report.origin}`)}
                </Typography.Text>
              ),
            },
            { key: 'patents', title: t('columns.patents'), width: 100, render: (_, report) => report.total ?? '—' },
            {
              key: 'state',
              title: t('columns.state'),
              width: 110,
              render: (_, report) => <ReportStateTag report={report} />,
            },
            {
              key: 'created',
              title: t('columns.created'),
              width: 170,
              render: (_, report) => formatDateTime(report.createdAt) ?? '—',
            },
          ]}
        />
      </Card>
    </Flex>
  );
}
