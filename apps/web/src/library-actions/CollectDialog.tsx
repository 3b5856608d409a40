import { useState } from 'react';
import { Alert, Button, Flex, Form, Input, Modal, Result, Space, Typography } from 'antd';
import { FolderAddOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  formatErrorMessage,
  MAX_COLLECT_PATENTS,
  MAX_COLLECT_TOTAL,
  MAX_LIBRARY_DEPTH,
  MAX_LIBRARY_NAME_LENGTH,
  type CollectResult,
  type LibraryFolder,
  type LibraryResultSet,
} from '@patlas/contracts';
import { useCollectHistoryRecording } from '../history-recording/useHistoryRecording';
import type { ResultSnapshot } from '../history-recording/recording';
import { librarySetPath } from './library-links';
import { folderChain } from './folder-tree';
import { FolderSelect } from './FolderSelect';
import { useCollect, useCreateFolder, useFolders, useSharedLibraries } from './queries';

/** What the dialog collects: chosen numbers, or a whole result set (at most 30,000 patents). */
export type CollectTarget =
  { kind: 'numbers'; publicationNumbers: string[] } | { kind: 'set'; resultSet: LibraryResultSet; total: number };

interface CollectDialogProps {
  /** Undefined: the dialog is closed. */
  target: CollectTarget | undefined;
  onClose: () => void;
  /** The result page the collect is made on (recorded in search history). */
  origin?: ResultSnapshot;
}

/** Patents a collect puts into each folder. */
function patentCount(target: CollectTarget): number {
  return target.kind === 'numbers' ? target.publicationNumbers.length : target.total;
}

/** The spec's limit figures as the server writes them ("30,000"). */
const LIMIT_TEXT = MAX_COLLECT_PATENTS.toLocaleString('en-US');

/**
 * The collect dialog (spec 2 §2): choose folders, or create one, and collect. The server skips
 * patents a folder holds already and says how many; its limit messages (30,000 per collect, 30,000
 * across folders) come in the user's language. The client checks the same limits first.
 */
export function CollectDialog({ target, onClose, origin }: CollectDialogProps) {
  const { t } = useTranslation('library');
  return (
    <Modal
      title={t('collect.title')}
      open={target !== undefined}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      width={560}
    >
      {target && <CollectForm target={target} onClose={onClose} origin={origin} />}
    </Modal>
  );
}

function CollectForm({
  target,
  onClose,
  origin,
}: {
  target: CollectTarget;
  onClose: () => void;
  origin?: ResultSnapshot;
}) {
  const { t, i18n } = useTranslation('library');
  const folders = useFolders('current');
  const collect = useCollect();
  const create = useCreateFolder();
  const recordCollect = useCollectHistoryRecording();
  const [folderIds, setFolderIds] = useState<string[]>([]);
  const [newName, setNewName] = useState('');
  const [done, setDone] = useState<{ result: CollectResult; folders: LibraryFolder[] }>();
  const shared = useSharedLibraries();
  const own = folders.data?.folders ?? [];
  // Libraries shared with the user take patents too (their members collect; spec 2 §3).
  const memberLibraries = (shared.data?.libraries ?? []).filter(
    (entry) => entry.role === 'member' && entry.library.state === 'active',
  );
  const all = [...own, ...memberLibraries.flatMap((entry) => entry.folders)];
  const sharedBy = new Map(
    memberLibraries.map((entry) => [entry.library.id, entry.owner.fullname || entry.owner.email]),
  );
  const count = patentCount(target);
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  // The server refuses these too, with the same catalogue messages (spec 2 §8, §9).
  const limitProblem =
    count > MAX_COLLECT_PATENTS
      ? formatErrorMessage('COLLECT_TOO_MANY', lang, { max: LIMIT_TEXT })
      : count * Math.max(1, folderIds.length) > MAX_COLLECT_TOTAL
        ? formatErrorMessage('COLLECT_TOTAL_TOO_MANY', lang, { max: MAX_COLLECT_TOTAL.toLocaleString('en-US') })
        : undefined;
  const locale = lang === 'en' ? 'en-US' : 'zh-CN';

  // A new folder goes under the one chosen folder (when it may have sub-folders), else at the top.
  // Only the user's own folders take new sub-folders (members of shared libraries cannot create them).
  const parent = folderIds.length === 1 ? own.find((f) => f.id === folderIds[0]) : undefined;
  const newParent = parent && parent.level < MAX_LIBRARY_DEPTH ? parent : undefined;
  const trimmedName = newName.trim();

  const handleCreate = async () => {
    if (!trimmedName || trimmedName.length > MAX_LIBRARY_NAME_LENGTH) return;
    try {
      const folder = await create.mutateAsync({ name: trimmedName, parentId: newParent?.id ?? null });
      setNewName('');
      setFolderIds((ids) => [...ids.filter((id) => id !== newParent?.id), folder.id]);
    } catch {
      // Shown below from create.error.
    }
  };

  const handleSubmit = async () => {
    if (folderIds.length === 0 || limitProblem) return;
    const source =
      target.kind === 'numbers' ? { publicationNumbers: target.publicationNumbers } : { resultSet: target.resultSet };
    try {
      const result = await collect.mutateAsync({ folderIds, source });
      const chosen = folderIds.flatMap((id) => all.filter((f) => f.id === id));
      setDone({ result, folders: chosen });
      // The server records every collect in operation history, and a whole result set's collect in
      // search history (library.service.ts). A collect of selected patents from a result page is
      // recorded here, with the search it was made on (the server does not know it).
      if (target.kind === 'numbers') {
        for (const folder of chosen) {
          const chain = folderChain(all, folder.id);
          recordCollect(origin, {
            favoritesId: folder.id,
            favName: folder.name,
            path: chain.map((f) => f.id).join('/'),
            pathName: chain.map((f) => f.name).join('/'),
          });
        }
      }
    } catch {
      // Shown below from collect.error.
    }
  };

  if (done) {
    const { result } = done;
    const names = done.folders.map((f) => f.name).join('、');
    return (
      <Result
        status="success"
        title={t('collect.done', { name: names })}
        subTitle={
          <Flex vertical gap={4} data-testid="collect-result">
            <span>{t('collect.added', { count: result.added })}</span>
            {result.skipped > 0 && <span>{t('collect.skipped', { count: result.skipped })}</span>}
            {result.notFound.length > 0 && (
              <Typography.Text type="warning">
                {t('collect.notFound', { count: result.notFound.length })}: {result.notFound.slice(0, 20).join(', ')}
              </Typography.Text>
            )}
          </Flex>
        }
        extra={[
          ...done.folders.slice(0, 1).map((folder) => (
            <Link key="open" to={librarySetPath(folder.id)} onClick={onClose}>
              <Button type="primary">{t('collect.openFolder')}</Button>
            </Link>
          )),
          <Button key="close" onClick={onClose}>
            {t('collect.close')}
          </Button>,
        ]}
      />
    );
  }

  return (
    <Form layout="vertical" onFinish={() => void handleSubmit()} className="library-collect-form">
      <Form.Item label={t('collect.what')}>
        <Typography.Text data-testid="collect-what">
          {target.kind === 'numbers'
            ? t('collect.whatNumbers', { count })
            : t('collect.whatSet', { count: target.total, total: target.total.toLocaleString(locale) })}
        </Typography.Text>
      </Form.Item>
      <Form.Item label={t('collect.folder')} required htmlFor="collect-folders">
        <FolderSelect
          id="collect-folders"
          folders={all}
          value={folderIds}
          onChange={setFolderIds}
          isLoading={folders.isPending}
          sharedBy={sharedBy}
        />
      </Form.Item>
      <Form.Item
        label={t('collect.newFolder')}
        extra={newParent ? t('collect.newFolderUnder', { name: newParent.name }) : t('collect.newFolderAtRoot')}
        validateStatus={trimmedName.length > MAX_LIBRARY_NAME_LENGTH ? 'error' : undefined}
        help={
          trimmedName.length > MAX_LIBRARY_NAME_LENGTH
            ? t('form.nameTooLong', { max: MAX_LIBRARY_NAME_LENGTH })
            : undefined
        }
      >
        <Space.Compact style={{ width: '100%' }}>
          <Input
            value={newName}
            onChange={(e) => setNewName(e.target.value)}
            placeholder={t('collect.newFolderPlaceholder')}
            aria-label={t('collect.newFolderPlaceholder')}
            onPressEnter={(e) => {
              e.preventDefault();
              void handleCreate();
            }}
          />
          <Button
            icon={<FolderAddOutlined />}
            onClick={() => void handleCreate()}
            loading={create.isPending}
            disabled={!trimmedName || trimmedName.length > MAX_LIBRARY_NAME_LENGTH}
          >
            {t('collect.create')}
          </Button>
        </Space.Compact>
      </Form.Item>
      {create.isError && <Alert type="error" showIcon title={create.error.message} className="library-alert" />}
      {folders.isError && <Alert type="error" showIcon title={folders.error.message} className="library-alert" />}
      {limitProblem && (
        <Alert type="error" showIcon title={limitProblem} className="library-alert" data-testid="collect-limit" />
      )}
      {collect.isError && (
        <Alert
          type="error"
          showIcon
          title={collect.error.message}
          className="library-alert"
          data-testid="collect-error"
        />
      )}
      <Flex justify="end" gap={8}>
        <Button onClick={onClose}>{t('form.cancel')}</Button>
        <Button
          type="primary"
          htmlType="submit"
          loading={collect.isPending}
          disabled={folderIds.length === 0 || limitProblem !== undefined}
        >
          {t('collect.submit')}
        </Button>
      </Flex>
    </Form>
  );
}
