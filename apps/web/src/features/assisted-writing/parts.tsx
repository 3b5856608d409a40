import { useMemo } from 'react';
import { Alert, Flex, Segmented, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RewriteDayLimit } from '@patlas/contracts';
import { formatDateTime } from '../../utils/format-date';
import { diffText } from './text-diff';

/** What the administrator sets for assisted writing to work: shown instead of the tool while it is not set up. */
export function NotConfigured() {
  const { t } = useTranslation('assistedWriting');
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="rewrite-not-configured"
      title={t('notConfigured.title')}
      description={
        <Flex vertical gap={4}>
          <Typography.Text>{t('notConfigured.body')}</Typography.Text>
          <ul className="assisted-writing-env">
            <li>
              <Typography.Text code>{t('notConfigured.url')}</Typography.Text>
            </li>
            <li>
              <Typography.Text code>{t('notConfigured.key')}</Typography.Text>
            </li>
            <li>
              <Typography.Text code>{t('notConfigured.model')}</Typography.Text>
            </li>
          </ul>
          <Typography.Text type="secondary">{t('notConfigured.more')}</Typography.Text>
        </Flex>
      }
    />
  );
}

/** Today's characters left, when they renew (in the user's clock), and the writing quota. */
export function LimitLine({ limit }: { limit: RewriteDayLimit | undefined }) {
  const { t } = useTranslation('assistedWriting');
  if (!limit) return null;
  const format = (n: number) => n.toLocaleString('en-US');
  return (
    <Space size={16} wrap data-testid="rewrite-limit">
      <Typography.Text type={limit.left === 0 ? 'danger' : undefined} data-testid="rewrite-limit-left">
        {t('limit.left', { left: format(limit.left), limit: format(limit.limit) })}
      </Typography.Text>
      <Typography.Text type="secondary">
        {t('limit.resets', { time: formatDateTime(limit.resetsAt) ?? limit.resetsAt })}
      </Typography.Text>
      <Typography.Text type="secondary">
        {limit.quota.limit === null
          ? t('limit.quotaUnlimited', { used: limit.quota.used })
          : t('limit.quota', { used: limit.quota.used, limit: limit.quota.limit })}
      </Typography.Text>
    </Space>
  );
}

export type ResultView = 'diff' | 'clean';

export function ResultViewSwitch({ value, onChange }: { value: ResultView; onChange: (view: ResultView) => void }) {
  const { t } = useTranslation('assistedWriting');
  return (
    <Segmented<ResultView>
      size="small"
      value={value}
      onChange={onChange}
      options={[
        { value: 'diff', label: t('editor.viewDiff') },
        { value: 'clean', label: t('editor.viewClean') },
      ]}
    />
  );
}

/**
 * The result, with what changed from the original marked: added words highlighted, removed ones
 * struck through (view 'diff'), or the result alone ('clean').
 */
export function ResultText({ original, result, view }: { original: string; result: string; view: ResultView }) {
  const { t } = useTranslation('assistedWriting');
  // Comparing 2,000 characters takes tens of milliseconds: once per result, not on every keystroke of the editor.
  const parts = useMemo(() => (view === 'diff' ? diffText(original, result) : null), [original, result, view]);
  if (view === 'clean') {
    return (
      <div className="assisted-writing-text" data-testid="rewrite-result">
        {result}
      </div>
    );
  }
  if (!parts) {
    return (
      <Flex vertical gap={8}>
        <Typography.Text type="secondary">{t('editor.diffTooLong')}</Typography.Text>
        <div className="assisted-writing-text" data-testid="rewrite-result">
          {result}
        </div>
      </Flex>
    );
  }
  return (
    <Flex vertical gap={8}>
      <Space size={12} className="assisted-writing-legend">
        <ins className="assisted-writing-added">{t('editor.legendAdded')}</ins>
        <del className="assisted-writing-removed">{t('editor.legendRemoved')}</del>
      </Space>
      <div className="assisted-writing-text" data-testid="rewrite-result">
        {parts.map((part, index) =>
          part.kind === 'same' ? (
            <span key={index}>{part.text}</span>
          ) : part.kind === 'added' ? (
            <ins key={index} className="assisted-writing-added" data-testid="rewrite-added">
              {part.text}
            </ins>
          ) : (
            <del key={index} className="assisted-writing-removed" data-testid="rewrite-removed">
              {part.text}
            </del>
          ),
        )}
      </div>
    </Flex>
  );
}
