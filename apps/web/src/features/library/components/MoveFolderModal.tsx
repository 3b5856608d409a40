import { useState } from 'react';
import { Alert, Form, Modal, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { MAX_LIBRARY_DEPTH, type LibraryFolder } from '@patlas/contracts';
import { moveTargets, type FolderNode } from '../../../library-actions/folder-tree';

/** The value of the top level in the target picker (no folder id can be empty). */
const TOP = '';

interface TargetOption {
  value: string;
  title: string;
  disabled?: boolean;
  children: TargetOption[];
}

interface MoveFolderModalProps {
  folder: LibraryFolder | undefined;
  roots: readonly FolderNode<LibraryFolder>[];
  isSaving: boolean;
  error: Error | null;
  onSubmit: (parentId: string | null) => void;
  onClose: () => void;
}

/**
 * Moves a folder (with its sub-folders) under another folder or to the top. Only targets that
 * keep every moved folder within 5 levels and outside its own subtree are offered; the server
 * checks the same.
 */
export function MoveFolderModal({ folder, roots, isSaving, error, onSubmit, onClose }: MoveFolderModalProps) {
  const { t } = useTranslation('library');
  const [target, setTarget] = useState<string>();
  const targets = folder ? moveTargets(roots, folder.id, MAX_LIBRARY_DEPTH) : { top: false, folders: [] };
  const allowed = new Set(targets.folders.map((n) => n.folder.id));
  // The whole tree is shown for orientation; folders that cannot take it are disabled.
  const toOptions = (nodes: readonly FolderNode<LibraryFolder>[]): TargetOption[] =>
    nodes.map((n) => ({
      value: n.folder.id,
      title: n.folder.name,
      disabled: !allowed.has(n.folder.id),
      children: toOptions(n.children),
    }));
  const treeData: TargetOption[] = [
    ...(targets.top ? [{ value: TOP, title: t('folders.root'), children: [] }] : []),
    ...toOptions(roots),
  ];

  return (
    <Modal
      title={folder ? t('form.moveTitle', { name: folder.name }) : ''}
      open={folder !== undefined}
      onCancel={() => {
        setTarget(undefined);
        onClose();
      }}
      onOk={() => target !== undefined && onSubmit(target === TOP ? null : target)}
      okButtonProps={{ disabled: target === undefined }}
      okText={t('form.ok')}
      cancelText={t('form.cancel')}
      confirmLoading={isSaving}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label={t('form.target')} extra={t('folders.depthLimit', { max: MAX_LIBRARY_DEPTH })}>
          <TreeSelect
            value={target}
            onChange={(value: string) => setTarget(value)}
            treeData={treeData}
            treeDefaultExpandAll
            aria-label={t('form.target')}
            placeholder={t('form.target')}
          />
        </Form.Item>
        {error && <Alert type="error" showIcon title={error.message} />}
      </Form>
    </Modal>
  );
}
