import { useState } from 'react';
import { Alert, App, Button, Card, Form, Input, Modal, Popconfirm, Select, Typography } from 'antd';
import { ResizableTable as Table } from '../../../components/ui/resizable-table';
import { useTranslation } from 'react-i18next';
import {
  API_TOKEN_DEFAULT_DAYS,
  API_TOKEN_MAX_DAYS,
  MAX_INPUT_LENGTH,
  PASSWORD_MAX_LENGTH,
  type ApiToken,
} from '@patlas/contracts';
import type { CreatedApiToken } from '../api';
import { formatDateTime } from '../../../utils/format-date';
import { useApiTokens, useCreateApiToken, useRevokeApiToken } from '../queries';

/** The lifetimes offered when a token is created (the server takes 1 to API_TOKEN_MAX_DAYS days). */
const LIFETIME_DAYS = [7, 30, API_TOKEN_DEFAULT_DAYS, 180, API_TOKEN_MAX_DAYS];

/**
 * Personal API tokens: the list shows only a token's first characters; a new token is shown once,
 * in the dialog that creates it, and is gone when the dialog closes.
 */
export function ApiTokensCard() {
  const { t } = useTranslation('account');
  const { message } = App.useApp();
  const tokens = useApiTokens();
  const revoke = useRevokeApiToken();
  const [isCreating, setIsCreating] = useState(false);

  const handleRevoke = (token: ApiToken) =>
    revoke.mutateAsync(token.id).then(
      () => void message.success(t('tokens.revoked', { name: token.name })),
      (error: Error) => void message.error(error.message),
    );

  return (
    <Card
      title={t('tokens.title')}
      extra={
        <Button type="primary" onClick={() => setIsCreating(true)}>
          {t('tokens.create')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{t('tokens.hint')}</Typography.Paragraph>
      {tokens.isError && <Alert type="error" showIcon title={tokens.error.message} />}
      <Table<ApiToken>
        rowKey="id"
        size="small"
        loading={tokens.isPending}
        dataSource={tokens.data ?? []}
        pagination={false}
        columns={[
          { key: 'name', title: t('tokens.name'), dataIndex: 'name' },
          { key: 'prefix', title: t('tokens.prefix'), render: (_, token) => <code>{`${token.prefix}…`}</code> },
          { key: 'createdAt', title: t('tokens.createdAt'), render: (_, token) => formatDateTime(token.createdAt) },
          {
            key: 'lastUsedAt',
            title: t('tokens.lastUsedAt'),
            render: (_, token) => formatDateTime(token.lastUsedAt) ?? t('tokens.neverUsed'),
          },
          { key: 'expiresAt', title: t('tokens.expiresAt'), render: (_, token) => formatDateTime(token.expiresAt) },
          {
            key: 'actions',
            title: t('tokens.actions'),
            render: (_, token) => (
              <Popconfirm
                title={t('tokens.revokeConfirm', { name: token.name })}
                okText={t('tokens.revoke')}
                okButtonProps={{ danger: true }}
                onConfirm={() => handleRevoke(token)}
              >
                <Button type="link" danger size="small">
                  {t('tokens.revoke')}
                </Button>
              </Popconfirm>
            ),
          },
        ]}
      />
      {isCreating && <CreateTokenModal onClose={() => setIsCreating(false)} />}
    </Card>
  );
}

function CreateTokenModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('account');
  const [form] = Form.useForm<{ name: string; password: string; expiresInDays: number }>();
  const create = useCreateApiToken();
  // Kept only in this dialog's state: closing it forgets the token.
  const [created, setCreated] = useState<CreatedApiToken | null>(null);

  if (created) {
    return (
      <Modal
        open
        title={t('tokens.createdTitle', { name: created.name })}
        onCancel={onClose}
        footer={
          <Button type="primary" onClick={onClose}>
            {t('tokens.done')}
          </Button>
        }
      >
        <Alert type="warning" showIcon title={t('tokens.shownOnce')} />
        <Typography.Paragraph copyable={{ text: created.token }} className="account-token-value">
          <code data-testid="created-token">{created.token}</code>
        </Typography.Paragraph>
      </Modal>
    );
  }

  return (
    <Modal
      open
      title={t('tokens.create')}
      okText={t('tokens.createOk')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={create.isPending}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ expiresInDays: API_TOKEN_DEFAULT_DAYS }}
        onFinish={({ name, password, expiresInDays }) =>
          create.mutate({ name: name.trim(), password, expiresInDays }, { onSuccess: setCreated })
        }
      >
        <Form.Item
          name="name"
          label={t('tokens.name')}
          rules={[
            { required: true, whitespace: true, message: t('tokens.nameRequired') },
            { max: MAX_INPUT_LENGTH, message: t('tokens.nameTooLong', { max: MAX_INPUT_LENGTH }) },
          ]}
        >
          <Input maxLength={MAX_INPUT_LENGTH} autoFocus placeholder={t('tokens.namePlaceholder')} />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('tokens.password')}
          extra={t('tokens.passwordHint')}
          rules={[{ required: true, message: t('tokens.passwordRequired') }]}
        >
          <Input.Password maxLength={PASSWORD_MAX_LENGTH} autoComplete="current-password" />
        </Form.Item>
        <Form.Item name="expiresInDays" label={t('tokens.expiresIn')} extra={t('tokens.expiresHint')}>
          <Select
            options={LIFETIME_DAYS.map((days) => ({ value: days, label: t('tokens.expiresInDays', { count: days }) }))}
          />
        </Form.Item>
      </Form>
      {create.isError && <Alert type="error" showIcon title={create.error.message} />}
    </Modal>
  );
}
