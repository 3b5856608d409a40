import { Alert, Card, Descriptions, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { ACTIVE_QUOTA_KINDS, type QuotaKind } from '@patlas/contracts';
import { useUserLimit } from '../queries';

/**
 * What the account may use per quota kind, and how much of it is used: only the kinds whose
 * feature exists and counts (ACTIVE_QUOTA_KINDS); no card at all while there are none.
 */
export function QuotaCard({ kinds = ACTIVE_QUOTA_KINDS }: { kinds?: readonly QuotaKind[] }) {
  const { t } = useTranslation('account');
  const limit = useUserLimit(kinds.length > 0);
  if (kinds.length === 0) return null;
  return (
    <Card title={t('information.quotas')}>
      {limit.isPending && <Skeleton active paragraph={{ rows: 3 }} />}
      {limit.isError && <Alert type="error" showIcon title={limit.error.message} />}
      {limit.isSuccess && (
        <Descriptions
          column={1}
          items={kinds.map((kind) => {
            const quota = limit.data[kind];
            return {
              key: kind,
              label: t(`quotaKinds.${kind}`),
              children: quota
                ? t('information.quotaUsage', {
                    used: quota.used,
                    limit: quota.limit === null ? t('information.unlimited') : quota.limit,
                  })
                : t('information.unlimited'),
            };
          })}
        />
      )}
    </Card>
  );
}
