import { useState } from 'react';
import { Alert, App, Button, Flex, Form, Input, Modal, Popconfirm, Skeleton, Switch, Typography, Upload } from 'antd';
import { ResizableTable as Table } from '../../components/ui/resizable-table';
import { useTranslation } from 'react-i18next';
import {
  MAX_TOPIC_DESCRIPTION_LENGTH,
  MAX_TOPIC_NAME_LENGTH,
  MAX_TOPIC_PICTURE_BYTES,
  type SpecialTopic,
  type SpecialTopicInput,
} from '@patlas/contracts';
import { ApiError } from '../../api/client';
import { urlOfPicture } from './picture-url';
import {
  useCreateTopic,
  useDeleteTopic,
  useDeleteTopicPicture,
  useOrderTopics,
  useTopics,
  useUpdateTopic,
  useUploadTopicPicture,
} from './queries';
import './special-topics.css';
import { validValues } from '../../utils/valid-values';

type FormValues = Required<Omit<SpecialTopicInput, 'enabled'>>;
const PICTURE_ACCEPT = 'image/jpeg,image/png,image/webp';

/**
 * /sys/specialTopics: the home page's topics — name (zh/en), expression (refused with the query
 * language's message when invalid), description, picture, order and on/off.
 */
export function SpecialTopicsPage() {
  const { t } = useTranslation('specialTopics');
  const { message } = App.useApp();
  const topics = useTopics();
  const create = useCreateTopic();
  const update = useUpdateTopic();
  const remove = useDeleteTopic();
  const order = useOrderTopics();
  const upload = useUploadTopicPicture();
  const removePicture = useDeleteTopicPicture();
  const [editing, setEditing] = useState<SpecialTopic | 'new' | null>(null);
  // Kept while the dialog closes, so its title does not change during the animation.
  const [isNew, setNew] = useState(true);
  // Set and cleared by the save itself, so the Save button is ready again the moment a refusal shows
  // (the mutation's own pending flag reaches the page a tick later, and a click then would be lost).
  const [isSaving, setSaving] = useState(false);
  const [form] = Form.useForm<FormValues>();

  if (topics.isPending) return <Skeleton active />;
  if (topics.isError) return <Alert type="error" showIcon title={topics.error.message} />;
  const list = topics.data;

  const open = (topic: SpecialTopic | 'new') => {
    setEditing(topic);
    setNew(topic === 'new');
    form.setFieldsValue(
      topic === 'new'
        ? { nameZh: '', nameEn: '', expression: '', descriptionZh: '', descriptionEn: '' }
        : {
            nameZh: topic.nameZh,
            nameEn: topic.nameEn,
            expression: topic.expression,
            descriptionZh: topic.descriptionZh,
            descriptionEn: topic.descriptionEn,
          },
    );
  };

  const handleSave = async () => {
    // A field the rules refuse shows its message under it; nothing is sent.
    const values = await validValues(form);
    if (!values) return;
    const onError = (err: Error) => {
      // The server's message is the query language's own (with its column).
      if (err instanceof ApiError && err.code.startsWith('QUERY_')) {
        form.setFields([{ name: 'expression', errors: [err.message] }]);
      } else void message.error(err.message);
    };
    if (editing === null) return;
    // The promise of this very call (not mutate's per-call callbacks, which a later call or a
    // re-subscribed observer can drop): the dialog closes once the server saved the topic, which
    // the mutation has then put in the list.
    setSaving(true);
    try {
      if (editing === 'new') await create.mutateAsync(values);
      else await update.mutateAsync({ id: editing.id, patch: values });
    } catch (err) {
      onError(err as Error);
      return;
    } finally {
      setSaving(false);
    }
    setEditing(null);
    void message.success(t('saved'));
  };

  const move = (index: number, by: number) => {
    const ids = list.map((x) => x.id);
    const [id] = ids.splice(index, 1);
    ids.splice(index + by, 0, id as string);
    order.mutate(ids);
  };

  return (
    <Flex vertical gap={16} className="special-topics-page">
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t('hint')}
        </Typography.Paragraph>
        <Button type="primary" onClick={() => open('new')} disabled={list.length >= 50}>
          {t('add')}
        </Button>
      </Flex>
      <Table<SpecialTopic>
        rowKey="id"
        dataSource={list}
        pagination={false}
        locale={{ emptyText: t('empty') }}
        columns={[
          {
            key: 'order',
            title: t('columns.order'),
            width: 96,
            render: (_, _topic, index) => (
              <Flex gap={4}>
                <Button size="small" aria-label={t('up')} disabled={index === 0} onClick={() => move(index, -1)}>
                  ↑
                </Button>
                <Button
                  size="small"
                  aria-label={t('down')}
                  disabled={index === list.length - 1}
                  onClick={() => move(index, 1)}
                >
                  ↓
                </Button>
              </Flex>
            ),
          },
          {
            key: 'picture',
            title: t('columns.picture'),
            width: 120,
            render: (_, topic) =>
              topic.pictureUrl ? (
                <img className="special-topics-thumb" src={urlOfPicture(topic.pictureUrl)} alt={topic.nameZh} />
              ) : (
                <Typography.Text type="secondary">{t('noPicture')}</Typography.Text>
              ),
          },
          {
            key: 'name',
            title: t('columns.name'),
            width: 200,
            render: (_, topic) => (
              <Flex vertical>
                <Typography.Text strong>{topic.nameZh}</Typography.Text>
                {topic.nameEn && <Typography.Text type="secondary">{topic.nameEn}</Typography.Text>}
              </Flex>
            ),
          },
          {
            key: 'expression',
            title: t('columns.expression'),
            render: (_, topic) => (
              <Typography.Paragraph code ellipsis={{ rows: 3, tooltip: topic.expression }} style={{ margin: 0 }}>
                {topic.expression}
              </Typography.Paragraph>
            ),
          },
          {
            key: 'enabled',
            title: t('columns.enabled'),
            width: 90,
            render: (_, topic) => (
              <Switch
                checked={topic.enabled}
                aria-label={t('columns.enabled')}
                onChange={(enabled) => update.mutate({ id: topic.id, patch: { enabled } })}
              />
            ),
          },
          {
            key: 'actions',
            title: t('columns.actions'),
            width: 280,
            render: (_, topic) => (
              <Flex gap={8} wrap>
                <Button size="small" onClick={() => open(topic)}>
                  {t('edit')}
                </Button>
                <Upload
                  accept={PICTURE_ACCEPT}
                  showUploadList={false}
                  beforeUpload={(file) => {
                    if (file.size > MAX_TOPIC_PICTURE_BYTES) {
                      void message.error(t('pictureTooLarge', { max: MAX_TOPIC_PICTURE_BYTES / 1024 / 1024 }));
                      return Upload.LIST_IGNORE;
                    }
                    upload.mutate(
                      { id: topic.id, file },
                      {
                        onSuccess: () => void message.success(t('pictureSaved')),
                        onError: (err) => void message.error(err.message),
                      },
                    );
                    return false;
                  }}
                >
                  <Button size="small">{t('picture')}</Button>
                </Upload>
                {topic.pictureUrl && (
                  <Button size="small" onClick={() => removePicture.mutate(topic.id)}>
                    {t('removePicture')}
                  </Button>
                )}
                <Popconfirm title={t('confirmDelete')} onConfirm={() => remove.mutate(topic.id)}>
                  <Button size="small" danger>
                    {t('delete')}
                  </Button>
                </Popconfirm>
              </Flex>
            ),
          },
        ]}
      />
      <Modal
        open={editing !== null}
        title={isNew ? t('add') : t('edit')}
        okText={t('save')}
        cancelText={t('cancel')}
        confirmLoading={isSaving}
        onOk={() => void handleSave()}
        onCancel={() => setEditing(null)}
        destroyOnHidden
        forceRender
      >
        <Form<FormValues> form={form} layout="vertical" name="special-topic">
          <Form.Item
            name="nameZh"
            label={t('fields.nameZh')}
            rules={[{ required: true, whitespace: true, message: t('rules.name') }]}
          >
            <Input maxLength={MAX_TOPIC_NAME_LENGTH} />
          </Form.Item>
          <Form.Item name="nameEn" label={t('fields.nameEn')}>
            <Input maxLength={MAX_TOPIC_NAME_LENGTH} />
          </Form.Item>
          <Form.Item
            name="expression"
            label={t('fields.expression')}
            extra={t('fields.expressionHint')}
            rules={[{ required: true, whitespace: true, message: t('rules.expression') }]}
          >
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} />
          </Form.Item>
          <Form.Item name="descriptionZh" label={t('fields.descriptionZh')}>
            <Input.TextArea maxLength={MAX_TOPIC_DESCRIPTION_LENGTH} autoSize={{ minRows: 1, maxRows: 4 }} />
          </Form.Item>
          <Form.Item name="descriptionEn" label={t('fields.descriptionEn')}>
            <Input.TextArea maxLength={MAX_TOPIC_DESCRIPTION_LENGTH} autoSize={{ minRows: 1, maxRows: 4 }} />
          </Form.Item>
        </Form>
      </Modal>
    </Flex>
  );
}
