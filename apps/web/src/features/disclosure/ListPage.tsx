import { MAX_KEYWORD_LENGTH } from '@patlas/contracts';
import { useState } from 'react';
import { App, Button, Card, Flex, Input, Popconfirm, Segmented, Space } from 'antd';
import { ResizableTable as Table } from '../../components/ui/resizable-table';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { DisclosureKind, DisclosureListItem } from '@patlas/contracts';
import {
  DISCLOSURE_ADD_PATH,
  DISCLOSURE_LIST_PATH,
  disclosureEditPath,
  PATENT_APPLY_PATH,
  patentApplyEditPath,
} from '../../app/paths';
import { useFileOptions } from '../../export-actions/queries';
import { formatDateTime } from '../../utils/format-date';
import { saveFile } from '../../utils/save-file';
import { exportDocument } from './api';
import { EditorPage } from './EditorPage';
import { useDeleteDocument, useDocuments } from './queries';
import './disclosure.css';
import { listPagination } from '../../components/ui/pagination';

/** Spec 2 §9 pagination: page sizes 20, 30, 40. */
const PAGE_SIZES = [20, 30, 40];

const editPathOf = (item: Pick<DisclosureListItem, 'id' | 'kind'>) =>
  item.kind === 'application' ? patentApplyEditPath(item.id) : disclosureEditPath(item.id);

/** A user's documents of one kind: search by title, page, open, export, delete; all in the URL (title, page, size). */
function DocumentList({ kind }: { kind: DisclosureKind }) {
  const { t } = useTranslation('disclosure');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const title = params.get('title') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const size = Number(params.get('size'));
  const pageSize = PAGE_SIZES.includes(size) ? size : (PAGE_SIZES[0] ?? 20);
  const [search, setSearch] = useState(title);
  const list = useDocuments(kind, title, page, pageSize);
  const remove = useDeleteDocument();
  const fileOptions = useFileOptions();
  const [exporting, setExporting] = useState<string>();

  const setQuery = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next);
  };

  const handleExport = async (item: DisclosureListItem) => {
    setExporting(item.id);
    try {
      const file = await exportDocument(item.id, await fileOptions());
      saveFile(file.fileName, file.blob);
    } catch (error) {
      void message.error((error as Error).message);
    } finally {
      setExporting(undefined);
    }
  };

  const handleDelete = async (item: DisclosureListItem) => {
    try {
      await remove.mutateAsync(item.id);
      void message.success(t('actions.deleted'));
    } catch (error) {
      void message.error((error as Error).message);
    }
  };

  return (
    <div className="disclosure-page" data-testid={`disclosure-list-${kind}`}>
      <Flex justify="space-between" align="center" wrap gap={8} className="disclosure-header">
        <Space wrap>
          <Segmented
            value={kind}
            options={[
              { value: 'disclosure', label: t('list.disclosures') },
              { value: 'application', label: t('list.applications') },
            ]}
            onChange={(value) => void navigate(value === 'application' ? PATENT_APPLY_PATH : DISCLOSURE_LIST_PATH)}
          />
          <Input.Search
            allowClear
            value={search}
            placeholder={t('list.search')}
            style={{ width: 260 }}
            maxLength={MAX_KEYWORD_LENGTH}
            onChange={(event) => setSearch(event.target.value)}
            onSearch={(value) => setQuery({ title: value.trim() || undefined, page: undefined })}
            data-testid="disclosure-list-search"
          />
        </Space>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => void navigate(kind === 'application' ? patentApplyEditPath('new') : DISCLOSURE_ADD_PATH)}
          data-testid="disclosure-new"
        >
          {kind === 'application' ? t('actions.newApplication') : t('actions.newDisclosure')}
        </Button>
      </Flex>
      <Card size="small">
        <Table<DisclosureListItem>
          rowKey="id"
          size="middle"
          loading={list.isFetching}
          dataSource={list.data?.items ?? []}
          pagination={listPagination({
            current: page,
            pageSize,
            total: list.data?.total ?? 0,
            pageSizeOptions: PAGE_SIZES,
            showSizeChanger: true,
            showTotal: (total) => t('list.total', { count: total }),
            onChange: (nextPage, nextSize) =>
              setQuery({
                page: nextPage > 1 ? String(nextPage) : undefined,
                size: nextSize !== PAGE_SIZES[0] ? String(nextSize) : undefined,
              }),
          })}
          columns={[
            {
              key: 'title',
              title: t('list.title'),
              render: (_, item) => (
                <Link to={editPathOf(item)} data-testid="disclosure-list-open">
                  {item.title}
                </Link>
              ),
            },
            {
              key: 'updatedAt',
              title: t('list.updatedAt'),
              width: 180,
              render: (_, item) => formatDateTime(item.updatedAt),
            },
            { key: 'chars', title: t('list.chars'), width: 90, dataIndex: 'chars' },
            { key: 'images', title: t('list.images'), width: 80, dataIndex: 'images' },
            { key: 'version', title: t('list.version'), width: 80, dataIndex: 'version' },
            {
              key: 'actions',
              title: t('list.actions'),
              width: 220,
              render: (_, item) => (
                <Space size={0}>
                  <Link to={editPathOf(item)}>
                    <Button type="link" size="small">
                      {t('actions.edit')}
                    </Button>
                  </Link>
                  <Button
                    type="link"
                    size="small"
                    loading={exporting === item.id}
                    onClick={() => void handleExport(item)}
                  >
                    {t('actions.export')}
                  </Button>
                  <Popconfirm
                    title={t('actions.delete')}
                    description={t('actions.deleteConfirm', { title: item.title })}
                    onConfirm={() => void handleDelete(item)}
                  >
                    <Button type="link" size="small" danger>
                      {t('actions.delete')}
                    </Button>
                  </Popconfirm>
                </Space>
              ),
            },
          ]}
        />
      </Card>
    </div>
  );
}

/** /innovationSpace/disclosure (spec 2 §2 /disclosure): the user's disclosures. */
export function DisclosureListPage() {
  return <DocumentList kind="disclosure" />;
}

/** /innovationSpace/patentApply (spec 2 §2 /patentApply): the application drafts, or one of them (?id=, ?new=1). */
export function PatentApplyPage() {
  const [params] = useSearchParams();
  if (params.get('id') || params.get('new')) return <EditorPage kind="application" />;
  return <DocumentList kind="application" />;
}

/** /innovationSpace/disclosurePaper/addWrite and editWrite?id=. */
export function DisclosureWritePage() {
  return <EditorPage kind="disclosure" />;
}
