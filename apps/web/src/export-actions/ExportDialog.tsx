import { useState } from 'react';
import { Alert, App, Button, Checkbox, Flex, Form, Input, Modal, Radio, Result, Space, Spin, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, CloseOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  CITATION_EXPORT_FORMATS,
  EXPORT_FORMATS,
  formatErrorMessage,
  MAX_EXPORT_FILENAME_LENGTH,
  type DownloadTask,
  type ExportFieldId,
  type ExportFieldsResponse,
  type ExportFormat,
  type Language,
} from '@patlas/contracts';
import { DOWNLOADS_PATH } from '../app/paths';
import { saveFile } from '../utils/save-file';
import {
  fullOrder,
  isBlankFileName,
  isChoiceComplete,
  moveField,
  rowsProblem,
  targetOf,
  withGroupChoice,
  type ExportSource,
  type RowChoice,
} from './export-model';
import { useExportCitations, useExportFields, useRunExport } from './queries';
import './export-actions.css';
import { TemplateBar } from './TemplateBar';
import { RowsChooser } from './RowsChooser';

interface ExportDialogProps {
  /** Undefined: the dialog is closed. */
  source: ExportSource | undefined;
  onClose: () => void;
  /** The formats offered; all by default (a detail page offers Word and PDF). */
  formats?: readonly ExportFormat[];
  /** Offer "citations" beside the patents' fields (/export/adduceInfo): the result page. */
  allowCitations?: boolean;
}

/** What each exported row is: a patent with the chosen fields, or one of its citations. */
type ExportContent = 'patents' | 'citations';
const CITATION_FORMATS: readonly ExportFormat[] = CITATION_EXPORT_FORMATS;

/**
 * The export dialog (spec 2 §5): which rows, which fields in which order (from a template or the
 * last export), the format and the file name. A small table export downloads at once; anything
 * else becomes a download task followed on /innovationSpace/download.
 */
export function ExportDialog({ source, onClose, formats = EXPORT_FORMATS, allowCitations = false }: ExportDialogProps) {
  const { t } = useTranslation('export');
  return (
    <Modal
      title={t('dialog.title')}
      open={source !== undefined}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      width={720}
    >
      {source && <ExportLoader source={source} onClose={onClose} formats={formats} allowCitations={allowCitations} />}
    </Modal>
  );
}

function ExportLoader({
  source,
  onClose,
  formats,
  allowCitations,
}: {
  source: ExportSource;
  onClose: () => void;
  formats: readonly ExportFormat[];
  allowCitations: boolean;
}) {
  const fields = useExportFields();
  if (fields.isError) return <Alert type="error" showIcon title={fields.error.message} data-testid="export-error" />;
  if (!fields.data) return <Spin className="export-loading" />;
  return (
    <ExportForm
      source={source}
      onClose={onClose}
      formats={formats}
      catalogue={fields.data}
      allowCitations={allowCitations}
    />
  );
}

function ExportForm({
  source,
  onClose,
  formats: allFormats,
  catalogue,
  allowCitations,
}: {
  source: ExportSource;
  onClose: () => void;
  formats: readonly ExportFormat[];
  catalogue: ExportFieldsResponse;
  allowCitations: boolean;
}) {
  const { t, i18n } = useTranslation('export');
  const { message } = App.useApp();
  const lang: Language = i18n.language === 'en' ? 'en' : 'zh';
  const locale = lang === 'en' ? 'en-US' : 'zh-CN';
  const runFields = useRunExport();
  const runCitations = useExportCitations();
  const [content, setContent] = useState<ExportContent>('patents');
  const isCitations = content === 'citations';
  const run = isCitations ? runCitations : runFields;
  const formats = isCitations ? CITATION_FORMATS : allFormats;
  const [choice, setChoice] = useState<RowChoice>(
    source.kind === 'results' && (source.allSelected || source.selected.length > 0)
      ? { mode: 'selected' }
      : { mode: 'page' },
  );
  const [format, setFormat] = useState<ExportFormat>(formats[0] ?? 'xlsx');
  const [chosen, setChosen] = useState<ExportFieldId[]>(catalogue.selected);
  const [isReordered, setIsReordered] = useState(false);
  const [fileName, setFileName] = useState('');
  const [task, setTask] = useState<DownloadTask>();

  const labelOf = new Map(catalogue.groups.flatMap((g) => g.fields.map((f) => [f.id, f.label] as const)));
  const position = new Map(catalogue.order.map((id, index) => [id, index]));
  const rowProblem = rowsProblem(source, choice, format, lang, isCitations ? [] : chosen);
  const fileProblem = isBlankFileName(fileName) ? formatErrorMessage('EXPORT_FILENAME_BLANK', lang) : undefined;
  const canSubmit =
    (isCitations || chosen.length > 0) && isChoiceComplete(source, choice) && !rowProblem && !fileProblem;

  const handleSubmit = async () => {
    if (!canSubmit) return;
    const name = fileName.trim();
    const common = {
      target: targetOf(source, choice),
      ...(name ? { filename: name } : {}),
      ...(source.title ? { title: source.title.slice(0, 500) } : {}),
    };
    try {
      const result = isCitations
        ? await runCitations.mutateAsync({ ...common, format: format === 'csv' ? 'csv' : 'xlsx' })
        : await runFields.mutateAsync({
            request: { ...common, fields: chosen, format },
            ...(isReordered ? { order: fullOrder(chosen, catalogue.order) } : {}),
          });
      if (result.kind === 'task') {
        setTask(result.task);
        return;
      }
      saveFile(result.file.fileName, result.file.blob);
      void message.success(t('done.downloaded', { fileName: result.file.fileName }));
      onClose();
    } catch {
      // Shown below from run.error.
    }
  };

  if (task) {
    return (
      <Result
        status="success"
        title={t('done.taskTitle')}
        subTitle={
          <span data-testid="export-task">
            {t('done.taskHint', { title: task.title, total: task.total.toLocaleString(locale) })}
          </span>
        }
        extra={[
          <Link key="open" to={DOWNLOADS_PATH} onClick={onClose}>
            <Button type="primary">{t('done.open')}</Button>
          </Link>,
          <Button key="close" onClick={onClose}>
            {t('dialog.close')}
          </Button>,
        ]}
      />
    );
  }

  return (
    <Form layout="vertical" onFinish={() => void handleSubmit()} className="export-form">
      <RowsChooser source={source} choice={choice} onChange={setChoice} problem={rowProblem} locale={locale} />

      {allowCitations && (
        <Form.Item label={t('content.label')} extra={isCitations ? t('content.citationsHint') : undefined}>
          <Radio.Group
            value={content}
            onChange={(e) => {
              const next = e.target.value as ExportContent;
              setContent(next);
              if (next === 'citations' && !CITATION_FORMATS.includes(format)) setFormat('xlsx');
            }}
            options={[
              { value: 'patents', label: t('content.patents') },
              { value: 'citations', label: t('content.citations') },
            ]}
            aria-label={t('content.label')}
            data-testid="export-content"
          />
        </Form.Item>
      )}

      {!isCitations && (
        <TemplateBar chosen={chosen} onApply={(fields) => setChosen(fields.filter((id) => labelOf.has(id)))} />
      )}

      {!isCitations && (
        <>
          <Form.Item label={t('fields.label')} required>
            <Flex vertical gap={8} className="export-field-groups">
              {catalogue.groups.map((group) => {
                const ids = [...group.fields]
                  .sort((a, b) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0))
                  .map((f) => f.id);
                return (
                  <div key={group.id} className="export-field-group" role="group" aria-label={group.label}>
                    <Typography.Text strong className="export-field-group-label">
                      {group.label}
                    </Typography.Text>
                    <Checkbox.Group
                      value={chosen.filter((id) => ids.includes(id))}
                      onChange={(value) => setChosen(withGroupChoice(chosen, ids, value))}
                      options={ids.map((id) => ({ value: id, label: labelOf.get(id) ?? id }))}
                    />
                  </div>
                );
              })}
            </Flex>
          </Form.Item>

          <Form.Item
            label={t('fields.chosen', { count: chosen.length })}
            validateStatus={chosen.length === 0 ? 'error' : undefined}
            help={chosen.length === 0 ? t('fields.none') : undefined}
          >
            <ol className="export-chosen" data-testid="export-chosen">
              {chosen.map((id, index) => {
                const name = labelOf.get(id) ?? id;
                return (
                  <li key={id} className="export-chosen-item">
                    <span className="export-chosen-name">{name}</span>
                    <Space.Compact size="small">
                      <Button
                        size="small"
                        icon={<ArrowUpOutlined />}
                        aria-label={t('fields.up', { name })}
                        disabled={index === 0}
                        onClick={() => {
                          setChosen(moveField(chosen, index, -1));
                          setIsReordered(true);
                        }}
                      />
                      <Button
                        size="small"
                        icon={<ArrowDownOutlined />}
                        aria-label={t('fields.down', { name })}
                        disabled={index === chosen.length - 1}
                        onClick={() => {
                          setChosen(moveField(chosen, index, 1));
                          setIsReordered(true);
                        }}
                      />
                      <Button
                        size="small"
                        icon={<CloseOutlined />}
                        aria-label={t('fields.remove', { name })}
                        onClick={() => setChosen(chosen.filter((other) => other !== id))}
                      />
                    </Space.Compact>
                  </li>
                );
              })}
            </ol>
          </Form.Item>
        </>
      )}

      <Form.Item label={t('format.label')}>
        <Radio.Group
          value={format}
          onChange={(e) => setFormat(e.target.value as ExportFormat)}
          options={formats.map((f) => ({ value: f, label: t(`format.${f}`) }))}
          aria-label={t('format.label')}
        />
      </Form.Item>

      <Form.Item
        label={t('fileName.label')}
        htmlFor="export-file-name"
        validateStatus={fileProblem ? 'error' : undefined}
        help={fileProblem ? <span data-testid="export-file-name-error">{fileProblem}</span> : undefined}
      >
        <Space.Compact className="export-file-name">
          <Input
            id="export-file-name"
            value={fileName}
            maxLength={MAX_EXPORT_FILENAME_LENGTH}
            placeholder={t('fileName.placeholder')}
            onChange={(e) => setFileName(e.target.value)}
          />
          <Space.Addon>.{format}</Space.Addon>
        </Space.Compact>
      </Form.Item>

      {run.isError && (
        <Alert type="error" showIcon title={run.error.message} className="export-alert" data-testid="export-error" />
      )}
      <Flex justify="end" gap={8}>
        <Button onClick={onClose}>{t('dialog.cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={run.isPending} disabled={!canSubmit}>
          {t('dialog.ok')}
        </Button>
      </Flex>
    </Form>
  );
}
