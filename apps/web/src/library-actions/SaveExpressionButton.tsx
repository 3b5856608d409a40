import { useState } from 'react';
import { Alert, App, Button, Form, Input, Modal, Typography } from 'antd';
import { SaveOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { MAX_LIBRARY_NAME_LENGTH } from '@patlas/contracts';
import { LIBRARY_PATH } from '../app/paths';
import { toSearchState, type ResultUrlState } from '../search-state/search-url-state';
import { useSaveExpression } from './queries';

/** The saved-expression tab of the library page. */
export const SAVED_EXPRESSIONS_PATH = `${LIBRARY_PATH}?tab=searchExp`;

/** A first name for the search: its expression (or search within), cut to the name limit. */
function defaultName(state: ResultUrlState, setLabel: string | undefined): string {
  const base = [setLabel, state.expression, state.second].filter(Boolean).join(' · ');
  return base.slice(0, MAX_LIBRARY_NAME_LENGTH);
}

interface SaveExpressionButtonProps {
  state: ResultUrlState;
  /** A set's label (a semantic search's text, a folder's name), for the default name. */
  setLabel?: string;
}

/**
 * 保存检索式 on the result page: the page's whole state (expression, search within, filters,
 * sort, view…) under a name, in the archive (spec 2 §2 `tab=searchExp`), which reopens it exactly.
 */
export function SaveExpressionButton({ state, setLabel }: SaveExpressionButtonProps) {
  const { t } = useTranslation('library');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const save = useSaveExpression();
  const [isOpen, setOpen] = useState(false);
  const [form] = Form.useForm<{ name: string }>();

  const handleOpen = () => {
    save.reset();
    setOpen(true);
  };
  const handleSave = async ({ name }: { name: string }) => {
    try {
      await save.mutateAsync({ name: name.trim(), state: toSearchState({ ...state, page: 1 }) });
      setOpen(false);
      void message.success({
        content: (
          <span>
            {t('saveExp.saved')}{' '}
            <Typography.Link onClick={() => void navigate(SAVED_EXPRESSIONS_PATH)}>{t('saveExp.open')}</Typography.Link>
          </span>
        ),
      });
    } catch {
      // Shown in the dialog from save.error.
    }
  };

  return (
    <>
      <Button icon={<SaveOutlined />} onClick={handleOpen} data-testid="save-expression-button">
        {t('saveExp.button')}
      </Button>
      <Modal
        title={t('saveExp.title')}
        open={isOpen}
        onCancel={() => setOpen(false)}
        onOk={() => form.submit()}
        okText={t('form.ok')}
        cancelText={t('form.cancel')}
        confirmLoading={save.isPending}
        destroyOnHidden
      >
        <Form
          form={form}
          layout="vertical"
          initialValues={{ name: defaultName(state, setLabel) }}
          onFinish={(values) => void handleSave(values)}
        >
          <Form.Item
            name="name"
            label={t('saveExp.name')}
            rules={[
              { required: true, whitespace: true, message: t('saveExp.nameRequired') },
              { max: MAX_LIBRARY_NAME_LENGTH, message: t('saveExp.nameTooLong', { max: MAX_LIBRARY_NAME_LENGTH }) },
            ]}
          >
            <Input
              maxLength={MAX_LIBRARY_NAME_LENGTH + 20}
              showCount={{ formatter: ({ count }) => `${count}/${MAX_LIBRARY_NAME_LENGTH}` }}
            />
          </Form.Item>
          {(state.expression || state.second) && (
            <Form.Item label={t('saveExp.expression')}>
              <Typography.Paragraph code ellipsis={{ rows: 3, expandable: true }} className="library-save-expression">
                {[state.expression, state.second].filter(Boolean).join(' AND ')}
              </Typography.Paragraph>
            </Form.Item>
          )}
          {save.isError && <Alert type="error" showIcon title={save.error.message} />}
        </Form>
      </Modal>
    </>
  );
}
