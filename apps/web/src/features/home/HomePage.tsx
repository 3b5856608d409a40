import { Card, Flex, Skeleton, Typography } from 'antd';
import { Trans, useTranslation } from 'react-i18next';
import type { Language } from '@patlas/contracts';
import { PatentNumberSearch } from '../../components/PatentNumberSearch';
import { formatCount } from '../../utils/format-count';
import { useHealth } from './queries';
import './HomePage.css';

/** The start page: what the product is, how much this installation holds, and "open by number". */
export function HomePage() {
  const { t, i18n } = useTranslation('home');
  const health = useHealth();
  const lang: Language = i18n.language === 'en' ? 'en' : 'zh';

  return (
    <Flex vertical gap={24} className="home-page">
      <section className="home-hero">
        <Typography.Title level={2} className="home-title">
          {t('title')}
        </Typography.Title>
        <Typography.Paragraph className="home-statement">{t('statement')}</Typography.Paragraph>
        <div className="home-corpus" aria-live="polite">
          {health.isPending && <Skeleton.Input active size="small" style={{ width: 280 }} />}
          {health.isError && (
            <Typography.Text type="warning">{t('corpusUnavailable', { message: health.error.message })}</Typography.Text>
          )}
          {health.isSuccess && (
            <Flex gap={16} align="baseline" wrap>
              <Typography.Text className="home-corpus-count">
                <Trans
                  t={t}
                  i18nKey="corpus"
                  values={{ count: formatCount(health.data.patents, lang) }}
                  components={{ strong: <strong /> }}
                />
              </Typography.Text>
              {health.data.version && (
                <Typography.Text type="secondary">{t('version', { version: health.data.version })}</Typography.Text>
              )}
            </Flex>
          )}
        </div>
      </section>
      <Card title={t('open.title')} className="home-open">
        <PatentNumberSearch buttonText={t('open.button')} autoFocus />
        <Typography.Paragraph type="secondary" className="home-open-hint">
          {t('open.hint')}
        </Typography.Paragraph>
      </Card>
    </Flex>
  );
}
