import { useState } from 'react';
import { Alert, App, Button, Flex, Form, Input, Popconfirm, Select, Space } from 'antd';
import { DeleteOutlined, SaveOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  formatErrorMessage,
  MAX_EXPORT_TEMPLATE_NAME_LENGTH,
  MAX_EXPORT_TEMPLATES,
  type ExportFieldId,
  type Language,
} from '@patlas/contracts';
import { useDeleteTemplate, useExportTemplates, useSaveTemplate } from './queries';

/** Templates (spec 2 §5): apply one, delete it, or save the chosen fields under a name of at most 8. */
export function TemplateBar({
  chosen,
  onApply,
}: {
  chosen: ExportFieldId[];
  onApply: (fields: ExportFieldId[]) => void;
}) {
  const { t, i18n } = useTranslation('export');
  const { message } = App.useApp();
  const lang: Language = i18n.language === 'en' ? 'en' : 'zh';
  const templates = useExportTemplates();
  const save = useSaveTemplate();
  const remove = useDeleteTemplate();
  const [templateId, setTemplateId] = useState<string>();
  const [name, setName] = useState('');
  const list = templates.data ?? [];
  const current = list.find((item) => item.id === templateId);
  const trimmed = name.trim();
  const isTooLong = trimmed.length > MAX_EXPORT_TEMPLATE_NAME_LENGTH;
  const isFull = list.length >= MAX_EXPORT_TEMPLATES;

  const handleSave = async () => {
    if (!trimmed || isTooLong || chosen.length === 0) return;
    try {
      const template = await save.mutateAsync({ name: trimmed, fields: chosen });
      setName('');
      if (template) setTemplateId(template.id);
      void message.success(t('templates.saved', { name: trimmed }));
    } catch {
      // Shown below from save.error.
    }
  };

  const handleDelete = async () => {
    if (!current) return;
    try {
      await remove.mutateAsync(current.id);
      setTemplateId(undefined);
      void message.success(t('templates.deleted', { name: current.name }));
    } catch {
      // Shown below from remove.error.
    }
  };

  const nameHelp = isTooLong
    ? t('templates.nameTooLong', { max: MAX_EXPORT_TEMPLATE_NAME_LENGTH })
    : trimmed && chosen.length === 0
      ? t('fields.none')
      : isFull
        ? formatErrorMessage('EXPORT_TEMPLATE_LIMIT', lang, { max: MAX_EXPORT_TEMPLATES })
        : undefined;

  return (
    <Form.Item label={t('templates.label', { count: list.length, max: MAX_EXPORT_TEMPLATES })}>
      <Flex vertical gap={8}>
        <Flex gap={8} wrap>
          <Select
            className="export-template-select"
            value={templateId}
            placeholder={t('templates.placeholder')}
            aria-label={t('templates.placeholder')}
            loading={templates.isPending}
            allowClear
            options={list.map((item) => ({ value: item.id, label: item.name }))}
            onChange={(id: string | undefined) => {
              setTemplateId(id);
              const template = list.find((item) => item.id === id);
              if (template) onApply(template.fields);
            }}
          />
          <Popconfirm
            title={t('templates.deleteConfirm', { name: current?.name ?? '' })}
            okText={t('templates.deleteOk')}
            cancelText={t('dialog.cancel')}
            okButtonProps={{ danger: true }}
            onConfirm={() => void handleDelete()}
            disabled={!current}
          >
            <Button icon={<DeleteOutlined />} disabled={!current} loading={remove.isPending}>
              {t('templates.delete')}
            </Button>
          </Popconfirm>
        </Flex>
        <Form.Item
          validateStatus={nameHelp && (isTooLong || chosen.length === 0) ? 'error' : undefined}
          help={nameHelp}
          className="export-template-name"
        >
          <Space.Compact className="export-template-save">
            <Input
              value={name}
              onChange={(e) => setName(e.target.value)}
              placeholder={t('templates.namePlaceholder', { max: MAX_EXPORT_TEMPLATE_NAME_LENGTH })}
              aria-label={t('templates.name')}
              onPressEnter={(e) => {
                e.preventDefault();
                void handleSave();
              }}
            />
            <Button
              icon={<SaveOutlined />}
              onClick={() => void handleSave()}
              loading={save.isPending}
              disabled={!trimmed || isTooLong || chosen.length === 0}
            >
              {t('templates.save')}
            </Button>
          </Space.Compact>
        </Form.Item>
        {save.isError && <Alert type="error" showIcon title={save.error.message} data-testid="export-template-error" />}
        {remove.isError && <Alert type="error" showIcon title={remove.error.message} />}
        {templates.isError && <Alert type="error" showIcon title={templates.error.message} />}
      </Flex>
    </Form.Item>
  );
}
