import { Alert, App, Button, Drawer, Popconfirm, Tag, Typography } from 'antd';
import { ResizableTable as Table } from '../../../components/ui/resizable-table';
import { useTranslation } from 'react-i18next';
import type { LibraryMember, SharedLibrary } from '@patlas/contracts';
import { formatDateTime } from '../../../utils/format-date';
import { useLibraryMembers, useShareLibrary } from '../queries';

interface LibraryMembersDrawerProps {
  /** The collaborative library whose members are shown; undefined: closed. */
  entry: SharedLibrary | undefined;
  onClose: () => void;
}

/** The owner and members of a collaborative library; its owner removes members or withdraws invitations. */
export function LibraryMembersDrawer({ entry, onClose }: LibraryMembersDrawerProps) {
  const { t } = useTranslation('library');
  const { message } = App.useApp();
  const members = useLibraryMembers(entry?.library.id);
  const share = useShareLibrary();
  const isOwner = entry?.role === 'owner';

  const remove = async (member: LibraryMember) => {
    if (!entry) return;
    try {
      await share.mutateAsync({ action: 'remove', folderId: entry.library.id, userId: member.userId });
      void message.success(member.status === 'invited' ? t('members.withdrawn') : t('members.removed'));
      void members.refetch();
    } catch (error) {
      void message.error((error as Error).message);
    }
  };

  return (
    <Drawer
      open={entry !== undefined}
      onClose={onClose}
      size={640}
      title={t('members.title', { name: entry?.library.name ?? '' })}
      destroyOnHidden
    >
      {members.isError && <Alert type="error" showIcon title={members.error.message} />}
      <Table<LibraryMember>
        rowKey="userId"
        size="small"
        loading={members.isPending}
        dataSource={members.data ?? []}
        pagination={false}
        data-testid="library-members"
        columns={[
          {
            key: 'name',
            title: t('members.name'),
            render: (_, m) => (
              <span>
                {m.fullname || m.email}
                <br />
                <Typography.Text type="secondary">{m.email}</Typography.Text>
              </span>
            ),
          },
          {
            key: 'role',
            title: t('members.role'),
            render: (_, m) =>
              m.isOwner ? (
                <Tag color="gold">{t('cooperate.owner')}</Tag>
              ) : m.status === 'invited' ? (
                <Tag color="blue">{t('members.invited')}</Tag>
              ) : (
                <Tag color="green">{t('cooperate.member')}</Tag>
              ),
          },
          {
            key: 'via',
            title: t('members.via'),
            render: (_, m) => m.groupName ?? (m.isOwner ? '—' : t('members.byEmail')),
          },
          {
            key: 'since',
            title: t('members.since'),
            render: (_, m) => formatDateTime(m.joinedAt ?? m.since),
          },
          ...(isOwner
            ? [
                {
                  key: 'actions',
                  title: t('members.actions'),
                  render: (_: unknown, m: LibraryMember) =>
                    m.isOwner ? null : (
                      <Popconfirm
                        title={
                          m.status === 'invited'
                            ? t('members.withdrawConfirm', { name: m.fullname || m.email })
                            : t('members.removeConfirm', { name: m.fullname || m.email })
                        }
                        okText={t('form.ok')}
                        cancelText={t('form.cancel')}
                        onConfirm={() => void remove(m)}
                      >
                        <Button size="small" danger>
                          {m.status === 'invited' ? t('members.withdraw') : t('members.remove')}
                        </Button>
                      </Popconfirm>
                    ),
                },
              ]
            : []),
        ]}
      />
    </Drawer>
  );
}
