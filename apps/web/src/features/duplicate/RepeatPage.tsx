import { useState } from 'react';
import { Alert, App, Button, Card, Flex, Input, Popconfirm, Tag, Typography, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  DUPLICATE_ADVISED_MIN_CHARS,
  MAX_DUPLICATE_FILE_BYTES,
  MAX_DUPLICATE_TEXT_LENGTH,
  type DuplicateCheck,
} from '@patlas/contracts';
import { duplicateDetailPath } from '../../app/paths';
import { useFileOptions } from '../../export-actions/queries';
import { taskStateColumn, TaskTable } from '../../tasks/TaskTable';
import { isActiveTask } from '../../tasks/useTaskQuery';
import { formatDateTime } from '../../utils/format-date';
import { usePageParams } from '../../utils/use-page-params';
import { saveFile } from '../../utils/save-file';
import { exportReport } from './api';
import { formatShare } from './format';
import { QuickCheckCard } from './QuickCheckCard';
import { SummaryModal } from './SummaryModal';
import { useCheckAction, useChecks, useSubmitCheck } from './queries';
import './duplicate.css';

/**
 * The duplicate check (/innovationSpace/repeat, spec 2 §2 /repeat): a new check of a pasted text or
 * an uploaded .docx/.txt (spec 2 §5: 200 characters or more advised, a shorter text still allowed),
 * and the user's checks with their state and similarity, to open, run again, export or delete.
 */
export function RepeatPage() {
  const { t } = useTranslation('duplicate');
  const { message } = App.useApp();
  const [text, setText] = useState('');
  const paging = usePageParams();
  const list = useChecks(paging.page, paging.pageSize);
  const submit = useSubmitCheck();
  const action = useCheckAction();
  const fileOptions = useFileOptions();
  const [exporting, setExporting] = useState<string>();
  const [summaryOf, setSummaryOf] = useState<DuplicateCheck>();
  const chars = text.trim().length;

  const handleSubmit = async (input: { text: string } | { file: File }) => {
    try {
      const answer = await submit.mutateAsync(input);
      if (answer.warning) void message.warning(answer.warning);
      void message.success(t('form.submitted'));
      if ('text' in input) setText('');
    } catch (error) {
      void message.error((error as Error).message);
    }
  };

  const handleAction = async (kind: 'again' | 'delete', check: DuplicateCheck) => {
    try {
      await action.mutateAsync({ action: kind, id: check.id });
      void message.success(kind === 'again' ? t('list.againDone') : t('list.deleted'));
    } catch (error) {
      void message.error((error as Error).message);
    }
  };

  const handleExport = async (check: DuplicateCheck, format: 'docx' | 'pdf') => {
    setExporting(`${check.id}:${format}`);
    try {
      const file = await exportReport(check.id, format, await fileOptions());
      saveFile(file.fileName, file.blob);
    } catch (error) {
      void message.error((error as Error).message);
    } finally {
      setExporting(undefined);
    }
  };

  return (
    <Flex vertical gap={16} className="duplicate-page">
      <Card title={t('form.title')} variant="borderless">
        <Flex vertical gap={8}>
          <Input.TextArea
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder={t('form.placeholder')}
            autoSize={{ minRows: 6, maxRows: 14 }}
            maxLength={MAX_DUPLICATE_TEXT_LENGTH}
            aria-label={t('form.title')}
            data-testid="duplicate-text"
          />
          <Flex justify="space-between" align="center" wrap gap={8}>
            <Typography.Text type={chars > 0 && chars < DUPLICATE_ADVISED_MIN_CHARS ? 'warning' : 'secondary'}>
              {t('form.count', { count: chars })}
            </Typography.Text>
            <Flex gap={8} wrap>
              <Upload
                accept=".docx,.txt"
                showUploadList={false}
                maxCount={1}
                beforeUpload={(file) => {
                  if (file.size > MAX_DUPLICATE_FILE_BYTES) {
                    void message.error(t('form.uploadHint'));
                    return Upload.LIST_IGNORE;
                  }
                  void handleSubmit({ file });
                  return false;
                }}
              >
                <Button
                  icon={<UploadOutlined />}
                  loading={submit.isPending && submit.variables && 'file' in submit.variables}
                >
                  {t('form.upload')}
                </Button>
              </Upload>
              <Button
                type="primary"
                disabled={chars === 0}
                loading={submit.isPending && submit.variables && 'text' in submit.variables}
                onClick={() => void handleSubmit({ text })}
                data-testid="duplicate-submit"
              >
                {t('form.submit')}
              </Button>
            </Flex>
          </Flex>
          {chars > 0 && chars < DUPLICATE_ADVISED_MIN_CHARS && (
            <Alert type="warning" showIcon title={t('form.advice')} data-testid="duplicate-advice" />
          )}
          <Typography.Text type="secondary">{t('form.uploadHint')}</Typography.Text>
        </Flex>
      </Card>
      <QuickCheckCard />
      <Card title={t('list.title')} variant="borderless">
        <TaskTable<DuplicateCheck>
          query={list}
          paging={paging}
          emptyText={t('list.empty')}
          scroll={{ x: 1200 }}
          tableLayout="fixed"
          data-testid="duplicate-list"
          columns={[
            {
              key: 'title',
              title: t('list.name'),
              ellipsis: true,
              render: (_, check) => (
                <Flex gap={4} align="center" className="duplicate-title">
                  {check.source === 'file' && <Tag>{t('list.file')}</Tag>}
                  {check.isShort && <Tag color="warning">{t('list.short')}</Tag>}
                  <Typography.Text strong ellipsis={{ tooltip: check.title }}>
                    {check.state === 'done' ? (
                      <Link to={duplicateDetailPath(check.id)}>{check.title}</Link>
                    ) : (
                      check.title
                    )}
                  </Typography.Text>
                </Flex>
              ),
            },
            { key: 'chars', title: t('list.chars'), width: 90, align: 'right', render: (_, check) => check.chars },
            taskStateColumn<DuplicateCheck>({
              title: t('list.state'),
              width: 100,
              testId: 'duplicate-state',
              label: (state) => t(`states.${state}`),
            }),
            {
              key: 'similarity',
              title: t('list.similarity'),
              width: 100,
              align: 'right',
              render: (_, check) => formatShare(check.similarity),
            },
            {
              key: 'patents',
              title: t('list.patents'),
              width: 100,
              align: 'right',
              render: (_, check) => check.patents,
            },
            {
              key: 'created',
              title: t('list.created'),
              width: 170,
              render: (_, check) => formatDateTime(check.createdAt) ?? '—',
            },
          ]}
          actions={{
            title: t('list.actions'),
            width: 440,
            render: (check) => (
              <Flex gap={0}>
                <Link to={duplicateDetailPath(check.id)}>
                  <Button size="small" type="link" disabled={check.state !== 'done'}>
                    {t('list.view')}
                  </Button>
                </Link>
                <Button size="small" type="link" disabled={check.state !== 'done'} onClick={() => setSummaryOf(check)}>
                  {t('list.summary')}
                </Button>
                <Button
                  size="small"
                  type="link"
                  disabled={isActiveTask(check)}
                  onClick={() => void handleAction('again', check)}
                >
                  {t('list.again')}
                </Button>
                {(['docx', 'pdf'] as const).map((format) => (
                  <Button
                    key={format}
                    size="small"
                    type="link"
                    disabled={check.state !== 'done'}
                    loading={exporting === `${check.id}:${format}`}
                    onClick={() => void handleExport(check, format)}
                  >
                    {format === 'docx' ? t('list.exportDocx') : t('list.exportPdf')}
                  </Button>
                ))}
                <Popconfirm title={t('list.deleteConfirm')} onConfirm={() => handleAction('delete', check)}>
                  <Button size="small" type="link" danger>
                    {t('list.delete')}
                  </Button>
                </Popconfirm>
              </Flex>
            ),
          }}
        />
      </Card>
      <SummaryModal check={summaryOf} onClose={() => setSummaryOf(undefined)} />
    </Flex>
  );
}
