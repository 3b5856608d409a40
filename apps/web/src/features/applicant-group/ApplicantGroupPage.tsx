import { App, Alert, Button, Card, Form, Input, Modal, Popconfirm, Select, Space, Tag, Typography } from 'antd';
import { ResizableTable as Table } from '../../components/ui/resizable-table';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_APPLICANT_GROUP_SHARES, type ApplicantGroup } from '@patlas/contracts';
import { ApiError } from '../../api/client';
import { EMAIL_PATTERN, firstDuplicateEmail, splitEmails } from '../../components/ShareDialog/emails';
import {
  confirmApplicantGroupShare,
  createApplicantGroup,
  deleteApplicantGroup,
  shareApplicantGroup,
  updateApplicantGroup,
} from './api';
import { ApplicantGroupEditor, type EditorValues } from './ApplicantGroupEditor';
import { useApplicantGroupAction, useApplicantGroupShares, useApplicantGroups } from './queries';
import { listPagination } from '../../components/ui/pagination';
import { validValues } from '../../utils/valid-values';

type Editing = { group: ApplicantGroup | undefined } | undefined;

/**
 * /innovationSpace/paeGroup (spec 2 §2 "applicant groups", issue 46): the caller's applicant groups
 * and those shared with them. The owner creates, edits, shares (up to 5 users by e-mail) and
 * deletes; a recipient accepts or declines a shared group, then uses it as `PA=@组名`.
 */
export function ApplicantGroupPage() {
  const { t } = useTranslation('applicantGroup');
  const { message: toast } = App.useApp();
  const groups = useApplicantGroups();
  const [keyword, setKeyword] = useState('');
  const [editing, setEditing] = useState<Editing>();
  const [sharing, setSharing] = useState<ApplicantGroup>();
  const [shareForm] = Form.useForm<{ emails: string[] }>();
  const shares = useApplicantGroupShares(sharing?.id);

  const create = useApplicantGroupAction((input: EditorValues, o) => createApplicantGroup(input, o));
  const update = useApplicantGroupAction((input: EditorValues & { id: string }, o) => updateApplicantGroup(input, o));
  const remove = useApplicantGroupAction((id: string, o) => deleteApplicantGroup(id, o));
  const share = useApplicantGroupAction((input: { id: string; emails: string[] }, o) =>
    shareApplicantGroup(input.id, input.emails, o),
  );
  const confirm = useApplicantGroupAction((input: { id: string; accept: boolean }, o) =>
    confirmApplicantGroupShare(input.id, input.accept, o),
  );
  const showError = (error: unknown) => void toast.error(error instanceof ApiError ? error.message : t('failed'));

  const needle = keyword.trim().toUpperCase();
  const items = (groups.data?.items ?? []).filter(
    (g) =>
      needle === '' ||
      g.name.includes(needle) ||
      g.members.some((m) => [m.name, ...m.variants].some((n) => n.toUpperCase().includes(needle))),
  );

  const save = (values: EditorValues) => {
    const group = editing?.group;
    const done = () => {
      setEditing(undefined);
      void toast.success(group ? t('saved') : t('created'));
    };
    if (group) update.mutate({ id: group.id, ...values }, { onSuccess: done, onError: showError });
    else create.mutate(values, { onSuccess: done, onError: showError });
  };

  const submitShare = async () => {
    if (!sharing) return;
    const values = await validValues(shareForm);
    if (!values) return;
    share.mutate(
      { id: sharing.id, emails: values.emails },
      {
        onSuccess: () => {
          shareForm.resetFields();
          void shares.refetch();
          void toast.success(t('shared'));
        },
        onError: showError,
      },
    );
  };

  const columns: ColumnsType<ApplicantGroup> = [
    {
      title: t('name'),
      dataIndex: 'name',
      render: (_, g) => (
        <Space size={4} wrap>
          <Typography.Text strong>{g.name}</Typography.Text>
          {g.role === 'shared' && <Tag color="blue">{t('sharedBy', { name: g.ownerName })}</Tag>}
          {g.shareStatus === 'pending' && <Tag color="orange">{t('pending')}</Tag>}
        </Space>
      ),
    },
    {
      title: t('members'),
      key: 'members',
      render: (_, g) => (
        <Space direction="vertical" size={0}>
          {g.members.map((m) => (
            <span key={m.name}>
              {m.name}
              {m.variants.length > 0 && (
                <Typography.Text type="secondary">{`（${t('spellings', { list: m.variants.join('；') })}）`}</Typography.Text>
              )}
            </span>
          ))}
        </Space>
      ),
    },
    {
      title: t('usage'),
      key: 'usage',
      width: 170,
      render: (_, g) => <Typography.Text code copyable>{`PA=@${g.name}`}</Typography.Text>,
    },
    {
      title: t('sharedWith'),
      key: 'sharedWith',
      width: 90,
      render: (_, g) => (g.role === 'owner' ? g.sharedWith : '—'),
    },
    {
      title: t('actions'),
      key: 'actions',
      width: 230,
      render: (_, g) =>
        g.role === 'owner' ? (
          <Space size={0} wrap>
            <Button type="link" onClick={() => setEditing({ group: g })} aria-label={t('editNamed', { name: g.name })}>
              {t('edit')}
            </Button>
            <Button type="link" onClick={() => setSharing(g)} aria-label={t('shareNamed', { name: g.name })}>
              {t('share')}
            </Button>
            <Popconfirm
              title={t('deleteConfirm', { name: g.name })}
              okText={t('delete')}
              cancelText={t('cancel')}
              onConfirm={() =>
                remove.mutate(g.id, { onSuccess: () => void toast.success(t('deleted')), onError: showError })
              }
            >
              <Button type="link" danger aria-label={t('deleteNamed', { name: g.name })}>
                {t('delete')}
              </Button>
            </Popconfirm>
          </Space>
        ) : g.shareStatus === 'pending' ? (
          <Space size={0}>
            <Button type="link" onClick={() => confirm.mutate({ id: g.id, accept: true }, { onError: showError })}>
              {t('accept')}
            </Button>
            <Button type="link" onClick={() => confirm.mutate({ id: g.id, accept: false }, { onError: showError })}>
              {t('decline')}
            </Button>
          </Space>
        ) : (
          <Button type="link" danger onClick={() => remove.mutate(g.id, { onError: showError })}>
            {t('removeShared')}
          </Button>
        ),
    },
  ];

  return (
    <Card
      title={t('title')}
      extra={
        <Space>
          <Input.Search
            allowClear
            placeholder={t('filter')}
            aria-label={t('filter')}
            onSearch={setKeyword}
            onChange={(e) => setKeyword(e.target.value)}
            style={{ width: 220 }}
          />
          <Button type="primary" onClick={() => setEditing({ group: undefined })}>
            {t('create')}
          </Button>
        </Space>
      }
    >
      <Alert type="info" showIcon message={t('howTo')} style={{ marginBottom: 16 }} />
      <Table
        rowKey="id"
        loading={groups.isLoading}
        columns={columns}
        dataSource={items}
        locale={{ emptyText: t('empty') }}
        pagination={listPagination({ pageSize: 10, hideOnSinglePage: true })}
      />
      <ApplicantGroupEditor
        key={editing ? (editing.group?.id ?? 'new') : 'closed'}
        open={editing !== undefined}
        group={editing?.group}
        saving={create.isPending || update.isPending}
        onSave={save}
        onCancel={() => setEditing(undefined)}
      />
      <Modal
        open={sharing !== undefined}
        title={sharing ? t('shareTitle', { name: sharing.name }) : ''}
        okText={t('share')}
        cancelText={t('close')}
        confirmLoading={share.isPending}
        onOk={() => void submitShare()}
        onCancel={() => {
          setSharing(undefined);
          shareForm.resetFields();
        }}
        destroyOnHidden
      >
        <Form form={shareForm} layout="vertical">
          <Form.Item
            name="emails"
            label={t('emails')}
            extra={t('emailsHint', { max: MAX_APPLICANT_GROUP_SHARES })}
            rules={[
              { required: true, type: 'array', min: 1, message: t('emailsRequired') },
              {
                type: 'array',
                max: MAX_APPLICANT_GROUP_SHARES,
                message: t('tooManyEmails', { max: MAX_APPLICANT_GROUP_SHARES }),
              },
              {
                validator: async (_, value: string[] | undefined) => {
                  const bad = (value ?? []).find((email) => !EMAIL_PATTERN.test(email));
                  if (bad) throw new Error(t('badEmail', { email: bad }));
                  const duplicate = firstDuplicateEmail(value ?? []);
                  if (duplicate) throw new Error(t('duplicate', { email: duplicate }));
                },
              },
            ]}
            getValueFromEvent={(value: string[]) => splitEmails(value)}
          >
            <Select
              mode="tags"
              open={false}
              suffixIcon={null}
              tokenSeparators={[',', ';', ' ', '，', '；']}
              aria-label={t('emails')}
            />
          </Form.Item>
        </Form>
        <Typography.Text strong>{t('sharedList')}</Typography.Text>
        <Table
          size="small"
          rowKey="userId"
          loading={shares.isLoading}
          dataSource={shares.data?.items ?? []}
          pagination={false}
          locale={{ emptyText: t('notShared') }}
          columns={[
            { title: t('email'), dataIndex: 'email' },
            { title: t('fullname'), dataIndex: 'fullname' },
            {
              title: t('status'),
              dataIndex: 'status',
              render: (status: string) => (status === 'pending' ? t('pending') : t('accepted')),
            },
          ]}
        />
      </Modal>
    </Card>
  );
}
