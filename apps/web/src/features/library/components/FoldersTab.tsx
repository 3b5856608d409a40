import { useMemo, useState } from 'react';
import { Alert, App, Button, Card, Checkbox, Empty, Flex, Spin, Tag, Tree, Typography } from 'antd';
import type { TreeDataNode } from 'antd';
import { FolderOutlined, PlusOutlined, TeamOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { LibraryFolder, SharedLibrary } from '@patlas/contracts';
import { buildFolderTree, flattenTree, type FolderNode } from '../../../library-actions/folder-tree';
import { librarySetPath } from '../../../library-actions/library-links';
import { useCreateFolder, useFolders } from '../../../library-actions/queries';
import { useDeleteLibrary, useUpdateLibrary } from '../queries';
import { FolderDetails } from './FolderDetails';
import { FolderFormModal, type FolderFormMode, type FolderFormValues } from './FolderFormModal';
import { MoveFolderModal } from './MoveFolderModal';
import { ShareLibraryModal } from './ShareLibraryModal';

/** The URL parameter naming the chosen folder (a deep link to it). */
const FOLDER_PARAM = 'folder';

function treeNodes(
  nodes: readonly FolderNode<LibraryFolder>[],
  countText: (n: number) => string,
  archived: string,
): TreeDataNode[] {
  return nodes.map(({ folder, children }) => ({
    key: folder.id,
    title: (
      <span className="library-tree-title" data-testid={`folder-${folder.id}`}>
        <span className="library-tree-name">{folder.name}</span>
        <Typography.Text type="secondary" className="library-tree-count">
          {countText(folder.totalCount)}
        </Typography.Text>
        {folder.state === 'archived' && <Tag className="library-tree-archived">{archived}</Tag>}
      </span>
    ),
    icon: <FolderOutlined />,
    children: treeNodes(children, countText, archived),
  }));
}

/** The key of the "shared with me" node (no folder has it: folder ids are UUIDs). */
const SHARED_ROOT = 'shared-with-me';

/**
 * The "shared with me" node: the libraries others share with the user, each with its folders;
 * choosing one opens its patents on the result page (a member does not change folders).
 */
function sharedNodes(
  libraries: readonly SharedLibrary[],
  title: string,
  countText: (n: number) => string,
  sharedBy: (owner: string) => string,
): TreeDataNode[] {
  if (libraries.length === 0) return [];
  return [
    {
      key: SHARED_ROOT,
      selectable: false,
      icon: <TeamOutlined />,
      title: (
        <span className="library-tree-title" data-testid="shared-with-me">
          <span className="library-tree-name">{title}</span>
        </span>
      ),
      children: libraries.map((shared) => {
        const [top] = treeNodes(buildFolderTree(shared.folders), countText, '');
        const owner = shared.owner.fullname || shared.owner.email;
        return {
          ...top!,
          key: shared.library.id,
          title: (
            <span className="library-tree-title" data-testid={`shared-${shared.library.id}`}>
              <span className="library-tree-name">{shared.library.name}</span>
              <Typography.Text type="secondary" className="library-tree-count">
                {countText(shared.library.totalCount)}
              </Typography.Text>
              <Typography.Text type="secondary" className="library-tree-owner">
                {sharedBy(owner)}
              </Typography.Text>
            </span>
          ),
        };
      }),
    },
  ];
}

/** My libraries: the folder tree (5 levels), the chosen folder's details, labels and log. */
export function FoldersTab() {
  const { t } = useTranslation('library');
  const { message } = App.useApp();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const [showArchived, setShowArchived] = useState(false);
  const folders = useFolders('current');
  const create = useCreateFolder();
  const update = useUpdateLibrary();
  const remove = useDeleteLibrary();
  const [formMode, setFormMode] = useState<FolderFormMode>();
  const [moving, setMoving] = useState<LibraryFolder>();
  const [sharing, setSharing] = useState<LibraryFolder>();

  const all = useMemo(() => folders.data?.folders ?? [], [folders.data]);
  const sharedWithMe = useMemo(() => folders.data?.sharedWithMe ?? [], [folders.data]);
  const sharedIds = useMemo(() => new Set(sharedWithMe.flatMap((l) => l.folders.map((f) => f.id))), [sharedWithMe]);
  const shown = useMemo(() => (showArchived ? all : all.filter((f) => f.state !== 'archived')), [all, showArchived]);
  const roots = useMemo(() => buildFolderTree(shown), [shown]);
  const allRoots = useMemo(() => buildFolderTree(all.filter((f) => f.state === 'active')), [all]);
  const selectedId = params.get(FOLDER_PARAM) ?? undefined;
  const selected = selectedId ? all.find((f) => f.id === selectedId) : undefined;
  const [expanded, setExpanded] = useState<string[]>();
  const expandedKeys = expanded ?? flattenTree(roots).map((n) => n.folder.id);

  const select = (id: string | undefined) => {
    const next = new URLSearchParams(params);
    if (id) next.set(FOLDER_PARAM, id);
    else next.delete(FOLDER_PARAM);
    setParams(next, { replace: true });
  };

  const handleForm = async (values: FolderFormValues) => {
    if (!formMode) return;
    try {
      if (formMode.kind === 'create') {
        const folder = await create.mutateAsync({
          name: values.name,
          remark: values.remark,
          parentId: formMode.parent?.id ?? null,
        });
        if (formMode.parent) setExpanded([...expandedKeys, formMode.parent.id]);
        select(folder.id);
      } else if (formMode.kind === 'rename') {
        await update.mutateAsync({ action: 'rename', folderId: formMode.folder.id, name: values.name });
      } else {
        await update.mutateAsync({ action: 'remark', folderId: formMode.folder.id, remark: values.remark });
      }
      void message.success(t('folders.saved'));
      setFormMode(undefined);
    } catch {
      // The modal shows the error.
    }
  };
  const handleMove = async (parentId: string | null) => {
    if (!moving) return;
    try {
      await update.mutateAsync({ action: 'move', folderId: moving.id, parentId });
      void message.success(t('folders.moved'));
      if (parentId) setExpanded([...expandedKeys, parentId]);
      setMoving(undefined);
    } catch {
      // The modal shows the error.
    }
  };
  const handleArchive = async (folder: LibraryFolder, archive: boolean) => {
    try {
      await update.mutateAsync({ action: archive ? 'archive' : 'unarchive', folderId: folder.id });
      void message.success(archive ? t('folders.archivedDone') : t('folders.unarchivedDone'));
      if (archive && !showArchived) select(undefined);
    } catch (error) {
      void message.error((error as Error).message);
    }
  };
  const handleDelete = async (folder: LibraryFolder) => {
    try {
      await remove.mutateAsync({ action: 'delete', folderIds: [folder.id] });
      void message.success(t('folders.deleted'));
      select(folder.parentId ?? undefined);
    } catch (error) {
      void message.error((error as Error).message);
    }
  };

  const quota = folders.data?.quota;
  const formError = formMode?.kind === 'create' ? create.error : update.error;

  return (
    <Flex gap={16} align="start" className="library-folders" wrap>
      <Card
        size="small"
        className="library-tree-card"
        title={t('folders.title')}
        extra={
          <Button
            type="primary"
            size="small"
            icon={<PlusOutlined />}
            onClick={() => {
              create.reset();
              setFormMode({ kind: 'create', parent: null });
            }}
          >
            {t('folders.new')}
          </Button>
        }
      >
        <Flex vertical gap={8}>
          <Flex justify="space-between" align="center" wrap gap={8}>
            <Checkbox checked={showArchived} onChange={(e) => setShowArchived(e.target.checked)}>
              {t('folders.showArchived')}
            </Checkbox>
            {quota && (
              <Typography.Text type="secondary" data-testid="library-quota">
                {quota.limit === null
                  ? t('folders.quotaUnlimited', { used: quota.used.toLocaleString() })
                  : t('folders.quota', { used: quota.used.toLocaleString(), limit: quota.limit.toLocaleString() })}
              </Typography.Text>
            )}
          </Flex>
          {folders.isPending && <Spin />}
          {folders.isError && <Alert type="error" showIcon title={folders.error.message} />}
          {folders.data && roots.length === 0 && <Empty description={t('folders.empty')} />}
          {roots.length > 0 && (
            <Tree
              className="library-tree"
              showIcon
              blockNode
              selectedKeys={selectedId ? [selectedId] : []}
              expandedKeys={expandedKeys}
              onExpand={(keys) => setExpanded(keys.map(String))}
              onSelect={(keys) => select(keys[0] === undefined ? selectedId : String(keys[0]))}
              onDoubleClick={(_event, node) => void navigate(librarySetPath(String(node.key)))}
              treeData={treeNodes(roots, (count) => t('folders.count', { count }), t('folders.archived'))}
            />
          )}
          {sharedWithMe.length > 0 && (
            <Tree
              className="library-tree library-tree-shared"
              showIcon
              blockNode
              defaultExpandedKeys={[SHARED_ROOT, ...sharedWithMe.map((l) => l.library.id)]}
              selectedKeys={[]}
              // A shared folder opens on the result page: its owner keeps the folders.
              onSelect={(keys) => {
                const key = keys[0] === undefined ? undefined : String(keys[0]);
                if (key && sharedIds.has(key)) void navigate(librarySetPath(key));
              }}
              treeData={sharedNodes(
                sharedWithMe,
                t('folders.sharedWithMe'),
                (count) => t('folders.count', { count }),
                (owner) => t('folders.sharedBy', { owner }),
              )}
            />
          )}
        </Flex>
      </Card>
      <div className="library-detail-column">
        {selected ? (
          <FolderDetails
            folder={selected}
            folders={all}
            onCreateChild={() => {
              create.reset();
              setFormMode({ kind: 'create', parent: selected });
            }}
            onRename={() => {
              update.reset();
              setFormMode({ kind: 'rename', folder: selected });
            }}
            onRemark={() => {
              update.reset();
              setFormMode({ kind: 'remark', folder: selected });
            }}
            onMove={() => {
              update.reset();
              setMoving(selected);
            }}
            onArchive={(archive) => void handleArchive(selected, archive)}
            onDelete={() => void handleDelete(selected)}
            onShare={() => setSharing(selected)}
          />
        ) : (
          <Card size="small">
            <Empty description={selectedId && folders.data ? t('errors.folderGone') : t('folders.select')} />
          </Card>
        )}
      </div>
      <FolderFormModal
        mode={formMode}
        isSaving={create.isPending || update.isPending}
        error={formError}
        onSubmit={(values) => void handleForm(values)}
        onClose={() => setFormMode(undefined)}
      />
      <ShareLibraryModal library={sharing} onClose={() => setSharing(undefined)} />
      <MoveFolderModal
        folder={moving}
        roots={allRoots}
        isSaving={update.isPending}
        error={moving ? update.error : null}
        onSubmit={(parentId) => void handleMove(parentId)}
        onClose={() => setMoving(undefined)}
      />
    </Flex>
  );
}
