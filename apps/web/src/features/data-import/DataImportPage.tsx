import { useRef, useState } from 'react';
import { DeleteOutlined, InboxOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Flex, Spin, Tag, Typography, Upload } from 'antd';
import { ResizableTable as Table } from '../../components/ui/resizable-table';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { MAX_IMPORT_FILE_BYTES, MAX_IMPORT_FILES, type ImportUpload } from '@patlas/contracts';
import { CompanyInfoImport } from './components/CompanyInfoImport';
import { CompanyTreeImport } from './components/CompanyTreeImport';
import { RecentRuns } from './components/RecentRuns';
import { RunPanel } from './components/RunPanel';
import { formatBytes, useFormatName } from './format-names';
import { useDiscardImportUpload, useImportRuns, useStartImport, useUploadImportFile } from './queries';
import './data-import.css';

/** A file of the upload list: on its way up, up with its detected format, or refused. */
interface UploadItem {
  uid: string;
  name: string;
  size: number;
  state: 'uploading' | 'done' | 'error';
  upload?: ImportUpload;
  error?: string;
}

/**
 * The operators' patent import (issue 15): files are uploaded as soon as they are dropped and
 * listed with the format the server recognised; Start imports them in the background; the run
 * (in the URL, `?run=`) shows its progress, then its report and refused lines.
 */
export function DataImportPage() {
  const { t } = useTranslation('dataImport');
  const { message } = App.useApp();
  const [params, setParams] = useSearchParams();
  const runId = params.get('run');
  const runs = useImportRuns();
  const upload = useUploadImportFile();
  const discard = useDiscardImportUpload();
  const start = useStartImport();
  const formatName = useFormatName();
  const [items, setItems] = useState<UploadItem[]>([]);
  // Files on the list that count towards the limit; a ref, as one drop calls beforeUpload for each file before a render.
  const listed = useRef(new Set<string>());

  const maxFileBytes = runs.data?.maxFileBytes ?? MAX_IMPORT_FILE_BYTES;
  const maxFiles = runs.data?.maxFiles ?? MAX_IMPORT_FILES;
  const update = (uid: string, change: Partial<UploadItem>) =>
    setItems((current) => current.map((item) => (item.uid === uid ? { ...item, ...change } : item)));

  const handleFile = (file: File & { uid: string }) => {
    const item: UploadItem = { uid: file.uid, name: file.name, size: file.size, state: 'uploading' };
    // The server decides; checking here spares a long upload that would be refused.
    if (file.size > maxFileBytes) {
      setItems((current) => [
        ...current,
        { ...item, state: 'error', error: t('upload.tooLarge', { max: formatBytes(maxFileBytes) }) },
      ]);
      return;
    }
    if (listed.current.size >= maxFiles) {
      setItems((current) => [...current, { ...item, state: 'error', error: t('upload.tooMany', { max: maxFiles }) }]);
      return;
    }
    listed.current.add(item.uid);
    setItems((current) => [...current, item]);
    upload.mutateAsync(file).then(
      (answer) =>
        update(item.uid, { state: 'done', upload: answer.files[0], name: answer.files[0]?.name ?? file.name }),
      (error: Error) => {
        listed.current.delete(item.uid);
        update(item.uid, { state: 'error', error: error.message });
      },
    );
  };

  const handleRemove = (item: UploadItem) => {
    listed.current.delete(item.uid);
    setItems((current) => current.filter((i) => i.uid !== item.uid));
    if (item.upload) discard.mutate(item.upload.id);
  };

  const ready = items.flatMap((item) => (item.state === 'done' && item.upload ? [item.upload] : []));
  const isUploading = items.some((item) => item.state === 'uploading');
  const hasUnknown = ready.some((file) => file.format === null);

  const handleStart = async () => {
    try {
      const run = await start.mutateAsync(ready.map((file) => file.id));
      void message.success(t('started'));
      const isStarted = (item: UploadItem) => item.state !== 'uploading';
      for (const item of items) if (isStarted(item)) listed.current.delete(item.uid);
      setItems((current) => current.filter((item) => !isStarted(item)));
      setParams({ run: run.id });
    } catch (error) {
      void message.error((error as Error).message);
    }
  };

  const columns: ColumnsType<UploadItem> = [
    { title: t('files.name'), dataIndex: 'name', key: 'name', ellipsis: true },
    { title: t('files.size'), key: 'size', width: 110, render: (_, item) => formatBytes(item.size) },
    {
      title: t('files.format'),
      key: 'format',
      width: 300,
      render: (_, item) => {
        if (item.state === 'uploading') {
          return (
            <Flex gap={8} align="center">
              <Spin size="small" />
              {t('upload.uploading')}
            </Flex>
          );
        }
        if (item.state === 'error') return <Typography.Text type="danger">{item.error}</Typography.Text>;
        const format = item.upload?.format ?? null;
        return format === null ? (
          <Tag color="error">{formatName(null)}</Tag>
        ) : (
          <Tag color="blue" title={format}>
            {formatName(format)}
          </Tag>
        );
      },
    },
    {
      title: '',
      key: 'remove',
      width: 64,
      render: (_, item) => (
        <Button
          type="text"
          size="small"
          icon={<DeleteOutlined />}
          aria-label={`${t('files.remove')} ${item.name}`}
          disabled={item.state === 'uploading'}
          onClick={() => handleRemove(item)}
        />
      ),
    },
  ];

  return (
    <Flex vertical gap={16} className="data-import-page">
      <Card title={t('upload.title')} className="data-import-upload">
        <Flex vertical gap={12}>
          <Upload.Dragger
            multiple
            showUploadList={false}
            beforeUpload={(file) => {
              handleFile(file);
              return false;
            }}
            aria-label={t('upload.label')}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{t('upload.text')}</p>
            <p className="ant-upload-hint">{t('upload.hint', { max: formatBytes(maxFileBytes), files: maxFiles })}</p>
          </Upload.Dragger>
          {items.length > 0 && (
            <Table<UploadItem>
              className="data-import-files"
              rowKey="uid"
              size="small"
              columns={columns}
              dataSource={items}
              pagination={false}
              tableLayout="fixed"
            />
          )}
          {hasUnknown && <Alert type="warning" showIcon title={t('upload.unknownHint')} />}
          <Flex justify="flex-end">
            <Button
              type="primary"
              disabled={ready.length === 0 || isUploading}
              loading={start.isPending}
              onClick={() => void handleStart()}
            >
              {t('start')}
            </Button>
          </Flex>
        </Flex>
      </Card>
      {runId && <RunPanel runId={runId} />}
      <RecentRuns
        runs={runs.data?.items ?? []}
        isLoading={runs.isLoading}
        error={runs.error?.message}
        selectedId={runId}
        onOpen={(id) => setParams({ run: id })}
      />
      <CompanyTreeImport />
      <CompanyInfoImport />
    </Flex>
  );
}
