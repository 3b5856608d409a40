import { useState } from 'react';
import { Alert, App, Button, Card, Flex, Form, Input, Modal, Tag, Typography } from 'antd';
import { ResizableTable as Table } from '../../components/ui/resizable-table';
import { DeleteOutlined, DownloadOutlined, EditOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  MAX_USER_FILE_BYTES,
  MAX_USER_FILE_NAME_LENGTH,
  MY_FILE_TYPES,
  fileEndpoints,
  type MyFile,
  type UploadResult,
} from '@patlas/contracts';
import { useApiContext } from '../../api/useApiContext';
import { ChunkedUpload } from '../../components/ChunkedUpload/ChunkedUpload';
import { useUploadToken } from '../../components/ChunkedUpload/useUploadToken';
import { formatBytes } from '../../utils/format-bytes';
import { formatDateTime } from '../../utils/format-date';
import { saveFile } from '../../utils/save-file';
import { downloadMyFile } from './api';
import { useDeleteMyFiles, useMyFiles, useRefreshMyFiles, useRenameMyFile } from './queries';
import { MAX_SEARCH_LENGTH, PAGE_SIZES, usePageState } from './usePageState';
import { listPagination } from '../../components/ui/pagination';
import { validValues } from '../../utils/valid-values';

/** The type a name must keep: its extension, lower case. */
const extensionOf = (file: MyFile) => file.type;

/**
 * My files (/innovationSpace/myFile and /innovationSpace/searchFile; spec 2 §2, §7): the user's
 * uploaded files newest first with name, size, type and time; search by name, pagination,
 * download, rename (the type stays) and delete (confirmed). Files come in through the shared
 * chunked uploader, opened as a dialog (`?upload=1`).
 */
export function MyFilePage() {
  const { t } = useTranslation('myFile');
  const { message, modal } = App.useApp();
  const { lang, messages } = useApiContext();
  const token = useUploadToken();
  const { page, pageSize, name, isUploadOpen, change } = usePageState();
  const list = useMyFiles({ page, pageSize, ...(name ? { name } : {}) });
  const rename = useRenameMyFile();
  const remove = useDeleteMyFiles();
  const refresh = useRefreshMyFiles();
  const [selected, setSelected] = useState<string[]>([]);
  const [renaming, setRenaming] = useState<MyFile>();
  const [downloadingId, setDownloadingId] = useState<string>();
  const [form] = Form.useForm<{ fileName: string }>();
  const items = list.data?.items ?? [];

  const handleDownload = async (file: MyFile) => {
    setDownloadingId(file.fileId);
    try {
      const downloaded = await downloadMyFile(file, { lang, messages, token: await token() });
      saveFile(downloaded.fileName, downloaded.blob);
    } catch (error) {
      void message.error((error as Error).message);
    } finally {
      setDownloadingId(undefined);
    }
  };

  const handleDelete = (files: MyFile[]) => {
    if (files.length === 0) return;
    modal.confirm({
      title: t('actions.delete'),
      content:
        files.length === 1
          ? t('delete.confirm', { name: files[0]!.fileName })
          : t('delete.confirmMany', { count: files.length }),
      okText: t('ok'),
      cancelText: t('cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          const deleted = await remove.mutateAsync(files.map((f) => f.fileId));
          setSelected((current) => current.filter((id) => !deleted.includes(id)));
          void message.success(t('delete.done', { count: deleted.length }));
          // The last file of a page gone: show the page before it.
          if (deleted.length >= items.length && page > 1) change({ page: page - 1 });
        } catch (error) {
          void message.error((error as Error).message);
        }
      },
    });
  };

  const openRename = (file: MyFile) => {
    form.setFieldsValue({ fileName: file.fileName });
    setRenaming(file);
  };

  const handleRename = async () => {
    if (!renaming) return;
    // A refused name shows under the field; nothing is sent.
    const values = await validValues(form);
    if (!values) return;
    const { fileName } = values;
    try {
      const file = await rename.mutateAsync({ fileId: renaming.fileId, fileName: fileName.trim() });
      void message.success(t('rename.done', { name: file.fileName }));
      setRenaming(undefined);
    } catch (error) {
      void message.error((error as Error).message);
    }
  };

  const handleUploaded = (result: UploadResult) => {
    refresh();
    for (const file of result.files) void message.success(t('uploaded', { name: file.fileName }));
  };

  return (
    <Card
      className="my-file-page"
      title={t('title')}
      variant="borderless"
      extra={
        <Button type="primary" icon={<UploadOutlined />} onClick={() => change({ upload: '1' })}>
          {t('upload')}
        </Button>
      }
    >
      <Flex vertical gap={12}>
        <Flex gap={12} wrap align="center">
          <Input.Search
            key={name}
            allowClear
            defaultValue={name}
            maxLength={MAX_SEARCH_LENGTH}
            placeholder={t('searchPlaceholder')}
            aria-label={t('searchPlaceholder')}
            style={{ maxWidth: 320 }}
            onSearch={(value) => change({ name: value.trim(), page: 1 })}
          />
          <Button
            danger
            icon={<DeleteOutlined />}
            disabled={selected.length === 0}
            onClick={() => handleDelete(items.filter((f) => selected.includes(f.fileId)))}
          >
            {t('actions.deleteSelected')}
          </Button>
        </Flex>
        {list.isError && <Alert type="error" showIcon title={list.error.message} />}
        <Table<MyFile>
          rowKey="fileId"
          size="middle"
          loading={list.isPending}
          dataSource={items}
          locale={{ emptyText: name ? t('emptySearch', { name }) : t('empty') }}
          rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) }}
          scroll={{ x: 860 }}
          pagination={listPagination({
            current: page,
            pageSize,
            total: list.data?.total ?? 0,
            pageSizeOptions: PAGE_SIZES,
            showSizeChanger: true,
            showTotal: (total) => t('total', { count: total }),
            onChange: (nextPage, nextSize) => change({ page: nextPage, size: nextSize }),
          })}
          columns={[
            {
              key: 'name',
              title: t('columns.name'),
              render: (_, file) => (
                <Typography.Link onClick={() => void handleDownload(file)} data-testid="my-file-name">
                  {file.fileName}
                </Typography.Link>
              ),
            },
            {
              key: 'size',
              title: t('columns.size'),
              width: 110,
              align: 'right',
              render: (_, file) => formatBytes(file.size),
            },
            {
              key: 'type',
              title: t('columns.type'),
              width: 90,
              render: (_, file) => <Tag>{file.type.toUpperCase()}</Tag>,
            },
            {
              key: 'time',
              title: t('columns.time'),
              width: 170,
              render: (_, file) => formatDateTime(file.createdAt) ?? '—',
            },
            {
              key: 'actions',
              title: t('columns.actions'),
              width: 250,
              render: (_, file) => (
                <Flex gap={4}>
                  <Button
                    size="small"
                    type="link"
                    icon={<DownloadOutlined />}
                    loading={downloadingId === file.fileId}
                    onClick={() => void handleDownload(file)}
                  >
                    {t('actions.download')}
                  </Button>
                  <Button size="small" type="link" icon={<EditOutlined />} onClick={() => openRename(file)}>
                    {t('actions.rename')}
                  </Button>
                  <Button
                    size="small"
                    type="link"
                    danger
                    icon={<DeleteOutlined />}
                    onClick={() => handleDelete([file])}
                  >
                    {t('actions.delete')}
                  </Button>
                </Flex>
              ),
            },
          ]}
        />
      </Flex>

      <Modal
        title={t('uploadTitle')}
        open={isUploadOpen}
        footer={null}
        width={640}
        onCancel={() => change({ upload: undefined })}
      >
        <ChunkedUpload
          api={fileEndpoints.upload.path}
          accept={MY_FILE_TYPES}
          maxBytes={list.data?.maxFileBytes ?? MAX_USER_FILE_BYTES}
          onUploaded={handleUploaded}
        />
      </Modal>

      <Modal
        title={t('rename.title')}
        open={renaming !== undefined}
        okText={t('ok')}
        cancelText={t('cancel')}
        confirmLoading={rename.isPending}
        onOk={() => void handleRename()}
        onCancel={() => setRenaming(undefined)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" onFinish={() => void handleRename()}>
          <Form.Item
            name="fileName"
            label={t('rename.label')}
            rules={[
              { required: true, whitespace: true, message: t('rename.required') },
              { max: MAX_USER_FILE_NAME_LENGTH },
              {
                validator: async (_, value: string | undefined) => {
                  const ext = renaming ? extensionOf(renaming) : '';
                  const trimmed = (value ?? '').trim().toLowerCase();
                  if (!trimmed || (trimmed.endsWith(`.${ext}`) && trimmed.length > ext.length + 1)) return;
                  throw new Error(t('rename.keepType', { ext }));
                },
              },
            ]}
          >
            <Input autoFocus />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
