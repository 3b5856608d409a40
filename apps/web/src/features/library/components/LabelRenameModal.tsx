import { useEffect } from 'react';
import { Alert, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { MAX_LIBRARY_LABEL_NAME_LENGTH, type LibraryLabel } from '@patlas/contracts';

interface LabelRenameModalProps {
  /** Undefined: the dialog is closed. */
  label: LibraryLabel | undefined;
  isSaving: boolean;
  error: Error | null;
  onSubmit: (name: string) => void;
  onClose: () => void;
}

/**
 * Renames an indexing label, as FolderFormModal renames a folder: the name is required and at most
 * 50 characters; the server refuses a name a sibling label has (LABEL_NAME_TAKEN), shown here.
 */
export function LabelRenameModal({ label, isSaving, error, onSubmit, onClose }: LabelRenameModalProps) {
  const { t } = useTranslation('library');
  const [form] = Form.useForm<{ name: string }>();
  useEffect(() => {
    if (label) form.setFieldsValue({ name: label.name });
  }, [label, form]);

  return (
    <Modal
      title={label ? t('labels.renameTitle', { name: label.name }) : ''}
      open={label !== undefined}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('form.ok')}
      cancelText={t('form.cancel')}
      confirmLoading={isSaving}
      forceRender
    >
      {/* Named: its field ids must not clash with the folder form's (both stay rendered). */}
      <Form
        form={form}
        name="label-rename"
        layout="vertical"
        onFinish={(values) => onSubmit((values.name ?? '').trim())}
        className="library-label-form"
      >
        <Form.Item
          name="name"
          label={t('labels.name')}
          rules={[
            { required: true, whitespace: true, message: t('labels.nameRequired') },
            {
              max: MAX_LIBRARY_LABEL_NAME_LENGTH,
              message: t('labels.nameTooLong', { max: MAX_LIBRARY_LABEL_NAME_LENGTH }),
            },
          ]}
        >
          <Input autoFocus data-testid="label-rename-input" />
        </Form.Item>
        {error && <Alert type="error" showIcon title={error.message} />}
      </Form>
    </Modal>
  );
}
