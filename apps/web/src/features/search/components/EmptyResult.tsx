import { Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** Spec 1 §8 "no related patents found", with what to try next. */
export function EmptyResult({ hasFilters }: { hasFilters: boolean }) {
  const { t } = useTranslation('search');
  const tips = [
    ...(hasFilters ? [t('empty.tipFilters')] : []),
    t('empty.tipFields'),
    t('empty.tipOr'),
    t('empty.tipTruncation'),
    t('empty.tipScope'),
  ];
  return (
    <Empty
      className="result-empty"
      description={
        <div>
          <Typography.Title level={5}>{t('empty.title')}</Typography.Title>
          <ul className="result-empty-tips">
            {tips.map((tip) => (
              <li key={tip}>{tip}</li>
            ))}
          </ul>
        </div>
      }
    />
  );
}
