import './library-actions.css';
import { useState } from 'react';
import { Alert, App, Button, Flex, Form, Input, Modal, Select, Space, TreeSelect } from 'antd';
import { TagsOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { MAX_LIBRARY_LABEL_NAME_LENGTH, type LibraryLabel } from '@patlas/contracts';
import { labelOptions } from './label-tree';
import { useCancelLabels, useLabels, useSetLabels } from './queries';

interface LibraryLabelBarProps {
  folderId: string;
  /** The label the page is filtered by. */
  labelId: string | undefined;
  onFilter: (labelId: string | undefined) => void;
  /** The selected publication numbers of the folder's result page. */
  selected: readonly string[];
}

/**
 * Indexing labels on a folder's result page (spec 2 §3, issue 17 "标引"): filter the folder by a
 * label, set or cancel labels on the selected patents, and create labels and sub-labels.
 */
export function LibraryLabelBar({ folderId, labelId, onFilter, selected }: LibraryLabelBarProps) {
  const { t } = useTranslation('library');
  const labels = useLabels(folderId);
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
      <Button size="small" disabled={selected.length === 0} onClick={() => setMode('set')} data-testid="label-set-button">
        {t('labels.set')}
      </Button>
      <Button size="small" disabled={selected.length === 0} onClick={() => setMode('cancel')}>
        {t('labels.cancel')}
      </Button>
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
