import { useMemo, useState } from 'react';
import { App, Button, Card, Flex, Form, Input, Modal, Popconfirm, Select, Space, Tooltip, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined, ReloadOutlined, SaveOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { MAX_ADVANCED_TEMPLATE_FIELDS, MAX_INPUT_LENGTH } from '@patlas/contracts';
import { FIELDS, getFieldById } from '@patlas/query';
import { ExpressionEditor } from '../../components/ExpressionEditor/ExpressionEditor';
import { searchResultPath } from '../../app/paths';
import {
  buildAdvancedExpression,
  rowsForFields,
  type FormRow,
  type RowOperator,
} from '../../expression-forms/advanced-expression';
import { FieldRowInput } from './FieldRowInput';
import { useAddTemplate, useDeleteTemplate, useLastSearchFields, useSaveLastFields, useTemplates } from './queries';
import './advanced-search.css';

/** Fields a form row can hold: every dictionary field with a value the form can write. */
const FORM_FIELDS = FIELDS.filter((f) => f.id !== 'FT');

/**
 * Advanced search (spec 1 §1, §5): rows over the field dictionary, joined by AND/OR/NOT, writing
 * an expression shown live in the editor, where it can also be edited by hand before searching.
 * Templates keep a named choice of rows; the chosen template is in the URL (`?template=`).
 */
export function AdvancedSearchPage() {
  const { t, i18n } = useTranslation('advancedSearch');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const templates = useTemplates();
  const lastFields = useLastSearchFields();
  const addTemplate = useAddTemplate();
  const deleteTemplate = useDeleteTemplate();
  const saveLastFields = useSaveLastFields();
  /** The rows once the user changed them; before that, the rows of the template or last search. */
  const [ownRows, setOwnRows] = useState<FormRow[] | undefined>(undefined);
  const [editedExpression, setEditedExpression] = useState<string | undefined>(undefined);
  const [isSaving, setIsSaving] = useState(false);
  const [form] = Form.useForm<{ name: string }>();

  const templateId = params.get('template') ?? undefined;
  const chosen = templates.data?.find((tpl) => tpl.id === templateId);
  const isEnglish = i18n.language === 'en';
  const labelOf = (id: string) => {
    const def = getFieldById(id);
    return def ? (isEnglish ? def.en : def.zh) : id;
  };

  // The first rows: the template in the URL, else the last search's fields, else the default template.
  const initial = useMemo(() => {
    if (!templates.data || !lastFields.data) return undefined;
    const fallback = templates.data.find((tpl) => tpl.isDefault) ?? templates.data[0];
    if (chosen) return { rows: rowsForFields(chosen.fields), templateId: chosen.id };
    if (lastFields.data.fields.length > 0)
      return { rows: rowsForFields(lastFields.data.fields), templateId: undefined };
    return { rows: rowsForFields(fallback?.fields ?? ['TIABC']), templateId: fallback?.id };
  }, [templates.data, lastFields.data, chosen]);
  const initialRows = initial?.rows;
  const rows = ownRows ?? initialRows;
  const setRows = (update: (current: FormRow[]) => FormRow[]) => setOwnRows((own) => update(own ?? initialRows ?? []));

  const builtExpression = useMemo(() => buildAdvancedExpression(rows ?? []), [rows]);
  const expression = editedExpression ?? builtExpression;

  const changeRow = (index: number, patch: Partial<FormRow>) => {
    setRows((current) => current.map((row, i) => (i === index ? { ...row, ...patch } : row)));
    // Changing the form writes the expression again.
    setEditedExpression(undefined);
  };
  const removeRow = (index: number) => {
    setRows((current) => current.filter((_, i) => i !== index));
    setEditedExpression(undefined);
  };
  const addRow = (field: string) => {
    setRows((current) => [...current, { field, operator: 'AND' }]);
  };
  const applyTemplate = (id: string) => {
    const template = templates.data?.find((tpl) => tpl.id === id);
    if (!template) return;
    setParams({ template: id });
    setOwnRows(rowsForFields(template.fields));
    setEditedExpression(undefined);
  };
  const clearForm = () => {
    setRows((current) => current.map((row) => ({ field: row.field, operator: 'AND' })));
    setEditedExpression(undefined);
  };

  const submit = (text: string) => {
    const fields = (rows ?? []).map((row) => row.field).slice(0, MAX_ADVANCED_TEMPLATE_FIELDS);
    if (fields.length > 0) saveLastFields.mutate(fields);
    void navigate(searchResultPath(text));
  };

  const saveTemplate = async () => {
    const { name } = await form.validateFields();
    try {
      const saved = await addTemplate.mutateAsync({ name, fields: (rows ?? []).map((row) => row.field) });
      void message.success(t('templateSaved', { name: saved.name }));
      setParams({ template: saved.id });
      setIsSaving(false);
      form.resetFields();
    } catch (error) {
      void message.error((error as Error).message);
    }
  };
  const removeTemplate = async () => {
    if (!chosen) return;
    try {
      await deleteTemplate.mutateAsync(chosen.id);
      void message.success(t('templateDeleted', { name: chosen.name }));
      setParams({});
    } catch (error) {
      void message.error((error as Error).message);
    }
  };

  const usedFields = new Set((rows ?? []).map((row) => row.field));
  const loadError = templates.error ?? lastFields.error;

  return (
    <Flex vertical gap={16} className="advanced-search-page">
      <Card
        title={t('title')}
        extra={
          <Space wrap>
            <Select
              aria-label={t('template')}
              placeholder={t('chooseTemplate')}
              value={chosen?.id ?? (ownRows === undefined ? initial?.templateId : undefined)}
              loading={templates.isLoading}
              onChange={applyTemplate}
              options={(templates.data ?? []).map((tpl) => ({
                value: tpl.id,
                label: tpl.isDefault ? `${tpl.name} (${t('default')})` : tpl.name,
              }))}
              className="advanced-template-select"
            />
            <Button icon={<SaveOutlined />} onClick={() => setIsSaving(true)} disabled={!rows?.length}>
              {t('saveTemplate')}
            </Button>
            <Popconfirm
              title={t('deleteTemplateConfirm', { name: chosen?.name ?? '' })}
              onConfirm={removeTemplate}
              okText={t('delete')}
              cancelText={t('cancel')}
              disabled={!chosen || chosen.isDefault}
            >
              <Tooltip title={chosen?.isDefault ? t('defaultUndeletable') : undefined}>
                <Button icon={<DeleteOutlined />} danger disabled={!chosen || chosen.isDefault}>
                  {t('deleteTemplate')}
                </Button>
              </Tooltip>
            </Popconfirm>
          </Space>
        }
      >
        {loadError && <Typography.Text type="danger">{loadError.message}</Typography.Text>}
        <Flex vertical gap={8} role="list" aria-label={t('rows')}>
          {(rows ?? []).map((row, index) => {
            const field = getFieldById(row.field);
            if (!field) return null;
            const label = labelOf(row.field);
            return (
              <Flex key={`${row.field}-${index}`} gap={8} align="center" role="listitem" className="advanced-row">
                <Select<RowOperator>
                  aria-label={t('rowOperator', { field: label })}
                  value={row.operator}
                  disabled={index === 0 && row.operator !== 'NOT'}
                  onChange={(operator) => changeRow(index, { operator })}
                  options={(['AND', 'OR', 'NOT'] as const).map((op) => ({ value: op, label: op }))}
                  className="advanced-operator"
                />
                <Typography.Text className="advanced-label" title={field.id}>
                  {label}
                  <Typography.Text type="secondary"> {field.id}</Typography.Text>
                </Typography.Text>
                <FieldRowInput field={field} row={row} label={label} onChange={(patch) => changeRow(index, patch)} />
                <Button
                  type="text"
                  aria-label={t('removeRow', { field: label })}
                  icon={<DeleteOutlined />}
                  onClick={() => removeRow(index)}
                />
              </Flex>
            );
          })}
        </Flex>
        <Space className="advanced-actions" wrap>
          <Select
            aria-label={t('addField')}
            placeholder={
              <>
                <PlusOutlined /> {t('addField')}
              </>
            }
            value={null}
            showSearch={{ optionFilterProp: 'label' }}
            onChange={(id: string) => addRow(id)}
            disabled={(rows?.length ?? 0) >= MAX_ADVANCED_TEMPLATE_FIELDS}
            options={FORM_FIELDS.filter((f) => !usedFields.has(f.id)).map((f) => ({
              value: f.id,
              label: `${isEnglish ? f.en : f.zh} (${f.id})`,
            }))}
            className="advanced-add-field"
          />
          <Button onClick={clearForm}>{t('clear')}</Button>
        </Space>
      </Card>
      <Card
        title={t('expression')}
        extra={
          editedExpression !== undefined && (
            <Button icon={<ReloadOutlined />} onClick={() => setEditedExpression(undefined)}>
              {t('rebuild')}
            </Button>
          )
        }
      >
        <Typography.Paragraph type="secondary">{t('expressionHint')}</Typography.Paragraph>
        <ExpressionEditor
          value={expression}
          onChange={setEditedExpression}
          onSubmit={submit}
          submitText={t('search')}
          nearTerms
          extractKeywords
          clauseTree={{}}
          recallCheck
        />
      </Card>
      <Modal
        open={isSaving}
        title={t('saveTemplate')}
        okText={t('save')}
        cancelText={t('cancel')}
        confirmLoading={addTemplate.isPending}
        onOk={saveTemplate}
        onCancel={() => setIsSaving(false)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical">
          <Form.Item
            name="name"
            label={t('templateName')}
            rules={[
              { required: true, whitespace: true, message: t('templateNameRequired') },
              { max: MAX_INPUT_LENGTH, message: t('templateNameTooLong', { max: MAX_INPUT_LENGTH }) },
            ]}
          >
            <Input autoFocus maxLength={MAX_INPUT_LENGTH} />
          </Form.Item>
          <Typography.Text type="secondary">
            {t('templateFields', { fields: (rows ?? []).map((row) => labelOf(row.field)).join('、') })}
          </Typography.Text>
        </Form>
      </Modal>
    </Flex>
  );
}
