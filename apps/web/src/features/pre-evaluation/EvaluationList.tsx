import { useState } from 'react';
import { App, Button, Card, Popconfirm, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PreEvaluation, PreEvaluationOrigin } from '@patlas/contracts';
import { taskStateColumn, TaskTable } from '../../tasks/TaskTable';
import { formatDateTime } from '../../utils/format-date';
import { usePageParams } from '../../utils/use-page-params';
import { useDeleteEvaluations, useEvaluations } from './queries';
import { ExportButtons, RiskTag } from './parts';

/** The user's evaluations (of one origin, or all) with state, risks, open, export and delete. */
export function EvaluationList({
  origin,
  openPath,
}: {
  origin?: PreEvaluationOrigin;
  /** Where an evaluation opens (its progress and result). */
  openPath: (evaluation: PreEvaluation) => string;
}) {
  const { t } = useTranslation('preEvaluation');
  const { message } = App.useApp();
  const paging = usePageParams();
  const list = useEvaluations(paging.page, paging.pageSize, origin);
  const remove = useDeleteEvaluations();
  const [selected, setSelected] = useState<string[]>([]);

  const handleDelete = async (ids: string[]) => {
    try {
      await remove.mutateAsync(ids);
      setSelected((s) => s.filter((id) => !ids.includes(id)));
      void message.success(t('list.deleted'));
    } catch (error) {
      void message.error((error as Error).message);
    }
  };

  return (
    <Card
      title={t('list.title')}
      variant="borderless"
      extra={
        <Popconfirm
          title={t('list.confirmDelete', { count: selected.length })}
          onConfirm={() => void handleDelete(selected)}
        >
          <Button danger disabled={selected.length === 0} data-testid="pre-delete-selected">
            {t('list.deleteSelected', { count: selected.length })}
          </Button>
        </Popconfirm>
      }
    >
      <TaskTable<PreEvaluation>
        query={list}
        paging={paging}
        emptyText={t('list.empty')}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as string[]) }}
        data-testid="pre-list"
        columns={[
          {
            title: t('list.titleColumn'),
            dataIndex: 'title',
            render: (_, e) => (
              <Link to={openPath(e)} data-testid="pre-open">
                <Typography.Text ellipsis style={{ maxWidth: 320 }}>
                  {e.title}
                </Typography.Text>
              </Link>
            ),
          },
          { title: t('list.kind'), dataIndex: 'kind', width: 110, render: (_, e) => t(`kind.${e.kind}`) },
          taskStateColumn<PreEvaluation>({
            title: t('list.state'),
            width: 150,
            label: (state) => t(`state.${state}`),
            percent: (e) => e.progress * 100,
          }),
          {
            title: t('risk.novelty'),
            dataIndex: 'novelty',
            width: 100,
            render: (_, e) => <RiskTag level={e.novelty} />,
          },
          {
            title: t('risk.inventiveness'),
            dataIndex: 'inventiveness',
            width: 100,
            render: (_, e) => <RiskTag level={e.inventiveness} />,
          },
          { title: t('list.documents'), dataIndex: 'documents', width: 90 },
          {
            title: t('list.created'),
            dataIndex: 'createdAt',
            width: 170,
            render: (_, e) => formatDateTime(e.createdAt),
          },
        ]}
        actions={{
          title: t('list.actions'),
          width: 260,
          render: (e) => (
            <Space size={4} wrap>
              {e.state === 'done' && <ExportButtons id={e.id} />}
              <Popconfirm title={t('list.confirmDelete', { count: 1 })} onConfirm={() => void handleDelete([e.id])}>
                <Button size="small" danger type="link" data-testid="pre-delete">
                  {t('list.delete')}
                </Button>
              </Popconfirm>
            </Space>
          ),
        }}
      />
    </Card>
  );
}
