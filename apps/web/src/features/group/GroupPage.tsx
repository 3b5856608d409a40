import { App, Button, Card, Empty, Form, Menu, Modal, Popconfirm, Space, Spin, Tag, Typography } from 'antd';
import { ResizableTable as Table } from '../../components/ui/resizable-table';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { Group, GroupMember } from '@patlas/contracts';
import { ApiError } from '../../api/client';
import { createGroup, disbandGroup, inviteMembers, leaveGroup, removeMember, renameGroup } from './api';
import { GroupNameForm, InviteMembersForm, type GroupNameValues, type InviteValues } from './GroupForms';
import { useGroupAction, useGroups } from './queries';
import { validValues } from '../../utils/valid-values';

type NameDialog = { kind: 'create' } | { kind: 'rename'; group: Group } | undefined;

/**
 * /user/group (spec 2 §7 "Groups"): the caller's groups on the left, the chosen one's members on the
 * right (chosen group in the URL, `?id=`). The owner renames, invites by e-mail, removes members and
 * disbands; a member leaves. Invitations are answered in the message centre.
 */
export function GroupPage() {
  const { t } = useTranslation('group');
  const { message: toast } = App.useApp();
  const [params, setParams] = useSearchParams();
  const groups = useGroups();
  const [nameDialog, setNameDialog] = useState<NameDialog>();
  const [isInviting, setInviting] = useState(false);
  const [nameForm] = Form.useForm<GroupNameValues>();
  const [inviteForm] = Form.useForm<InviteValues>();

  const create = useGroupAction((name: string, o) => createGroup(name, o));
  const rename = useGroupAction((input: { id: string; name: string }, o) => renameGroup(input.id, input.name, o));
  const disband = useGroupAction((id: string, o) => disbandGroup(id, o));
  const invite = useGroupAction((input: { id: string; emails: string[] }, o) =>
    inviteMembers(input.id, input.emails, o),
  );
  const remove = useGroupAction((input: { id: string; userId: string }, o) => removeMember(input.id, input.userId, o));
  const leave = useGroupAction((id: string, o) => leaveGroup(id, o));

  const items = groups.data?.items ?? [];
  const current = items.find((g) => g.id === params.get('id')) ?? items[0];
  const select = (id: string | undefined) => {
    const next = new URLSearchParams(params);
    if (id) next.set('id', id);
    else next.delete('id');
    setParams(next, { replace: true });
  };
  const showError = (error: unknown) => void toast.error(error instanceof ApiError ? error.message : t('failed'));

  const submitName = async () => {
    // A failing rule shows under its field; nothing more to do here.
    const values = await validValues(nameForm);
    if (!values) return;
    const { name } = values;
    if (nameDialog?.kind === 'rename') {
      rename.mutate(
        { id: nameDialog.group.id, name },
        {
          onSuccess: () => {
            setNameDialog(undefined);
            void toast.success(t('renamed'));
          },
          onError: showError,
        },
      );
    } else {
      create.mutate(name, {
        onSuccess: (group) => {
          setNameDialog(undefined);
          select(group.id);
          void toast.success(t('created'));
        },
        onError: showError,
      });
    }
  };

  const submitInvite = async () => {
    if (!current) return;
    const values = await validValues(inviteForm);
    if (!values) return;
    const { emails } = values;
    invite.mutate(
      { id: current.id, emails },
      {
        onSuccess: ({ invited }) => {
          setInviting(false);
          void toast.success(t('invited', { n: invited }));
        },
        onError: showError,
      },
    );
  };

  const isOwner = current?.role === 'owner';
  const currentId = current?.id ?? '';
  const columns: ColumnsType<GroupMember> = [
    { key: 'name', title: t('columns.name'), render: (_, m) => m.fullname || '—' },
    { key: 'email', title: t('columns.email'), dataIndex: 'email' },
    {
      key: 'status',
      title: t('columns.status'),
      render: (_, m) =>
        m.isOwner ? (
          <Tag color="gold">{t('owner')}</Tag>
        ) : m.status === 'invited' ? (
          <Tag color="blue">{t('invitedStatus')}</Tag>
        ) : (
          <Tag color="green">{t('member')}</Tag>
        ),
    },
    {
      key: 'since',
      title: t('columns.since'),
      render: (_, m) => new Date(m.since).toLocaleDateString(),
    },
    ...(isOwner
      ? [
          {
            key: 'actions',
            title: t('columns.actions'),
            render: (_: unknown, m: GroupMember) =>
              m.isOwner ? null : (
                <Popconfirm
                  title={
                    m.status === 'invited' ? t('confirmWithdraw') : t('confirmRemove', { name: m.fullname || m.email })
                  }
                  onConfirm={() =>
                    remove.mutate(
                      { id: currentId, userId: m.userId },
                      { onSuccess: () => void toast.success(t('removed')), onError: showError },
                    )
                  }
                >
                  <Button type="link" size="small" danger>
                    {m.status === 'invited' ? t('withdraw') : t('remove')}
                  </Button>
                </Popconfirm>
              ),
          },
        ]
      : []),
  ];

  return (
    <Card
      className="group-page"
      variant="borderless"
      title={t('title')}
      extra={
        <Button type="primary" onClick={() => setNameDialog({ kind: 'create' })}>
          {t('create')}
        </Button>
      }
    >
      <div style={{ display: 'flex', gap: 24, alignItems: 'flex-start' }}>
        <div style={{ width: 260, flex: 'none' }}>
          {groups.isLoading ? (
            <Spin />
          ) : items.length === 0 ? (
            <Empty description={t('empty')} />
          ) : (
            <Menu
              mode="inline"
              aria-label={t('title')}
              selectedKeys={current ? [current.id] : []}
              onClick={({ key }) => select(key)}
              items={items.map((group: Group) => ({
                key: group.id,
                label: (
                  <span title={group.name}>
                    {group.name}
                    <Typography.Text type="secondary" style={{ fontSize: 12, marginLeft: 6 }}>
                      {t('summary', {
                        n: group.members.filter((m) => m.status === 'active').length,
                        role: t(group.role === 'owner' ? 'owner' : 'member'),
                      })}
                    </Typography.Text>
                  </span>
                ),
              }))}
            />
          )}
        </div>
        <div style={{ flex: 1, minWidth: 0 }}>
          {current ? (
            <>
              <Space style={{ marginBottom: 12, width: '100%', justifyContent: 'space-between' }} wrap>
                <Typography.Title level={5} style={{ margin: 0 }}>
                  {current.name}
                  <Typography.Text type="secondary" style={{ marginLeft: 8, fontWeight: 'normal' }}>
                    {t('ownedBy', { name: current.ownerName })}
                  </Typography.Text>
                </Typography.Title>
                {isOwner ? (
                  <Space>
                    <Button type="primary" onClick={() => setInviting(true)}>
                      {t('invite')}
                    </Button>
                    <Button onClick={() => setNameDialog({ kind: 'rename', group: current })}>{t('rename')}</Button>
                    <Popconfirm
                      title={t('confirmDisband', { name: current.name })}
                      onConfirm={() =>
                        disband.mutate(current.id, {
                          onSuccess: () => {
                            select(undefined);
                            void toast.success(t('disbanded'));
                          },
                          onError: showError,
                        })
                      }
                    >
                      <Button danger>{t('disband')}</Button>
                    </Popconfirm>
                  </Space>
                ) : (
                  <Popconfirm
                    title={t('confirmLeave', { name: current.name })}
                    onConfirm={() =>
                      leave.mutate(current.id, {
                        onSuccess: () => {
                          select(undefined);
                          void toast.success(t('left'));
                        },
                        onError: showError,
                      })
                    }
                  >
                    <Button danger>{t('leave')}</Button>
                  </Popconfirm>
                )}
              </Space>
              <Table<GroupMember>
                rowKey="userId"
                size="middle"
                columns={columns}
                dataSource={current.members}
                pagination={false}
              />
            </>
          ) : (
            !groups.isLoading && <Empty description={t('pickOrCreate')} />
          )}
        </div>
      </div>

      <Modal
        open={nameDialog !== undefined}
        title={nameDialog?.kind === 'rename' ? t('rename') : t('create')}
        onOk={() => void submitName()}
        okButtonProps={{ loading: create.isPending || rename.isPending }}
        onCancel={() => setNameDialog(undefined)}
        destroyOnHidden
      >
        {/* Mounted afresh on each opening (destroyOnHidden): the initial value is the group's current name. */}
        <GroupNameForm form={nameForm} initialName={nameDialog?.kind === 'rename' ? nameDialog.group.name : ''} />
      </Modal>

      <Modal
        open={isInviting}
        title={t('inviteTitle', { name: current?.name ?? '' })}
        onOk={() => void submitInvite()}
        okButtonProps={{ loading: invite.isPending }}
        onCancel={() => setInviting(false)}
        destroyOnHidden
      >
        <InviteMembersForm form={inviteForm} />
      </Modal>
    </Card>
  );
}
