import { TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LibraryFolder } from '@patlas/contracts';
import { buildFolderTree, type FolderNode } from './folder-tree';

interface TreeOption {
  value: string;
  title: string;
  children: TreeOption[];
}

function toOptions(
  nodes: readonly FolderNode<LibraryFolder>[],
  countLabel: (n: number) => string,
  sharedLabel: (rootId: string) => string | undefined,
): TreeOption[] {
  return nodes.map(({ folder, children }) => {
    const shared = folder.parentId === null ? sharedLabel(folder.id) : undefined;
    return {
      value: folder.id,
      title: `${folder.name} (${countLabel(folder.count)})${shared ? ` · ${shared}` : ''}`,
      children: toOptions(children, countLabel, sharedLabel),
    };
  });
}

interface FolderSelectProps {
  folders: readonly LibraryFolder[];
  value: string[];
  onChange: (ids: string[]) => void;
  isLoading?: boolean;
  id?: string;
  /** Libraries shared with the user (their top-level folder id → owner's name), marked as such. */
  sharedBy?: ReadonlyMap<string, string>;
}

/**
 * Picks one or more active folders from the user's tree and the libraries shared with them
 * (archived libraries take no new patents).
 */
export function FolderSelect({ folders, value, onChange, isLoading, id, sharedBy }: FolderSelectProps) {
  const { t } = useTranslation('library');
  const active = folders.filter((f) => f.state === 'active');
  const treeData = toOptions(
    buildFolderTree(active),
    (count) => t('folders.count', { count }),
    (rootId) => {
      const owner = sharedBy?.get(rootId);
      return owner === undefined ? undefined : t('collect.sharedBy', { owner });
    },
  );
  return (
    <TreeSelect<string[]>
      id={id}
      className="library-folder-select"
      multiple
      treeDefaultExpandAll
      showSearch
      treeNodeFilterProp="title"
      loading={isLoading}
      placeholder={t('collect.folderPlaceholder')}
      aria-label={t('collect.folder')}
      value={value}
      onChange={(ids) => onChange(ids)}
      treeData={treeData}
      style={{ width: '100%' }}
      notFoundContent={t('folders.empty')}
    />
  );
}
