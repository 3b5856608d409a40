import './library-actions.css';
import { useState } from 'react';
import { Alert, App, Button, Flex, Form, Input, Modal, Popconfirm, Select, Space, TreeSelect } from 'antd';
import { DeleteOutlined, TagsOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { MAX_LIBRARY_LABEL_NAME_LENGTH, MAX_LIBRARY_REMOVE, type LibraryLabel } from '@patlas/contracts';
import { labelOptions } from './label-tree';
import { useCancelLabels, useLabels, useRemovePatents, useSetLabels } from './queries';

interface LibraryLabelBarProps {
  folderId: string;
  /** The label the page is filtered by. */
  labelId: string | undefined;
  onFilter: (labelId: string | undefined) => void;
  /** The selected publication numbers of the folder's result page. */
  selected: readonly string[];
  /** After patents left the folder (the selection is cleared). */
  onRemoved: () => void;
}

/**
 * A folder's result page's own actions: indexing labels (spec 2 §3, issue 17 "标引": filter the
 * folder by a label, set or cancel labels on the selected patents, create labels and sub-labels)
 * and removing patents from the folder (spec 2 §9: at most 30,000 at once, the first in list order).
 */
export function LibraryLabelBar({ folderId, labelId, onFilter, selected, onRemoved }: LibraryLabelBarProps) {
  const { t } = useTranslation('library');
  const { message } = App.useApp();
  const labels = useLabels(folderId);
  const remove = useRemovePatents();
  const handleRemove = async (
    body: { folderId: string; publicationNumbers: string[] } | { folderId: string; all: true },
  ) => {
    try {
      const { affected, remaining } = await remove.mutateAsync(body);
      onRemoved();
      void message.success(
        remaining ? t('remove.doneRemaining', { count: affected, remaining }) : t('remove.done', { count: affected }),
      );
    } catch (error) {
      void message.error((error as Error).message);
    }
  };
  const [mode, setMode] = useState<'set' | 'cancel'>();
  const all = labels.data?.labels ?? [];
  const countText = (count: number) => t('labels.count', { count });

  return (
    <Flex gap={8} align="center" wrap className="library-label-bar" data-testid="library-label-bar">
      <TagsOutlined />
      <TreeSelect<string | undefined>
        size="small"
        className="library-label-filter"
        aria-label={t('labels.filter')}
        placeholder={t('labels.filterAll')}
        allowClear
        treeDefaultExpandAll
        value={labelId}
        onChange={(value) => onFilter(value || undefined)}
        treeData={labelOptions(all, countText)}
        popupMatchSelectWidth={false}
        style={{ minWidth: 180 }}
        notFoundContent={t('labels.empty')}
      />
      <Button
        size="small"
        disabled={selected.length === 0}
        onClick={() => setMode('set')}
        data-testid="label-set-button"
      >
        {t('labels.set')}
      </Button>
      <Button size="small" disabled={selected.length === 0} onClick={() => setMode('cancel')}>
        {t('labels.cancel')}
      </Button>
      <Popconfirm
        title={t('remove.confirmSelected', { count: selected.length })}
        okText={t('form.ok')}
        cancelText={t('form.cancel')}
        disabled={selected.length === 0}
        onConfirm={() => void handleRemove({ folderId, publicationNumbers: [...selected] })}
      >
        <Button
          size="small"
          danger
          icon={<DeleteOutlined />}
          disabled={selected.length === 0}
          data-testid="remove-selected"
        >
          {t('remove.selected', { count: selected.length })}
        </Button>
      </Popconfirm>
      <Popconfirm
        title={t('remove.confirmAll', { max: MAX_LIBRARY_REMOVE.toLocaleString('en-US') })}
        okText={t('form.ok')}
        okButtonProps={{ danger: true }}
        cancelText={t('form.cancel')}
        onConfirm={() => void handleRemove({ folderId, all: true })}
      >
        <Button size="small" danger type="text" loading={remove.isPending}>
          {t('remove.all')}
        </Button>
      </Popconfirm>
      <LabelApplyModal
        mode={mode}
        folderId={folderId}
        labels={all}
        selected={selected}
        onClose={() => setMode(undefined)}
      />
    </Flex>
  );
}

interface LabelApplyModalProps {
  mode: 'set' | 'cancel' | undefined;
  folderId: string;
  labels: readonly LibraryLabel[];
  selected: readonly string[];
  onClose: () => void;
}

function LabelApplyModal({ mode, folderId, labels, selected, onClose }: LabelApplyModalProps) {
  const { t } = useTranslation('library');
  const { message } = App.useApp();
  const set = useSetLabels();
  const cancel = useCancelLabels();
  const [labelIds, setLabelIds] = useState<string[]>([]);
  const [newName, setNewName] = useState('');
  const [newParent, setNewParent] = useState<string>();
  const error = set.error ?? cancel.error;
  const trimmed = newName.trim();
  const tops = labels.filter((l) => l.parentId === null);

  const close = () => {
    setLabelIds([]);
    setNewName('');
    set.reset();
    cancel.reset();
    onClose();
  };
  const handleCreate = async () => {
    if (!trimmed || trimmed.length > MAX_LIBRARY_LABEL_NAME_LENGTH) return;
    try {
      const answer = await set.mutateAsync({ action: 'create', name: trimmed, parentId: newParent ?? null });
      setNewName('');
      void message.success(t('labels.created'));
      const created = answer.label;
      if (created) setLabelIds((ids) => [...ids, created.id]);
    } catch {
      // Shown from set.error.
    }
  };
  const handleOk = async () => {
    if (labelIds.length === 0 || !mode) return;
    const publicationNumbers = [...selected];
    try {
      if (mode === 'set') {
        await set.mutateAsync({ action: 'apply', folderId, labelIds, publicationNumbers });
        void message.success(t('labels.setDone', { count: publicationNumbers.length }));
      } else {
        await cancel.mutateAsync({ action: 'remove', folderId, labelIds, publicationNumbers });
        void message.success(t('labels.cancelDone', { count: publicationNumbers.length }));
      }
      close();
    } catch {
      // Shown from the error.
    }
  };

  return (
    <Modal
      title={mode === 'cancel' ? t('labels.cancel') : t('labels.set')}
      open={mode !== undefined}
      onCancel={close}
      onOk={() => void handleOk()}
      okButtonProps={{ disabled: labelIds.length === 0 }}
      okText={t('form.ok')}
      cancelText={t('form.cancel')}
      confirmLoading={set.isPending || cancel.isPending}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label={t('labels.choose')} extra={t('labels.forSelected', { count: selected.length })}>
          <TreeSelect<string[]>
            multiple
            treeDefaultExpandAll
            value={labelIds}
            onChange={setLabelIds}
            treeData={labelOptions(labels)}
            aria-label={t('labels.choose')}
            placeholder={t('labels.choose')}
            notFoundContent={t('labels.empty')}
          />
        </Form.Item>
        {mode === 'set' && (
          <Form.Item label={t('labels.new')}>
            <Space.Compact style={{ width: '100%' }}>
              <Select<string | undefined>
                allowClear
                value={newParent}
                onChange={setNewParent}
                placeholder={t('labels.topLevel')}
                aria-label={t('labels.parent')}
                options={tops.map((l) => ({ value: l.id, label: l.name }))}
                style={{ width: 160 }}
              />
              <Input
                value={newName}
                maxLength={MAX_LIBRARY_LABEL_NAME_LENGTH}
                onChange={(e) => setNewName(e.target.value)}
                placeholder={t('labels.name')}
                aria-label={t('labels.name')}
              />
              <Button onClick={() => void handleCreate()} disabled={!trimmed} loading={set.isPending}>
                {t('collect.create')}
              </Button>
            </Space.Compact>
          </Form.Item>
        )}
        {error && <Alert type="error" showIcon title={error.message} />}
      </Form>
    </Modal>
  );
}
