import { useState } from 'react';
import { Alert, App, Button, Flex, Form, Input, Modal, Popconfirm, Typography } from 'antd';
import { ResizableTable as Table } from '../../../components/ui/resizable-table';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { MAX_LIBRARY_NAME_LENGTH, type SavedExpression, MAX_KEYWORD_LENGTH } from '@patlas/contracts';
import { SEARCH_RESULT_PATH } from '../../../app/paths';
import { encodeResultState, fromSearchState } from '../../../search-state/search-url-state';
import { formatDateTime } from '../../../utils/format-date';
import { useDeleteLibrary, useExpressions, useUpdateLibrary } from '../queries';
import { CombineExpressionsModal } from './CombineExpressionsModal';
import { listPagination } from '../../../components/ui/pagination';

/** The result page a saved expression reopens: exactly the state it was saved with. */
export function savedExpressionPath(item: SavedExpression): string {
  return `${SEARCH_RESULT_PATH}?${encodeResultState(fromSearchState(item.state)).toString()}`;
}

/** Issue 48 item 5: the same, as of the data version its hits were counted against. */
export function savedExpressionAsOfPath(item: SavedExpression): string | undefined {
  if (item.dataVersion === undefined) return undefined;
  const state = { ...fromSearchState(item.state), page: 1, asOf: item.dataVersion };
  return `${SEARCH_RESULT_PATH}?${encodeResultState(state).toString()}`;
}

const PAGE_SIZE = 20;

/** The archive of saved expressions (spec 2 §2 `tab=searchExp`): list, reopen, rename, delete, combine. */
export function SavedExpressionsTab() {
  const { t } = useTranslation('library');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const list = useExpressions({ ...(keyword ? { keyword } : {}), page, pageSize: PAGE_SIZE });
  const update = useUpdateLibrary();
  const remove = useDeleteLibrary();
  const [chosen, setChosen] = useState<SavedExpression[]>([]);
  const [isCombining, setCombining] = useState(false);
  const [renaming, setRenaming] = useState<SavedExpression>();
  const [form] = Form.useForm<{ name: string }>();

  const handleDelete = async (ids: string[]) => {
    try {
      const { affected } = await remove.mutateAsync({ action: 'deleteExpressions', expressionIds: ids });
      setChosen((c) => c.filter((item) => !ids.includes(item.id)));
      void message.success(t('expressions.deleted', { count: affected }));
    } catch (error) {
      void message.error((error as Error).message);
    }
  };
  const handleRename = async ({ name }: { name: string }) => {
    if (!renaming) return;
    try {
      await update.mutateAsync({ action: 'renameExpression', expressionId: renaming.id, name: name.trim() });
      void message.success(t('expressions.renamed'));
      setRenaming(undefined);
    } catch {
      // Shown in the dialog.
    }
  };

  return (
    <Flex vertical gap={12}>
      <Flex wrap gap={8} align="center">
        <Input.Search
          maxLength={MAX_KEYWORD_LENGTH}
          allowClear
          placeholder={t('expressions.keyword')}
          aria-label={t('expressions.keyword')}
          onSearch={(value) => {
            setKeyword(value.trim());
            setPage(1);
          }}
          style={{ width: 280 }}
        />
        <Button type="primary" disabled={chosen.length < 2} onClick={() => setCombining(true)}>
          {t('expressions.combine')}
        </Button>
        <Popconfirm
          title={t('expressions.deleteSelectedConfirm', { count: chosen.length })}
          okText={t('form.ok')}
          cancelText={t('form.cancel')}
          onConfirm={() => void handleDelete(chosen.map((c) => c.id))}
          disabled={chosen.length === 0}
        >
          <Button danger disabled={chosen.length === 0}>
            {t('expressions.deleteSelected', { count: chosen.length })}
          </Button>
        </Popconfirm>
        {chosen.length > 0 && (
          <Typography.Text type="secondary">{t('expressions.selected', { count: chosen.length })}</Typography.Text>
        )}
      </Flex>
      {list.isError && <Alert type="error" showIcon title={list.error.message} />}
      <Table<SavedExpression>
        rowKey="id"
        size="middle"
        tableLayout="fixed"
        className="library-expressions"
        loading={list.isFetching}
        dataSource={list.data?.items ?? []}
        locale={{ emptyText: t('expressions.empty') }}
        rowSelection={{
          selectedRowKeys: chosen.map((c) => c.id),
          preserveSelectedRowKeys: true,
          onChange: (_keys, rows) =>
            setChosen((current) => {
              const pageIds = new Set((list.data?.items ?? []).map((i) => i.id));
              const others = current.filter((c) => !pageIds.has(c.id));
              return [...others, ...rows.filter((r): r is SavedExpression => r !== undefined)];
            }),
        }}
        pagination={listPagination({
          current: page,
          pageSize: PAGE_SIZE,
          total: list.data?.total ?? 0,
          showSizeChanger: false,
          onChange: setPage,
        })}
        columns={[
          {
            key: 'name',
            title: t('expressions.name'),
            width: 200,
            render: (_, item) => (
              <Typography.Link onClick={() => void navigate(savedExpressionPath(item))} ellipsis>
                {item.name}
              </Typography.Link>
            ),
          },
          {
            key: 'expression',
            title: t('expressions.expression'),
            render: (_, item) => (
              <Typography.Text code ellipsis={{ tooltip: item.expression }}>
                {item.expression}
              </Typography.Text>
            ),
          },
          {
            key: 'total',
            title: t('expressions.total'),
            width: 110,
            align: 'right',
            render: (_, item) => {
              const asOf = savedExpressionAsOfPath(item);
              return (
                <>
                  {item.total.toLocaleString()}
                  {asOf && (
                    <div>
                      <Link
                        to={asOf}
                        className="saved-expression-as-of"
                        title={t('expressions.reopenAsOf', { version: item.dataVersion })}
                      >
                        {t('expressions.dataVersion', { version: item.dataVersion })}
                      </Link>
                    </div>
                  )}
                </>
              );
            },
          },
          {
            key: 'savedAt',
            title: t('expressions.savedAt'),
            width: 170,
            render: (_, item) => formatDateTime(item.createdAt),
          },
          {
            key: 'actions',
            title: t('expressions.actions'),
            width: 200,
            render: (_, item) => (
              <Flex gap={4}>
                <Button size="small" type="link" onClick={() => void navigate(savedExpressionPath(item))}>
                  {t('expressions.open')}
                </Button>
                <Button
                  size="small"
                  type="link"
                  onClick={() => {
                    update.reset();
                    form.setFieldsValue({ name: item.name });
                    setRenaming(item);
                  }}
                >
                  {t('expressions.rename')}
                </Button>
                <Popconfirm
                  title={t('expressions.deleteConfirm', { name: item.name })}
                  okText={t('form.ok')}
                  cancelText={t('form.cancel')}
                  onConfirm={() => void handleDelete([item.id])}
                >
                  <Button size="small" type="link" danger>
                    {t('expressions.delete')}
                  </Button>
                </Popconfirm>
              </Flex>
            ),
          },
        ]}
      />
      <CombineExpressionsModal items={chosen} isOpen={isCombining} onClose={() => setCombining(false)} />
      <Modal
        title={t('expressions.rename')}
        open={renaming !== undefined}
        onCancel={() => setRenaming(undefined)}
        onOk={() => form.submit()}
        okText={t('form.ok')}
        cancelText={t('form.cancel')}
        confirmLoading={update.isPending}
        forceRender
      >
        <Form form={form} layout="vertical" onFinish={(values) => void handleRename(values)}>
          <Form.Item
            name="name"
            label={t('expressions.name')}
            rules={[
              { required: true, whitespace: true, message: t('form.nameRequired') },
              { max: MAX_LIBRARY_NAME_LENGTH, message: t('form.nameTooLong', { max: MAX_LIBRARY_NAME_LENGTH }) },
            ]}
          >
            <Input />
          </Form.Item>
          {update.isError && <Alert type="error" showIcon title={update.error.message} />}
        </Form>
      </Modal>
    </Flex>
  );
}
