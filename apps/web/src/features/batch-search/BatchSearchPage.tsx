import { useState } from 'react';
import { Alert, App, Button, Card, Flex, Input, List, Popconfirm, Radio, Space, Tag, Typography, Upload } from 'antd';
import { DeleteOutlined, SearchOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  MAX_BATCH_APPLICANTS,
  MAX_BATCH_NUMBERS,
  splitBatchApplicants,
  splitBatchNumbers,
  type BatchImportResponse,
  type BatchMode,
  type BatchRecord,
} from '@patlas/contracts';
import { useBatchRecords, useBatchSearch, useImportBatchFile, useManageBatchRecords } from './queries';
import { BatchResult } from './BatchResult';
import './batch-search.css';

const isMode = (value: string | null): value is BatchMode => value === 'number' || value === 'applicant';

/**
 * Batch search (spec 1 §5): numbers (or applicants) pasted or imported from a file; the answer
 * lists the records found and, separately, every input not found. The mode is in the URL.
 */
export function BatchSearchPage() {
  const { t } = useTranslation('batchSearch');
  const { message } = App.useApp();
  const [params, setParams] = useSearchParams();
  const mode: BatchMode = isMode(params.get('mode')) ? (params.get('mode') as BatchMode) : 'number';
  const [text, setText] = useState('');
  const [importReport, setImportReport] = useState<BatchImportResponse | undefined>(undefined);
  const search = useBatchSearch();
  const importFile = useImportBatchFile();
  const records = useBatchRecords();
  const manage = useManageBatchRecords();

  const max = mode === 'number' ? MAX_BATCH_NUMBERS : MAX_BATCH_APPLICANTS;
  const inputs = mode === 'number' ? splitBatchNumbers(text) : splitBatchApplicants(text);
  const isOverLimit = inputs.length > max;
  const result = search.data?.mode === mode ? search.data : undefined;

  const changeMode = (next: BatchMode) => {
    setParams(next === 'number' ? {} : { mode: next });
    search.reset();
    setImportReport(undefined);
  };

  const runSearch = async (query = text) => {
    try {
      const answer = await search.mutateAsync({ mode, text: query });
      // Keep the batch in the records; the list updates itself.
      manage.mutate({
        action: 'save',
        mode,
        inputs: answer.inputs,
        foundCount: answer.inputs.length - answer.notFound.length,
        notFoundCount: answer.notFound.length,
      });
    } catch {
      // The error is shown from the mutation state.
    }
  };

  const upload = async (file: File) => {
    try {
      const report = await importFile.mutateAsync({ file, mode });
      setImportReport(report);
      if (report.values.length > 0) {
        setText((current) => [current.trim(), report.values.join('\n')].filter(Boolean).join('\n'));
      }
    } catch (error) {
      void message.error((error as Error).message);
    }
  };

  const reuse = (record: BatchRecord) => {
    const joined = record.inputs.join('\n');
    setParams(record.mode === 'number' ? {} : { mode: record.mode });
    setText(joined);
    search.reset();
  };

  const removeRecord = (id: string) =>
    manage.mutate(
      { action: 'delete', ids: [id] },
      { onError: (error) => void message.error((error as Error).message) },
    );

  return (
    <Flex vertical gap={16} className="batch-search-page">
      <Card title={t('title')}>
        <Flex vertical gap={12}>
          <Radio.Group
            value={mode}
            onChange={(event) => changeMode(event.target.value as BatchMode)}
            optionType="button"
            options={[
              { value: 'number', label: t('mode.number') },
              { value: 'applicant', label: t('mode.applicant') },
            ]}
          />
          <Input.TextArea
            aria-label={t(`input.${mode}`)}
            placeholder={t(`placeholder.${mode}`, { max })}
            value={text}
            onChange={(event) => setText(event.target.value)}
            autoSize={{ minRows: 6, maxRows: 16 }}
          />
          <Flex justify="space-between" align="center" wrap gap={8}>
            <Typography.Text type={isOverLimit ? 'danger' : 'secondary'} aria-live="polite">
              {isOverLimit
                ? t(`tooMany.${mode}`, { max, count: inputs.length })
                : t('count', { count: inputs.length, max })}
            </Typography.Text>
            <Space wrap>
              <Upload
                accept=".txt"
                showUploadList={false}
                beforeUpload={(file) => {
                  void upload(file);
                  return false;
                }}
              >
                <Button icon={<UploadOutlined />} loading={importFile.isPending}>
                  {t('importTxt')}
                </Button>
              </Upload>
              <Upload
                accept=".xls,.xlsx"
                showUploadList={false}
                beforeUpload={(file) => {
                  void upload(file);
                  return false;
                }}
              >
                <Button icon={<UploadOutlined />} loading={importFile.isPending}>
                  {t('importExcel')}
                </Button>
              </Upload>
              <Button onClick={() => setText('')} disabled={!text}>
                {t('clear')}
              </Button>
              <Button
                type="primary"
                icon={<SearchOutlined />}
                loading={search.isPending}
                disabled={inputs.length === 0 || isOverLimit}
                onClick={() => void runSearch()}
              >
                {t('search')}
              </Button>
            </Space>
          </Flex>
          <Typography.Text type="secondary">{t(`hint.${mode}`)}</Typography.Text>
          {importReport && (
            <Alert
              type={importReport.errors.length > 0 ? 'warning' : 'success'}
              showIcon
              closable={{ onClose: () => setImportReport(undefined) }}
              title={t('imported', { count: importReport.values.length, errors: importReport.errors.length })}
              description={
                importReport.errors.length > 0 && (
                  <ul className="batch-import-errors">
                    {importReport.errors.map((error, index) => (
                      <li key={`${error.line}-${index}`}>
                        {t('importLine', { line: error.line, value: error.value, message: error.message })}
                      </li>
                    ))}
                  </ul>
                )
              }
            />
          )}
          {search.error && <Alert type="error" showIcon title={search.error.message} />}
        </Flex>
      </Card>

      {result && <BatchResult result={result} />}

      <Card title={t('records.title')}>
        <List<BatchRecord>
          loading={records.isLoading}
          dataSource={records.data ?? []}
          locale={{ emptyText: t('records.empty') }}
          renderItem={(record) => (
            <List.Item
              actions={[
                <Button key="reuse" type="link" onClick={() => reuse(record)}>
                  {t('records.reuse')}
                </Button>,
                <Popconfirm
                  key="delete"
                  title={t('records.deleteConfirm')}
                  onConfirm={() => removeRecord(record.id)}
                  okText={t('records.delete')}
                  cancelText={t('records.cancel')}
                >
                  <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('records.delete')} />
                </Popconfirm>,
              ]}
            >
              <List.Item.Meta
                title={
                  <Space>
                    <Tag>{t(`mode.${record.mode}`)}</Tag>
                    <span>{new Date(record.createdAt).toLocaleString()}</span>
                  </Space>
                }
                description={
                  <span>
                    {t('records.summary', {
                      count: record.inputs.length,
                      found: record.foundCount,
                      notFound: record.notFoundCount,
                    })}{' '}
                    <Typography.Text type="secondary" ellipsis className="batch-record-inputs">
                      {record.inputs.slice(0, 5).join(', ')}
                      {record.inputs.length > 5 ? ' …' : ''}
                    </Typography.Text>
                  </span>
                }
              />
            </List.Item>
          )}
        />
      </Card>
    </Flex>
  );
}
