import { Card, Flex, Skeleton, Tabs, Typography } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import type { Language } from '@patlas/contracts';
import { PatentNumberSearch } from '../../components/PatentNumberSearch';
import { formatCount } from '../../utils/format-count';
import { useHealth } from './queries';
import { QuickSearchPanel } from './QuickSearchPanel';
import { SemanticSearchPanel } from './semantic-search/SemanticSearchPanel';
import { SpecialTopicCards } from './SpecialTopicCards';
import { HELP_DETECTION_PATH } from '../../app/paths';
import './HomePage.css';

const HOME_TABS = ['quick', 'semantics', 'number'] as const;
type HomeTab = (typeof HOME_TABS)[number];

/**
 * The start page: what the product is, how much this installation holds, and the three ways in:
 * the expression search (`tabName=quick`, prefilled from `expre` or `q`), semantic search
 * (`tabName=semantics`, its result under `key` and `page`) and "open by number".
 */
export function HomePage() {
  const { t, i18n } = useTranslation('home');
  const { t: tSemantic } = useTranslation('semanticSearch');
  const health = useHealth();
  const lang: Language = i18n.language === 'en' ? 'en' : 'zh';
  const [params, setParams] = useSearchParams();
  const requested = params.get('tabName');
  const activeTab: HomeTab = HOME_TABS.find((tab) => tab === requested) ?? 'quick';
  const initialExpression = params.get('expre') ?? params.get('q') ?? '';

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
            <Typography.Text type="warning">
              {t('corpusUnavailable', { message: health.error.message })}
            </Typography.Text>
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
      <Card className="home-search">
        <Tabs
          activeKey={activeTab}
          onChange={(key) => {
            const next = new URLSearchParams(params);
            next.set('tabName', key);
            setParams(next, { replace: true });
          }}
          items={[
            {
              key: 'quick',
              label: t('quick.title'),
              children: (
                <>
                  <QuickSearchPanel key={initialExpression} initialExpression={initialExpression} />
                  <Typography.Paragraph type="secondary" className="home-open-hint">
                    {t('quick.hint')} <Link to={HELP_DETECTION_PATH}>{t('quick.help')}</Link>
                  </Typography.Paragraph>
                </>
              ),
            },
            {
              key: 'semantics',
              label: tSemantic('tab'),
              children: <SemanticSearchPanel />,
            },
            {
              key: 'number',
              label: t('open.title'),
              children: (
                <>
                  <PatentNumberSearch buttonText={t('open.button')} autoFocus />
                  <Typography.Paragraph type="secondary" className="home-open-hint">
                    {t('open.hint')}
                  </Typography.Paragraph>
                </>
              ),
            },
          ]}
        />
      </Card>
      <SpecialTopicCards />
    </Flex>
  );
}
