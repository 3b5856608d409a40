import { Alert, Card, Col, Row, Skeleton, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Language } from '@patlas/contracts';
import { urlOf } from '../../api/client';
import { searchResultPath } from '../../app/paths';
import { formatCount } from '../../utils/format-count';
import { useSpecialTopics } from './queries';
import { LazyImage } from '../../components/ui/LazyImage';

/**
 * The operators' special topics (spec 1 §7 getSpecialTopicInfo): a card each with its picture, name,
 * description and the live count of its expression; a card opens the expression's result page.
 */
export function SpecialTopicCards() {
  const { t, i18n } = useTranslation('home');
  const lang: Language = i18n.language === 'en' ? 'en' : 'zh';
  const topics = useSpecialTopics();
  if (topics.isPending) return <Skeleton active />;
  if (topics.isError) return <Alert type="warning" showIcon title={t('topics.unavailable')} />;
  if (topics.data.length === 0) return null;
  return (
    <section className="home-topics" aria-label={t('topics.title')}>
      <Typography.Title level={4}>{t('topics.title')}</Typography.Title>
      <Row gutter={[16, 16]}>
        {topics.data.map((topic) => (
          <Col key={topic.id} xs={24} sm={12} md={8}>
            <Link to={searchResultPath(topic.expression)} className="home-topic-link" data-topic={topic.id}>
              <Card
                hoverable
                className="home-topic"
                cover={
                  topic.pictureUrl ? (
                    <LazyImage
                      className="home-topic-picture"
                      src={urlOf(topic.pictureUrl.replace(/^\/api/, ''))}
                      alt=""
                    />
                  ) : (
                    <div className="home-topic-picture home-topic-placeholder" aria-hidden>
                      {topic.name.slice(0, 1)}
                    </div>
                  )
                }
              >
                <Card.Meta
                  title={topic.name}
                  description={
                    <>
                      {topic.description && (
                        <Typography.Paragraph
                          type="secondary"
                          ellipsis={{ rows: 2 }}
                          className="home-topic-description"
                        >
                          {topic.description}
                        </Typography.Paragraph>
                      )}
                      <Typography.Text className="home-topic-count">
                        {topic.count === null
                          ? t('topics.countUnknown')
                          : t('topics.count', { count: topic.count, formatted: formatCount(topic.count, lang) })}
                      </Typography.Text>
                    </>
                  }
                />
              </Card>
            </Link>
          </Col>
        ))}
      </Row>
    </section>
  );
}
