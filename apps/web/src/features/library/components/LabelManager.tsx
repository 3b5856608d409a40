import { useState } from 'react';
import {
  Alert,
  App,
  Button,
  Card,
  Empty,
  Flex,
  Input,
  Popconfirm,
  Select,
  Space,
  Tooltip,
  Tree,
  Typography,
} from 'antd';
import type { TreeDataNode } from 'antd';
import { DeleteOutlined, EditOutlined, TagOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MAX_LIBRARY_LABEL_NAME_LENGTH, type LibraryLabel } from '@patlas/contracts';
import { canDeleteLabel } from '../../../library-actions/label-tree';
import { librarySetPath } from '../../../library-actions/library-links';
import { useCancelLabels, useLabels, useSetLabels } from '../../../library-actions/queries';
import { LabelRenameModal } from './LabelRenameModal';

/**
 * The user's indexing labels as seen from a folder: each label with how many of the folder's
 * patents carry it (a link to the folder filtered by it), creating labels and sub-labels, renaming
 * a label, and deleting a label that has no sub-labels (spec 2 §5).
 */
export function LabelManager({ folderId }: { folderId: string }) {
  const { t } = useTranslation('library');
  const { message } = App.useApp();
  const labels = useLabels(folderId);
  const set = useSetLabels();
  const cancel = useCancelLabels();
  // Its own mutation: a refused rename is shown in its dialog, not under the create row.
  const rename = useSetLabels();
  const [renaming, setRenaming] = useState<LibraryLabel>();
  const [name, setName] = useState('');
  const [parentId, setParentId] = useState<string>();
  const all = labels.data?.labels ?? [];
  const tops = all.filter((l) => l.parentId === null);
  const trimmed = name.trim();

  const handleCreate = async () => {
    if (!trimmed) return;
    try {
      await set.mutateAsync({ action: 'create', name: trimmed, parentId: parentId ?? null });
      setName('');
      void message.success(t('labels.created'));
    } catch {
      // Shown below.
    }
  };
  const handleRename = async (newName: string) => {
    if (!renaming) return;
    if (newName === renaming.name) {
      setRenaming(undefined);
      return;
    }
    try {
      await rename.mutateAsync({ action: 'rename', labelId: renaming.id, name: newName });
      setRenaming(undefined);
      void message.success(t('labels.renamed'));
    } catch {
      // The dialog shows the error.
    }
  };
  const handleDelete = async (label: LibraryLabel) => {
    try {
      await cancel.mutateAsync({ action: 'delete', labelId: label.id });
      void message.success(t('labels.deleted'));
    } catch (error) {
      void message.error((error as Error).message);
    }
  };

  const titleOf = (label: LibraryLabel) => {
    const deletable = canDeleteLabel(all, label.id);
    return (
      <Flex gap={8} align="center" className="library-label-row" data-testid={`label-${label.id}`}>
        <Link to={librarySetPath(folderId, label.id)}>{label.name}</Link>
        <Typography.Text type="secondary">{t('labels.count', { count: label.count ?? 0 })}</Typography.Text>
        <Tooltip title={t('labels.rename')}>
          <Button
            size="small"
            type="text"
            icon={<EditOutlined />}
            aria-label={t('labels.renameOf', { name: label.name })}
            data-testid={`label-rename-${label.id}`}
            onClick={() => {
              rename.reset();
              setRenaming(label);
            }}
          />
        </Tooltip>
        <Tooltip title={deletable ? t('labels.delete') : t('labels.hasChildren')}>
          {deletable ? (
            <Popconfirm
              title={t('labels.deleteConfirm', { name: label.name })}
              okText={t('form.ok')}
              cancelText={t('form.cancel')}
              onConfirm={() => void handleDelete(label)}
            >
              <Button size="small" type="text" icon={<DeleteOutlined />} aria-label={t('labels.delete')} />
            </Popconfirm>
          ) : (
            <Button size="small" type="text" icon={<DeleteOutlined />} aria-label={t('labels.delete')} disabled />
          )}
        </Tooltip>
      </Flex>
    );
  };
  const treeData: TreeDataNode[] = tops.map((top) => ({
    key: top.id,
    title: titleOf(top),
    icon: <TagOutlined />,
    children: all
      .filter((l) => l.parentId === top.id)
      .map((l) => ({ key: l.id, title: titleOf(l), icon: <TagOutlined /> })),
  }));

  return (
    <Card size="small" title={t('labels.title')} className="library-labels">
      <Flex vertical gap={8}>
        <Space.Compact style={{ width: '100%' }}>
          <Select<string | undefined>
            allowClear
            value={parentId}
            onChange={setParentId}
            placeholder={t('labels.topLevel')}
            aria-label={t('labels.parent')}
            options={tops.map((l) => ({ value: l.id, label: l.name }))}
            style={{ width: 180 }}
          />
          <Input
            value={name}
            maxLength={MAX_LIBRARY_LABEL_NAME_LENGTH}
            onChange={(e) => setName(e.target.value)}
            onPressEnter={() => void handleCreate()}
            placeholder={parentId ? t('labels.newChild') : t('labels.new')}
            aria-label={t('labels.name')}
          />
          <Button type="primary" onClick={() => void handleCreate()} disabled={!trimmed} loading={set.isPending}>
            {t('collect.create')}
          </Button>
        </Space.Compact>
        {set.isError && <Alert type="error" showIcon title={set.error.message} />}
        {labels.isError && <Alert type="error" showIcon title={labels.error.message} />}
        {labels.data && all.length === 0 && (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('labels.empty')} />
        )}
        {treeData.length > 0 && <Tree showIcon blockNode selectable={false} defaultExpandAll treeData={treeData} />}
      </Flex>
      <LabelRenameModal
        label={renaming}
        isSaving={rename.isPending}
        error={rename.error}
        onSubmit={(newName) => void handleRename(newName)}
        onClose={() => setRenaming(undefined)}
      />
    </Card>
  );
}
