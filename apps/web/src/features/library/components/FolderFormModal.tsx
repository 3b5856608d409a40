import { useEffect } from 'react';
import { Alert, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { MAX_LIBRARY_NAME_LENGTH, MAX_LIBRARY_REMARK_LENGTH, type LibraryFolder } from '@patlas/contracts';

/** What the form edits: a new library or sub-folder, a folder's name, or its remark. */
export type FolderFormMode =
  | { kind: 'create'; parent: LibraryFolder | null }
  | { kind: 'rename'; folder: LibraryFolder }
  | { kind: 'remark'; folder: LibraryFolder };

export interface FolderFormValues {
  name: string;
  remark: string;
}

interface FolderFormModalProps {
  mode: FolderFormMode | undefined;
  isSaving: boolean;
  error: Error | null;
  onSubmit: (values: FolderFormValues) => void;
  onClose: () => void;
}

/** Create, rename or remark a folder: spec 2 §5 "names at most 100", "remark at most 100". */
export function FolderFormModal({ mode, isSaving, error, onSubmit, onClose }: FolderFormModalProps) {
  const { t } = useTranslation('library');
  const [form] = Form.useForm<FolderFormValues>();
  useEffect(() => {
    if (!mode) return;
    form.resetFields();
    if (mode.kind !== 'create') form.setFieldsValue({ name: mode.folder.name, remark: mode.folder.remark });
  }, [mode, form]);

  const title = !mode
    ? ''
    : mode.kind === 'create'
      ? mode.parent
        ? t('form.createChildTitle', { name: mode.parent.name })
        : t('form.createTitle')
      : mode.kind === 'rename'
        ? t('form.renameTitle')
        : t('form.remarkTitle');
  const showName = mode?.kind !== 'remark';
  const showRemark = mode?.kind !== 'rename';

  return (
    <Modal
      title={title}
      open={mode !== undefined}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('form.ok')}
      cancelText={t('form.cancel')}
      confirmLoading={isSaving}
      forceRender
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={(values) => onSubmit({ name: (values.name ?? '').trim(), remark: (values.remark ?? '').trim() })}
        className="library-folder-form"
      >
        {showName && (
          <Form.Item
            name="name"
            label={t('form.name')}
            rules={[
              { required: true, whitespace: true, message: t('form.nameRequired') },
              { max: MAX_LIBRARY_NAME_LENGTH, message: t('form.nameTooLong', { max: MAX_LIBRARY_NAME_LENGTH }) },
            ]}
          >
            <Input placeholder={t('form.namePlaceholder', { max: MAX_LIBRARY_NAME_LENGTH })} autoFocus />
          </Form.Item>
        )}
        {showRemark && (
          <Form.Item
            name="remark"
            label={t('form.remark')}
            rules={[
              { max: MAX_LIBRARY_REMARK_LENGTH, message: t('form.remarkTooLong', { max: MAX_LIBRARY_REMARK_LENGTH }) },
            ]}
          >
            <Input.TextArea rows={3} placeholder={t('form.remarkPlaceholder', { max: MAX_LIBRARY_REMARK_LENGTH })} />
          </Form.Item>
        )}
        {error && <Alert type="error" showIcon title={error.message} />}
      </Form>
    </Modal>
  );
}
