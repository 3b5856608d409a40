import { useState } from 'react';
import { Alert, App, Button, Card, Empty, Flex, Popconfirm, Tag, Typography } from 'antd';
import { ResizableTable as Table } from '../../components/ui/resizable-table';
import { FileSearchOutlined, ShareAltOutlined, TeamOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatErrorMessage, type LibraryFolder, type SharedLibrary } from '@patlas/contracts';
import { librarySetPath } from '../../library-actions/library-links';
import { useSharedLibraries } from '../../library-actions/queries';
import { formatDateTime } from '../../utils/format-date';
import { LibraryMembersDrawer } from './components/LibraryMembersDrawer';
import { ShareLibraryModal } from './components/ShareLibraryModal';
import { useQuitLibrary, useShareLibrary } from './queries';
import './library.css';

/** A member cannot open a library its owner archived or deleted (spec 2 §8). */
function isUnavailable(entry: SharedLibrary): boolean {
  return entry.role === 'member' && entry.library.state !== 'active';
}

/** The sub-folders of a shared library, each opening as a result page. */
function FolderList({ entry }: { entry: SharedLibrary }) {
  const { t } = useTranslation('library');
  const children = entry.folders.filter((f) => f.id !== entry.library.id && f.state !== 'deleted');
  if (children.length === 0) return <Typography.Text type="secondary">{t('cooperate.noSubFolders')}</Typography.Text>;
  return (
    <Flex vertical gap={4}>
      {children.map((folder: LibraryFolder) => (
        <span key={folder.id} style={{ paddingInlineStart: (folder.level - 2) * 20 }}>
          <Link to={librarySetPath(folder.id)}>{folder.name}</Link>{' '}
          <Typography.Text type="secondary">{t('folders.count', { count: folder.totalCount })}</Typography.Text>
        </span>
      ))}
    </Flex>
  );
}

/**
 * /innovationSpace/collectCooperate: collaborative libraries (spec 2 §2, §3): those the user shares,
 * with their members, and those shared with the user. Each opens on the ordinary result page.
 */
export function CooperatePage() {
  const { t, i18n } = useTranslation('library');
  const { message } = App.useApp();
  const shared = useSharedLibraries();
  const share = useShareLibrary();
  const quit = useQuitLibrary();
  const [sharing, setSharing] = useState<LibraryFolder>();
  const [viewing, setViewing] = useState<SharedLibrary>();
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const libraries = shared.data?.libraries ?? [];

  const disband = async (entry: SharedLibrary) => {
    try {
      await share.mutateAsync({ action: 'disband', folderId: entry.library.id });
      void message.success(t('cooperate.disbanded', { name: entry.library.name }));
    } catch (error) {
      void message.error((error as Error).message);
    }
  };
  const leave = async (entry: SharedLibrary) => {
    try {
      await quit.mutateAsync(entry.library.id);
      void message.success(t('cooperate.left', { name: entry.library.name }));
    } catch (error) {
      void message.error((error as Error).message);
    }
  };

  return (
    <Card className="library-page" variant="borderless" title={t('cooperate.title')}>
      <Typography.Paragraph type="secondary">{t('cooperate.intro')}</Typography.Paragraph>
      {shared.isError && <Alert type="error" showIcon title={shared.error.message} />}
      <Table<SharedLibrary>
        rowKey={(entry) => entry.library.id}
        loading={shared.isPending}
        dataSource={libraries}
        pagination={false}
        data-testid="shared-libraries"
        locale={{ emptyText: <Empty description={t('cooperate.empty')} /> }}
        expandable={{
          rowExpandable: (entry) => !isUnavailable(entry),
          expandedRowRender: (entry) => <FolderList entry={entry} />,
        }}
        columns={[
          {
            key: 'name',
            title: t('cooperate.name'),
            render: (_, entry) =>
              isUnavailable(entry) ? (
                <Flex vertical>
                  <Typography.Text delete type="secondary">
                    {entry.library.name}
                  </Typography.Text>
                  <Typography.Text type="danger" data-testid="library-unavailable">
                    {formatErrorMessage('LIBRARY_UNAVAILABLE', lang)}
                  </Typography.Text>
                </Flex>
              ) : (
                <Link to={librarySetPath(entry.library.id)} data-testid={`shared-library-${entry.library.id}`}>
                  {entry.library.name}
                </Link>
              ),
          },
          {
            key: 'role',
            className: 'library-nowrap',
            title: t('cooperate.role'),
            render: (_, entry) =>
              entry.role === 'owner' ? (
                <Tag color="gold">{t('cooperate.owner')}</Tag>
              ) : (
                <Tag color="green">{t('cooperate.member')}</Tag>
              ),
          },
          {
            key: 'owner',
            className: 'library-nowrap',
            title: t('cooperate.ownerName'),
            render: (_, entry) => entry.owner.fullname || entry.owner.email,
          },
          {
            key: 'members',
            className: 'library-nowrap',
            title: t('cooperate.members'),
            render: (_, entry) =>
              entry.invitedCount > 0
                ? t('cooperate.membersInvited', { count: entry.memberCount, invited: entry.invitedCount })
                : t('cooperate.membersCount', { count: entry.memberCount }),
          },
          {
            key: 'patents',
            className: 'library-nowrap',
            title: t('folders.patents'),
            render: (_, entry) => entry.library.totalCount.toLocaleString(),
          },
          {
            key: 'state',
            className: 'library-nowrap',
            title: t('cooperate.state'),
            render: (_, entry) =>
              entry.library.state === 'active' ? (
                <Tag color="green">{t('cooperate.active')}</Tag>
              ) : entry.library.state === 'archived' ? (
                <Tag>{t('folders.archived')}</Tag>
              ) : (
                <Tag color="red">{t('cooperate.deleted')}</Tag>
              ),
          },
          {
            key: 'joined',
            className: 'library-nowrap',
            title: t('cooperate.joinedAt'),
            render: (_, entry) => formatDateTime(entry.joinedAt ?? entry.library.createdAt),
          },
          {
            key: 'actions',
            title: t('members.actions'),
            render: (_, entry) => (
              <Flex gap={4} wrap>
                {!isUnavailable(entry) && (
                  <Link to={librarySetPath(entry.library.id)}>
                    <Button size="small" icon={<FileSearchOutlined />}>
                      {t('folders.open')}
                    </Button>
                  </Link>
                )}
                <Button
                  size="small"
                  icon={<TeamOutlined />}
                  onClick={() => setViewing(entry)}
                  disabled={isUnavailable(entry)}
                >
                  {t('cooperate.viewMembers')}
                </Button>
                {entry.role === 'owner' ? (
                  <>
                    <Button
                      size="small"
                      icon={<ShareAltOutlined />}
                      disabled={entry.library.state !== 'active'}
                      onClick={() => setSharing(entry.library)}
                    >
                      {t('share.button')}
                    </Button>
                    <Popconfirm
                      title={t('cooperate.disbandConfirm', { name: entry.library.name })}
                      okText={t('form.ok')}
                      cancelText={t('form.cancel')}
                      onConfirm={() => void disband(entry)}
                    >
                      <Button size="small" danger>
                        {t('cooperate.disband')}
                      </Button>
                    </Popconfirm>
                  </>
                ) : (
                  <Popconfirm
                    title={t('cooperate.leaveConfirm', { name: entry.library.name })}
                    okText={t('form.ok')}
                    cancelText={t('form.cancel')}
                    onConfirm={() => void leave(entry)}
                  >
                    <Button size="small" danger data-testid={`leave-library-${entry.library.id}`}>
                      {t('cooperate.leave')}
                    </Button>
                  </Popconfirm>
                )}
              </Flex>
            ),
          },
        ]}
      />
      <ShareLibraryModal library={sharing} onClose={() => setSharing(undefined)} />
      <LibraryMembersDrawer entry={viewing} onClose={() => setViewing(undefined)} />
    </Card>
  );
}
