import { Button, Card, Descriptions, Flex, Popconfirm, Tag, Tooltip, Typography } from 'antd';
import {
  DeleteOutlined,
  DragOutlined,
  EditOutlined,
  FileSearchOutlined,
  FolderAddOutlined,
  InboxOutlined,
  MessageOutlined,
  ShareAltOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MAX_LIBRARY_DEPTH, type LibraryFolder } from '@patlas/contracts';
import { folderPath } from '../../../library-actions/folder-tree';
import { librarySetPath } from '../../../library-actions/library-links';
import { LibraryAlertButton } from '../../../alert-actions/AlertButtons';
import { ReportButton } from '../../../report-actions/ReportButton';
import { formatDateTime } from '../../../utils/format-date';
import { ExportLibraryButton } from './ExportLibraryButton';
import { ImportButton } from './ImportButton';
import { LabelManager } from './LabelManager';
import { LibraryLog } from './LibraryLog';

interface FolderDetailsProps {
  folder: LibraryFolder;
  /** Every folder of the user (for the path). */
  folders: readonly LibraryFolder[];
  onCreateChild: () => void;
  onRename: () => void;
  onRemark: () => void;
  onMove: () => void;
  onArchive: (archive: boolean) => void;
  onDelete: () => void;
  /** Shares the library (top-level, active folders) with users or a group. */
  onShare: () => void;
}

/** The chosen folder: what it is, what can be done with it, its labels and its library's log. */
export function FolderDetails(props: FolderDetailsProps) {
  const { folder, folders, onCreateChild, onRename, onRemark, onMove, onArchive, onDelete, onShare } = props;
  const { t } = useTranslation('library');
  const isArchived = folder.state === 'archived';
  const isTop = folder.parentId === null;
  const canAddChild = !isArchived && folder.level < MAX_LIBRARY_DEPTH;

  return (
    <Flex vertical gap={16}>
      <Card
        size="small"
        className="library-detail"
        title={
          <Flex gap={8} align="center">
            <span data-testid="folder-title">{folder.name}</span>
            {isArchived && <Tag>{t('folders.archived')}</Tag>}
          </Flex>
        }
        extra={
          <Link to={librarySetPath(folder.id)}>
            <Button type="primary" icon={<FileSearchOutlined />} data-testid="open-folder">
              {t('folders.open')}
            </Button>
          </Link>
        }
      >
        <Descriptions
          size="small"
          column={{ xs: 1, md: 2 }}
          items={[
            { key: 'path', label: t('folders.path'), children: folderPath(folders, folder.id), span: 2 },
            {
              key: 'count',
              label: t('folders.patents'),
              children: (
                <span data-testid="folder-count">
                  {folder.totalCount === folder.count
                    ? folder.count.toLocaleString()
                    : t('folders.countWithSub', {
                        own: folder.count.toLocaleString(),
                        total: folder.totalCount.toLocaleString(),
                      })}
                </span>
              ),
            },
            { key: 'level', label: t('folders.level'), children: `${folder.level} / ${MAX_LIBRARY_DEPTH}` },
            { key: 'created', label: t('folders.createdAt'), children: formatDateTime(folder.createdAt) },
            { key: 'updated', label: t('folders.updatedAt'), children: formatDateTime(folder.updatedAt) },
            {
              key: 'remark',
              label: t('folders.remark'),
              span: 2,
              children: folder.remark ? (
                <Typography.Text>{folder.remark}</Typography.Text>
              ) : (
                <Typography.Text type="secondary">{t('folders.noRemark')}</Typography.Text>
              ),
            },
          ]}
        />
        <Flex gap={8} wrap className="library-detail-actions">
          <Tooltip title={canAddChild ? undefined : t('folders.depthLimit', { max: MAX_LIBRARY_DEPTH })}>
            <Button icon={<FolderAddOutlined />} onClick={onCreateChild} disabled={!canAddChild}>
              {t('folders.newChild')}
            </Button>
          </Tooltip>
          <Button icon={<EditOutlined />} onClick={onRename} disabled={isArchived}>
            {t('folders.rename')}
          </Button>
          <Button icon={<MessageOutlined />} onClick={onRemark} disabled={isArchived}>
            {t('folders.remark')}
          </Button>
          <Button icon={<DragOutlined />} onClick={onMove} disabled={isArchived}>
            {t('folders.move')}
          </Button>
          <ImportButton folderId={folder.id} disabled={isArchived} />
          <ExportLibraryButton folderId={folder.id} />
          <LibraryAlertButton folderId={folder.id} folderName={folder.name} />
          <ReportButton
            preset={() => ({
              set: { searchExpre: '', set: { kind: 'library', key: folder.id }, filters: [], mergeType: 0 },
              origin: 'library',
              label: folder.name,
            })}
          />
          {isTop && !isArchived && (
            <Button icon={<ShareAltOutlined />} onClick={onShare} data-testid="share-library">
              {t('share.button')}
            </Button>
          )}
          {isTop && (
            <Button icon={<InboxOutlined />} onClick={() => onArchive(!isArchived)}>
              {isArchived ? t('folders.unarchive') : t('folders.archive')}
            </Button>
          )}
          <Popconfirm
            title={t('folders.deleteConfirm', { name: folder.name })}
            okText={t('form.ok')}
            cancelText={t('form.cancel')}
            onConfirm={onDelete}
          >
            <Button danger icon={<DeleteOutlined />} data-testid="delete-folder">
              {t('folders.delete')}
            </Button>
          </Popconfirm>
        </Flex>
      </Card>
      <LabelManager folderId={folder.id} />
      <LibraryLog folderId={folder.id} />
    </Flex>
  );
}
