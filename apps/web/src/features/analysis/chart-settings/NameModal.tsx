import { useTranslation } from 'react-i18next';
import { Form, Input, Modal } from 'antd';
import { MAX_CHART_NAME_LENGTH } from '@patlas/contracts';

/** A one-field dialog for a folder or chart name (1–100 characters). */
export function NameModal(props: {
  title: string;
  label: string;
  initial: string;
  isSaving: boolean;
  onSave: (name: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('chartSettings');
  const [form] = Form.useForm<{ name: string }>();
  return (
    <Modal
      open
      title={props.title}
      okText={t('actions.save')}
      cancelText={t('actions.cancel')}
      confirmLoading={props.isSaving}
      onOk={() => form.submit()}
      onCancel={props.onCancel}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ name: props.initial }}
        onFinish={(v) => props.onSave(v.name.trim())}
      >
        <Form.Item name="name" label={props.label} rules={nameRules(t)}>
          <Input autoFocus maxLength={MAX_CHART_NAME_LENGTH + 1} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export function nameRules(t: (key: 'charts.nameRequired' | 'charts.nameTooLong', options?: { max: number }) => string) {
  return [
    { required: true, whitespace: true, message: t('charts.nameRequired') },
    { max: MAX_CHART_NAME_LENGTH, message: t('charts.nameTooLong', { max: MAX_CHART_NAME_LENGTH }) },
  ];
}
