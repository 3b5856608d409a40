import { useState } from 'react';
import { Alert, App, Button, Drawer, Empty, Flex, Popconfirm, Spin, Tag, Typography } from 'antd';
import { DeleteOutlined, HistoryOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SearchHistoryItem } from '@patlas/contracts';
import { usePermission, usePersonalSession } from '../session/useSession';
import { formatDateTime } from '../utils/format-date';
import { HISTORY_PATH, HISTORY_PERMISSION } from '../app/paths';
import { useDeleteHistory, useSearchHistory } from './queries';
import { useOperationValueLabel } from './useOperationValueLabel';
import { useReopenEntry } from './useReopenEntry';
import { fullTextTooltip } from './full-text-tooltip';
import './history.css';

const DRAWER_PAGE_SIZE = 20;

/**
 * The result toolbar's history button and drawer: the latest entries; a click reopens one exactly
 * as it was. Hidden without the history permission and for IP-login visitors, who have no history.
 */
export function HistoryDrawerButton() {
  const { t } = useTranslation('history');
  const [isOpen, setIsOpen] = useState(false);
  const isPersonal = usePersonalSession();
  const mayOpen = usePermission(HISTORY_PERMISSION);
  if (!mayOpen || !isPersonal) return null;
  return (
    <>
      <Button icon={<HistoryOutlined />} onClick={() => setIsOpen(true)} className="history-drawer-button">
        {t('buttons.drawer')}
      </Button>
      <Drawer
        title={t('drawer.title')}
        open={isOpen}
        onClose={() => setIsOpen(false)}
        size={460}
        className="history-drawer"
        extra={<Link to={HISTORY_PATH}>{t('buttons.allHistory')}</Link>}
      >
        {isOpen && <HistoryDrawerList onReopen={() => setIsOpen(false)} />}
      </Drawer>
    </>
  );
}

function HistoryDrawerList({ onReopen }: { onReopen: () => void }) {
  const { t } = useTranslation('history');
  const { message } = App.useApp();
  const list = useSearchHistory({ page: 1, pageSize: DRAWER_PAGE_SIZE });
  const remove = useDeleteHistory('search');
  const reopen = useReopenEntry();
  const valueLabel = useOperationValueLabel();

  if (list.isPending) return <Spin className="history-drawer-loading" />;
  if (list.isError) return <Alert type="error" showIcon title={list.error.message} />;
  if (list.data.items.length === 0) return <Empty description={t('drawer.empty')} />;

  const handleOpen = (item: SearchHistoryItem) => {
    onReopen();
    reopen(item);
  };

  return (
    <ol className="history-drawer-list" aria-label={t('drawer.title')}>
      {list.data.items.map((item) => (
        <li key={item.id} className="history-drawer-item" data-history-id={item.id}>
          <button type="button" className="history-drawer-open" onClick={() => handleOpen(item)}>
            <Flex justify="space-between" gap={8}>
              <span className="history-no">#{item.no}</span>
              <Typography.Text type="secondary" className="history-time">
                {formatDateTime(item.createdAt) ?? item.createdAt}
              </Typography.Text>
            </Flex>
            <Typography.Paragraph
              ellipsis={{ rows: 2, tooltip: fullTextTooltip(item.entry.searchExpression) }}
              className="history-expression"
            >
              {item.entry.searchExpression}
            </Typography.Paragraph>
            <Flex gap={8} align="center">
              <Tag color="blue">{t(`actions.${item.entry.operationName}`)}</Tag>
              {item.entry.operationValue && item.entry.operationName !== 'search' && (
                <Typography.Text type="secondary" ellipsis className="history-value">
                  {valueLabel(item.entry)}
                </Typography.Text>
              )}
              <Typography.Text className="history-hits">
                {t('drawer.hits', { total: Number(item.entry.resultTotal).toLocaleString() })}
              </Typography.Text>
            </Flex>
          </button>
          <Popconfirm
            title={t('confirm.deleteOne')}
            okText={t('confirm.ok')}
            cancelText={t('confirm.cancel')}
            onConfirm={() =>
              remove.mutateAsync({ ids: [item.id] }).then(
                () => undefined,
                (error: Error) => void message.error(error.message),
              )
            }
          >
            <Button
              type="text"
              size="small"
              icon={<DeleteOutlined />}
              aria-label={t('buttons.delete')}
              className="history-drawer-delete"
            />
          </Popconfirm>
        </li>
      ))}
    </ol>
  );
}
