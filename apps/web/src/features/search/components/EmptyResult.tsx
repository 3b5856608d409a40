import { Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * Spec 1 §8 "no related patents found", with what to try next; a search of numbers the corpus does
 * not hold says so instead (issue 43: synonyms and truncation do not help there).
 */
export function EmptyResult({ hasFilters, notHeld = false }: { hasFilters: boolean; notHeld?: boolean }) {
  const { t } = useTranslation('search');
  if (notHeld) {
    return (
      <Empty
        className="result-empty"
        data-testid="empty-not-held"
        description={<Typography.Title level={5}>{t('empty.notHeld')}</Typography.Title>}
      />
    );
  }
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
