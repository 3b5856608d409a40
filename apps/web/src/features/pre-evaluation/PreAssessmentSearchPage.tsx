import { Alert, Button, Card, Flex, Space, Spin, Typography } from 'antd';
import { UnorderedListOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PRE_ASSESSMENT_PATH, estimateDetailsPath } from '../../app/paths';
import { docDetailsPath } from './links';
import { setResultPath } from '../../search-state/search-url-state';
import { PriorArtTable, ProgressCard, RiskSummary } from './parts';
import { useEvaluation } from './queries';
import './pre-evaluation.css';

/**
 * A running pre-evaluation's progress (/innovationSpace/preAssessmentSearch?id=, spec 2 §2
 * /preAssessmentSearch), then its prior art in retrieval order with the features each discloses,
 * the risks, and the way to the feature matrix and to the result page.
 */
export function PreAssessmentSearchPage() {
  const { t } = useTranslation('preEvaluation');
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const query = useEvaluation(id);
  if (!id) return <Alert type="error" showIcon title={t('detail.missing')} />;
  if (query.isPending) return <Spin />;
  if (query.isError) return <Alert type="error" showIcon title={(query.error as Error).message} />;
  const { evaluation, result } = query.data;
  if (!result) return <ProgressCard evaluation={evaluation} />;
  const docLink = (pn: string) => docDetailsPath(id, pn);
  return (
    <Flex vertical gap={16} className="pre-page">
      <Card variant="borderless">
        <Flex justify="space-between" wrap gap={12} align="center">
          <Flex vertical>
            <Typography.Title level={5} style={{ margin: 0 }}>
              {evaluation.title}
            </Typography.Title>
            <Typography.Text type="secondary" data-testid="pre-stats">
              {t('detail.stats', {
                features: result.features.length,
                documents: result.documents.length,
                seconds: (result.stats.ms / 1000).toFixed(1),
              })}
            </Typography.Text>
          </Flex>
          <Space wrap>
            <Link to={estimateDetailsPath(id)}>
              <Button type="primary" data-testid="open-matrix">
                {t('detail.openMatrix')}
              </Button>
            </Link>
            <Link to={setResultPath({ kind: 'preEvaluation', key: id })}>
              <Button icon={<UnorderedListOutlined />} disabled={result.documents.length === 0}>
                {t('detail.openResults')}
              </Button>
            </Link>
            <Link to={PRE_ASSESSMENT_PATH}>{t('detail.back')}</Link>
          </Space>
        </Flex>
      </Card>
      <RiskSummary result={result} docLink={docLink} />
      <Card title={t('detail.priorArt')} variant="borderless">
        <PriorArtTable result={result} docLink={docLink} />
      </Card>
    </Flex>
  );
}
