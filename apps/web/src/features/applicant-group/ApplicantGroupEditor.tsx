import { App, Button, Form, Input, List, Modal, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  MAX_APPLICANT_GROUP_MEMBERS,
  MAX_APPLICANT_GROUP_NAME_LENGTH,
  normaliseApplicantGroupName,
  type ApplicantGroup,
  type ApplicantGroupMember,
  type ApplicantSuggestion,
} from '@patlas/contracts';
import { ApiError } from '../../api/client';
import { useApiContext } from '../../api/useApiContext';
import { searchApplicants } from './api';
import { validValues } from '../../utils/valid-values';

export interface EditorValues {
  name: string;
  members: ApplicantGroupMember[];
}

interface Props {
  /** the group edited; undefined: a new one */
  group: ApplicantGroup | undefined;
  open: boolean;
  saving: boolean;
  onSave: (values: EditorValues) => void;
  onCancel: () => void;
}

/**
 * Creating or editing an applicant group: its name (spec 2 §5: Chinese and uppercase letters, no
 * digits; lowercase becomes uppercase as typed) and its applicants, each with its other spellings.
 * The standardised applicants (PA-STD) suggest names with the spellings they merge.
 */
export function ApplicantGroupEditor({ group, open, saving, onSave, onCancel }: Props) {
  const { t } = useTranslation('applicantGroup');
  const { lang, messages } = useApiContext();
  const { message: toast } = App.useApp();
  const [form] = Form.useForm<EditorValues>();
  const [suggestions, setSuggestions] = useState<ApplicantSuggestion[]>();
  const [searching, setSearching] = useState(false);

  const suggest = async (keyword: string) => {
    if (!keyword.trim()) return;
    setSearching(true);
    try {
      setSuggestions((await searchApplicants(keyword.trim(), { lang, messages })).items);
    } catch (error) {
      void toast.error(error instanceof ApiError ? error.message : t('failed'));
    } finally {
      setSearching(false);
    }
  };

  const add = (suggestion: ApplicantSuggestion) => {
    const members = (form.getFieldValue('members') as ApplicantGroupMember[] | undefined) ?? [];
    const kept = members.filter((m) => m?.name?.trim());
    if (kept.some((m) => m.name === suggestion.name)) return;
    form.setFieldValue('members', [...kept, { name: suggestion.name, variants: suggestion.variants }]);
  };

  const nameRule = {
    validator: async (_: unknown, value: string | undefined) => {
      const checked = normaliseApplicantGroupName(value ?? '');
      if (checked.ok) return;
      throw new Error(t(`nameRules.${checked.code}`, { max: MAX_APPLICANT_GROUP_NAME_LENGTH }));
    },
  };

  const submit = async () => {
    const values = await validValues(form);
    if (!values) return;
    const members = (values.members ?? [])
      .filter((m) => m?.name?.trim())
      .map((m) => ({ name: m.name.trim(), variants: (m.variants ?? []).map((v) => v.trim()).filter(Boolean) }));
    onSave({ name: values.name.trim().toUpperCase(), members });
  };

  return (
    <Modal
      open={open}
      title={group ? t('editTitle', { name: group.name }) : t('create')}
      okText={t('save')}
      cancelText={t('cancel')}
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={onCancel}
      destroyOnHidden
      width={760}
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ name: group?.name ?? '', members: group ? group.members : [{ name: '', variants: [] }] }}
      >
        <Form.Item
          name="name"
          label={t('name')}
          extra={t('nameHint')}
          rules={[nameRule]}
          normalize={(value: string) => value.toUpperCase()}
          validateTrigger={['onChange', 'onBlur']}
        >
          <Input aria-label={t('name')} maxLength={MAX_APPLICANT_GROUP_NAME_LENGTH + 10} />
        </Form.Item>
        <Typography.Text strong>{t('members')}</Typography.Text>
        <Form.List
          name="members"
          rules={[
            {
              validator: async (_, value: ApplicantGroupMember[] | undefined) => {
                if (!(value ?? []).some((m) => m?.name?.trim())) throw new Error(t('membersRequired'));
              },
            },
          ]}
        >
          {(fields, { add: addRow, remove }, { errors }) => (
            <>
              {fields.map((field, index) => (
                <Space key={field.key} align="start" style={{ display: 'flex', marginTop: 8 }}>
                  <Form.Item name={[field.name, 'name']} noStyle>
                    <Input
                      aria-label={t('memberName', { n: index + 1 })}
                      placeholder={t('memberName', { n: index + 1 })}
                      style={{ width: 260 }}
                      maxLength={100}
                    />
                  </Form.Item>
                  <Form.Item name={[field.name, 'variants']} noStyle>
                    <Select
                      mode="tags"
                      aria-label={t('variants', { n: index + 1 })}
                      placeholder={t('variantsHint')}
                      style={{ width: 330 }}
                      tokenSeparators={[';', '；']}
                      open={false}
                    />
                  </Form.Item>
                  <Button onClick={() => remove(field.name)}>{t('removeMember')}</Button>
                </Space>
              ))}
              <Button
                style={{ marginTop: 8 }}
                disabled={fields.length >= MAX_APPLICANT_GROUP_MEMBERS}
                onClick={() => addRow({ name: '', variants: [] })}
              >
                {t('addMember')}
              </Button>
              <Form.ErrorList errors={errors} />
            </>
          )}
        </Form.List>
      </Form>
      <div style={{ marginTop: 16 }}>
        <Typography.Text strong>{t('suggest')}</Typography.Text>
        <Input.Search
          aria-label={t('suggest')}
          placeholder={t('suggestHint')}
          enterButton={t('suggestButton')}
          loading={searching}
          onSearch={(value) => void suggest(value)}
          style={{ marginTop: 8 }}
        />
        {suggestions && (
          <List
            size="small"
            locale={{ emptyText: t('noSuggestions') }}
            dataSource={suggestions}
            style={{ maxHeight: 220, overflow: 'auto' }}
            renderItem={(item) => (
              <List.Item
                actions={[
                  <Button
                    key="add"
                    size="small"
                    onClick={() => add(item)}
                    aria-label={t('addSuggestion', { name: item.name })}
                  >
                    {t('add')}
                  </Button>,
                ]}
              >
                <List.Item.Meta
                  title={`${item.name}（${t('patents', { count: item.count })}）`}
                  description={item.variants.length ? t('spellings', { list: item.variants.join('；') }) : undefined}
                />
              </List.Item>
            )}
          />
        )}
      </div>
    </Modal>
  );
}
