import { useState } from 'react';
import { App, Button, Card, Flex, Progress, Tag, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { DownloadTask } from '@patlas/contracts';
import { downloadTaskFile } from '../../export-actions/api';
import { useFileOptions } from '../../export-actions/queries';
import { formatBytes } from '../../utils/format-bytes';
import { formatDateTime } from '../../utils/format-date';
import { usePageParams } from '../../utils/use-page-params';
import { saveFile } from '../../utils/save-file';
import { taskStateColumn, TaskTable } from '../../tasks/TaskTable';
import { isActiveTask } from '../../tasks/useTaskQuery';
import type { DownloadAction } from './api';
import { useApplyProgress, useDownloadAction, useDownloads } from './queries';
import { useProgressSockets } from './useProgressSockets';
import './download.css';

/**
 * The download centre (/innovationSpace/download, spec 2 §2 "/download: export history"): the
 * user's export tasks newest first, their progress live over a websocket per running task (polling
 * every 2 s when a socket fails), and download, cancel, run again and redraw.
 */
export function DownloadPage() {
  const { t } = useTranslation('download');
  const { message } = App.useApp();
  const { page, pageSize, setPage } = usePageParams();
  const [isPolling, setIsPolling] = useState(false);
  const list = useDownloads(page, pageSize, isPolling);
  const items = list.data?.items ?? [];
  const applyProgress = useApplyProgress();
  const { isLive } = useProgressSockets(
    items.filter(isActiveTask).map((task) => task.id),
    applyProgress,
  );
  if (isPolling === isLive) setIsPolling(!isLive);
  const action = useDownloadAction();
  const fileOptions = useFileOptions();
  const [downloadingId, setDownloadingId] = useState<string>();

  const handleAction = async (kind: DownloadAction, task: DownloadTask) => {
    try {
      await action.mutateAsync({ action: kind, id: task.id });
      void message.success(t(`done.${kind}`, { title: task.title }));
    } catch (error) {
      void message.error((error as Error).message);
    }
  };

  const handleDownload = async (task: DownloadTask) => {
    if (!task.downloadUrl) return;
    setDownloadingId(task.id);
    try {
      const file = await downloadTaskFile(task.downloadUrl, task.filename, await fileOptions());
      saveFile(file.fileName, file.blob);
    } catch (error) {
      void message.error((error as Error).message);
    } finally {
      setDownloadingId(undefined);
    }
  };

  return (
    <Card className="download-page" title={t('title')} variant="borderless">
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">{t('hint')}</Typography.Text>
        <TaskTable<DownloadTask>
          query={list}
          paging={{ page, pageSize, setPage, showTotal: (total) => t('total', { count: total }) }}
          emptyText={t('empty')}
          className="download-table"
          scroll={{ x: 1100 }}
          rowClassName={(task) => (task.expired ? 'download-row-expired' : '')}
          columns={[
            {
              key: 'title',
              title: t('columns.title'),
              render: (_, task) => (
                <Flex vertical>
                  <Typography.Text strong ellipsis={{ tooltip: task.title }} className="download-title">
                    {task.title}
                  </Typography.Text>
                  <Typography.Text type="secondary" className="download-filename">
                    {task.filename}
                  </Typography.Text>
                </Flex>
              ),
            },
            {
              key: 'format',
              title: t('columns.format'),
              width: 80,
              render: (_, task) => <Tag>{task.format.toUpperCase()}</Tag>,
            },
            taskStateColumn<DownloadTask, DownloadTask['state'] | 'expired'>({
              title: t('columns.state'),
              width: 110,
              testId: 'download-state',
              label: (state) => t(`states.${state}`),
              stateOf: (task) => (task.expired ? 'expired' : task.state),
            }),
            {
              key: 'progress',
              title: t('columns.progress'),
              width: 200,
              render: (_, task) => (
                <Flex vertical data-testid="download-progress">
                  <Progress
                    percent={Math.round(Math.min(100, Math.max(0, task.progress)))}
                    size="small"
                    status={task.state === 'failed' ? 'exception' : task.state === 'running' ? 'active' : undefined}
                  />
                  <Typography.Text type="secondary" className="download-rows">
                    {t(task.unit === 'charts' ? 'charts' : 'rows', {
                      done: task.done.toLocaleString(),
                      total: task.total.toLocaleString(),
                    })}
                  </Typography.Text>
                </Flex>
              ),
            },
            {
              key: 'size',
              title: t('columns.size'),
              width: 90,
              align: 'right',
              render: (_, task) => (task.size === null ? '—' : formatBytes(task.size)),
            },
            {
              key: 'times',
              title: t('columns.times'),
              width: 190,
              render: (_, task) => (
                <Flex vertical className="download-times">
                  <span>{t('createdAt', { time: formatDateTime(task.createdAt) ?? '—' })}</span>
                  {task.finishedAt && <span>{t('finishedAt', { time: formatDateTime(task.finishedAt) ?? '—' })}</span>}
                </Flex>
              ),
            },
            {
              key: 'expiry',
              title: t('columns.expiry'),
              width: 150,
              render: (_, task) =>
                task.expired ? (
                  <Typography.Text type="warning" data-testid="download-expired">
                    {t('expired')}
                  </Typography.Text>
                ) : (
                  (formatDateTime(task.expiresAt) ?? '—')
                ),
            },
          ]}
          actions={{
            title: t('columns.actions'),
            width: 220,
            fixed: 'right',
            render: (task) => (
              <Flex gap={4} wrap>
                {task.state === 'done' && !task.expired && task.downloadUrl && (
                  <Button
                    size="small"
                    type="link"
                    icon={<DownloadOutlined />}
                    loading={downloadingId === task.id}
                    onClick={() => void handleDownload(task)}
                  >
                    {t('actions.download')}
                  </Button>
                )}
                {isActiveTask(task) && (
                  <Button size="small" type="link" danger onClick={() => void handleAction('cancel', task)}>
                    {t('actions.cancel')}
                  </Button>
                )}
                {task.state === 'done' && !task.expired && (
                  <Button size="small" type="link" onClick={() => void handleAction('draw', task)}>
                    {t('actions.draw')}
                  </Button>
                )}
                {!isActiveTask(task) && (
                  <Button size="small" type="link" onClick={() => void handleAction('again', task)}>
                    {t('actions.again')}
                  </Button>
                )}
              </Flex>
            ),
          }}
        />
      </Flex>
    </Card>
  );
}
