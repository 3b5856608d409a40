import { useState } from 'react';
import { Alert, App, Button, Flex, Input, Popconfirm, Typography, Upload } from 'antd';
import { ResizableTable as Table } from '../../components/ui/resizable-table';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MAX_AWARD_FILE_BYTES, type AwardImportReport, type AwardRow, MAX_KEYWORD_LENGTH } from '@patlas/contracts';
import { useAwards, useDeleteAward, useImportAwards } from './queries';
import { listPagination } from '../../components/ui/pagination';

const PAGE_SIZE = 20;

/**
 * /sys/awards: award lists imported from CSV (number, award, year) — the import report with its
 * refused lines, and the list (filter `q` and `page` in the URL).
 */
export function AwardsPage() {
  const { t } = useTranslation('awards');
  const { message } = App.useApp();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const q = params.get('q') ?? '';
  const awards = useAwards(page, PAGE_SIZE, q);
  const importer = useImportAwards();
  const remove = useDeleteAward();
  const [report, setReport] = useState<AwardImportReport | null>(null);

  const setParam = (next: Record<string, string | undefined>) => {
    const merged = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next)) {
      if (v) merged.set(k, v);
      else merged.delete(k);
    }
    setParams(merged);
  };

  return (
    <Flex vertical gap={16}>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('hint')}
      </Typography.Paragraph>
      <Flex gap={8} wrap align="center">
        <Upload
          accept=".csv,text/csv,text/plain"
          showUploadList={false}
          beforeUpload={(file) => {
            if (file.size > MAX_AWARD_FILE_BYTES) {
              void message.error(t('tooLarge', { max: MAX_AWARD_FILE_BYTES / 1024 / 1024 }));
              return Upload.LIST_IGNORE;
            }
            importer.mutate(file, {
              onSuccess: (r) => setReport(r),
              onError: (err) => void message.error(err.message),
            });
            return false;
          }}
        >
          <Button type="primary" loading={importer.isPending}>
            {t('import')}
          </Button>
        </Upload>
        <Input.Search
          maxLength={MAX_KEYWORD_LENGTH}
          allowClear
          style={{ width: 280 }}
          placeholder={t('filter')}
          defaultValue={q}
          onSearch={(value) => setParam({ q: value.trim() || undefined, page: undefined })}
        />
        <Popconfirm title={t('confirmClear')} onConfirm={() => remove.mutate(null)}>
          <Button danger disabled={!awards.data?.total}>
            {t('clear')}
          </Button>
        </Popconfirm>
      </Flex>
      {report && (
        <Alert
          type={report.refused > 0 ? 'warning' : 'success'}
          showIcon
          closable
          onClose={() => setReport(null)}
          title={t('report', {
            lines: report.lines,
            imported: report.imported,
            unchanged: report.unchanged,
            held: report.held,
            refused: report.refused,
          })}
          description={
            report.problems.length > 0 && (
              <Table
                size="small"
                rowKey={(p) => `${p.line}-${p.problem}`}
                pagination={false}
                dataSource={report.problems}
                columns={[
                  { key: 'line', title: t('problem.line'), dataIndex: 'line', width: 80 },
                  { key: 'text', title: t('problem.text'), dataIndex: 'text' },
                  {
                    key: 'problem',
                    title: t('problem.reason'),
                    render: (_, p) => t(`problems.${p.problem}`),
                  },
                ]}
              />
            )
          }
        />
      )}
      {awards.isError && <Alert type="error" showIcon title={awards.error.message} />}
      <Table<AwardRow>
        rowKey="id"
        loading={awards.isPending}
        dataSource={awards.data?.items ?? []}
        locale={{ emptyText: t('empty') }}
        pagination={listPagination({
          current: page,
          pageSize: PAGE_SIZE,
          total: awards.data?.total ?? 0,
          showSizeChanger: false,
          onChange: (next) => setParam({ page: next > 1 ? String(next) : undefined }),
        })}
        columns={[
          { key: 'number', title: t('columns.number'), dataIndex: 'number' },
          {
            key: 'pn',
            title: t('columns.publicationNumber'),
            render: (_, row) =>
              row.publicationNumber ?? <Typography.Text type="secondary">{t('notHeld')}</Typography.Text>,
          },
          { key: 'award', title: t('columns.award'), dataIndex: 'award' },
          { key: 'year', title: t('columns.year'), render: (_, row) => row.year ?? '—', width: 90 },
          {
            key: 'actions',
            title: t('columns.actions'),
            width: 100,
            render: (_, row) => (
              <Popconfirm title={t('confirmDelete')} onConfirm={() => remove.mutate(row.id)}>
                <Button size="small" danger>
                  {t('delete')}
                </Button>
              </Popconfirm>
            ),
          },
        ]}
      />
    </Flex>
  );
}
