import { Alert, App, Button, Flex, Form, Input, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { MAX_INPUT_LENGTH } from '@patlas/contracts';
import type { DisplayCopyItem } from './api';
import { useDisplayCopy, useSaveDisplayCopy } from './queries';

/** Site text items are short labels and statements; a page of text is not what they are for. */
const COPY_CONTENT_MAX_LENGTH = 2_000;

/** /sys/copy: the site text (GET /system/display/copy) as editable name/content rows. */
export function CopyPage() {
  const { t } = useTranslation('sys');
  const { message } = App.useApp();
  const copy = useDisplayCopy();
  const save = useSaveDisplayCopy();

  if (copy.isPending) return <Skeleton active />;
  if (copy.isError) return <Alert type="error" showIcon title={copy.error.message} />;

  const handleSubmit = ({ items }: { items: DisplayCopyItem[] }) =>
    save.mutate(
      items.map((item) => ({ name: item.name.trim(), content: item.content })),
      { onSuccess: () => void message.success(t('copy.saved')) },
    );

  return (
    <Form<{ items: DisplayCopyItem[] }> layout="vertical" initialValues={{ items: copy.data }} onFinish={handleSubmit}>
      <Typography.Paragraph type="secondary">{t('copy.hint')}</Typography.Paragraph>
      <Form.List name="items">
        {(fields, { add, remove }) => (
          <Flex vertical gap={8}>
            {fields.map((field) => (
              <Flex key={field.key} gap={8} align="start">
                <Form.Item
                  name={[field.name, 'name']}
                  style={{ width: 240, marginBottom: 0 }}
                  rules={[
                    { required: true, whitespace: true, message: t('copy.rules.nameRequired') },
                    ({ getFieldValue }) => ({
                      validator: (_rule, value: string | undefined) => {
                        const names = (getFieldValue('items') as DisplayCopyItem[]).map((item) => item?.name?.trim());
                        return value && names.filter((name) => name === value.trim()).length > 1
                          ? Promise.reject(new Error(t('copy.rules.nameDuplicate')))
                          : Promise.resolve();
                      },
                    }),
                  ]}
                >
                  <Input aria-label={t('copy.name')} placeholder={t('copy.name')} maxLength={MAX_INPUT_LENGTH} />
                </Form.Item>
                <Form.Item name={[field.name, 'content']} style={{ flex: 1, marginBottom: 0 }}>
                  <Input.TextArea
                    aria-label={t('copy.content')}
                    placeholder={t('copy.content')}
                    maxLength={COPY_CONTENT_MAX_LENGTH}
                    autoSize={{ minRows: 1, maxRows: 6 }}
                  />
                </Form.Item>
                <Button danger onClick={() => remove(field.name)}>
                  {t('common.delete')}
                </Button>
              </Flex>
            ))}
            <div>
              <Button type="dashed" onClick={() => add({ name: '', content: '' })}>
                {t('copy.add')}
              </Button>
            </div>
          </Flex>
        )}
      </Form.List>
      {save.isError && <Alert type="error" showIcon title={save.error.message} style={{ marginTop: 16 }} />}
      <Button type="primary" htmlType="submit" loading={save.isPending} style={{ marginTop: 16 }}>
        {t('common.save')}
      </Button>
    </Form>
  );
}
