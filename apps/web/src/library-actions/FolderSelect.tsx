import { TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LibraryFolder } from '@patlas/contracts';
import { buildFolderTree, type FolderNode } from './folder-tree';

interface TreeOption {
  value: string;
  title: string;
  children: TreeOption[];
}

function toOptions(nodes: readonly FolderNode<LibraryFolder>[], countLabel: (n: number) => string): TreeOption[] {
  return nodes.map(({ folder, children }) => ({
    value: folder.id,
    title: `${folder.name} (${countLabel(folder.count)})`,
    children: toOptions(children, countLabel),
  }));
}

interface FolderSelectProps {
  folders: readonly LibraryFolder[];
  value: string[];
  onChange: (ids: string[]) => void;
  isLoading?: boolean;
  id?: string;
}

/** Picks one or more active folders from the user's tree (archived libraries take no new patents). */
export function FolderSelect({ folders, value, onChange, isLoading, id }: FolderSelectProps) {
  const { t } = useTranslation('library');
  const active = folders.filter((f) => f.state === 'active');
  const treeData = toOptions(buildFolderTree(active), (count) => t('folders.count', { count }));
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
