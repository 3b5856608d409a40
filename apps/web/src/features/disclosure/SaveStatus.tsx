import { Button, Space, Tooltip, Typography } from 'antd';
import { CheckCircleOutlined, ExclamationCircleOutlined, LoadingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { AutosaveState } from './useAutosave';

const pad = (n: number) => String(n).padStart(2, '0');

/** hh:mm of a time, in the user's time zone. */
export function clockTime(iso: string): string {
  const date = new Date(iso);
  return `${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The autosave's state as the editor shows it: saved at hh:mm, saving, or failed with a retry. */
export function SaveStatus({ state, onRetry }: { state: AutosaveState; onRetry: () => void }) {
  const { t } = useTranslation('disclosure');
  const { status, savedAt, error } = state;
  let content: React.ReactNode;
  if (status === 'saving') {
    content = (
      <Typography.Text type="secondary">
        <LoadingOutlined /> {t('save.saving')}
      </Typography.Text>
    );
  } else if (status === 'failed') {
    content = (
      <Space size={4}>
        <Tooltip title={error?.message}>
          <Typography.Text type="danger">
            <ExclamationCircleOutlined /> {t('save.failed')}
          </Typography.Text>
        </Tooltip>
        <Button size="small" danger onClick={onRetry} data-testid="disclosure-save-retry">
          {t('save.retry')}
        </Button>
      </Space>
    );
  } else if (status === 'conflict') {
    content = (
      <Typography.Text type="danger">
        <ExclamationCircleOutlined /> {t('save.conflict')}
      </Typography.Text>
    );
  } else if (status === 'dirty') {
    content = <Typography.Text type="secondary">{t('save.dirty')}</Typography.Text>;
  } else if (status === 'saved' && savedAt) {
    content = (
      <Typography.Text type="success">
        <CheckCircleOutlined /> {t('save.savedAt', { time: clockTime(savedAt) })}
      </Typography.Text>
    );
  } else {
    content = <Typography.Text type="secondary">{t('save.idle')}</Typography.Text>;
  }
  return (
    <span data-testid="disclosure-save-status" data-status={status} aria-live="polite">
      {content}
    </span>
  );
}
