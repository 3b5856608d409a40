import { useState } from 'react';
import { Card, Flex, Typography } from 'antd';
import { ResizableTable as Table } from '../../components/ui/resizable-table';
import { TaskTable } from '../../tasks/TaskTable';
import { useTranslation } from 'react-i18next';
import type { Report, SysReportListResponse } from '@patlas/contracts';
import { formatDateTime } from '../../utils/format-date';
import { useAllReports } from './queries';
import { reportColumns } from './ReportParts';

const PAGE_SIZE = 20;

type Usage = SysReportListResponse['usage'][number];

/** Operators' view (/sys/report): every user's reports, newest first, and the reports per user. */
export function SysReportPage() {
  const { t } = useTranslation('report');
  const [page, setPage] = useState(1);
  const list = useAllReports(page, PAGE_SIZE);
  const columns = reportColumns({ set: t('columns.set'), state: t('columns.state') }, { setMaxWidth: 260 });
  return (
    <Flex vertical gap={16} className="sys-report-page">
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
        <TaskTable<Report>
          query={list}
          paging={{ page, pageSize: PAGE_SIZE, setPage, fixedSize: true }}
          size="small"
          data-testid="sys-report-list"
          columns={[
            { key: 'user', title: t('columns.user'), render: (_, report) => report.userEmail ?? report.userId },
            {
              key: 'title',
              title: t('columns.title'),
              render: (_, report) => <Typography.Text strong>{report.title}</Typography.Text>,
            },
            columns.set,
            { key: 'patents', title: t('columns.patents'), width: 100, render: (_, report) => report.total ?? '—' },
            columns.state,
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
