import { Alert, Card, Descriptions, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { QUOTA_KINDS } from '@patlas/contracts';
import { useUserLimit } from '../queries';

/** What the account may use per quota kind, and how much of it is used. */
export function QuotaCard() {
  const { t } = useTranslation('account');
  const limit = useUserLimit();
  return (
    <Card title={t('information.quotas')}>
      {limit.isPending && <Skeleton active paragraph={{ rows: 3 }} />}
      {limit.isError && <Alert type="error" showIcon title={limit.error.message} />}
      {limit.isSuccess && (
        <Descriptions
          column={1}
          items={QUOTA_KINDS.map((kind) => {
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
