import { Alert, Button, Card, Flex, Space, Spin, Typography } from 'antd';
import { UnorderedListOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { NOVELTY_SEARCH_PATH } from '../../app/paths';
import { setResultPath } from '../../search-state/search-url-state';
import { comparePath, listParam, noveltyReportPath } from './links';
import { PriorArtTable, ProgressCard, RiskSummary } from './parts';
import { useEvaluation } from './queries';
import './pre-evaluation.css';

/**
 * A novelty search's prior art (/innovationSpace/disclosureNoveltySearch/search?id=&sel=): the
 * documents in retrieval order with the features each discloses; the user selects documents
 * (kept in `sel`) for the novelty report, and opens any beside the disclosure.
 */
export function NoveltyResultPage() {
  const { t } = useTranslation('preEvaluation');
  const [params, setParams] = useSearchParams();
  const id = params.get('id') ?? '';
  const query = useEvaluation(id);
  if (!id) return <Alert type="error" showIcon title={t('detail.missing')} />;
  if (query.isPending) return <Spin />;
  if (query.isError) return <Alert type="error" showIcon title={(query.error as Error).message} />;
  const { evaluation, result } = query.data;
  if (!result) return <ProgressCard evaluation={evaluation} />;
  const held = new Set(result.documents.map((d) => d.publicationNumber));
  const selection = params.has('sel')
    ? listParam(params.get('sel')).filter((pn) => held.has(pn))
    : result.documents.filter((d) => d.category !== 'A').map((d) => d.publicationNumber);
  const select = (numbers: string[]) => {
    const next = new URLSearchParams(params);
    next.set('sel', numbers.join(','));
    setParams(next, { replace: true });
  };
  return (
    <Flex vertical gap={16} className="pre-page">
      <Card variant="borderless">
        <Flex justify="space-between" wrap gap={12} align="center">
          <Flex vertical>
            <Typography.Title level={5} style={{ margin: 0 }}>
              {evaluation.title}
            </Typography.Title>
            <Typography.Text type="secondary">
              {t('detail.stats', {
                features: result.features.length,
                documents: result.documents.length,
                seconds: (result.stats.ms / 1000).toFixed(1),
              })}
            </Typography.Text>
          </Flex>
          <Space wrap>
            <Link to={noveltyReportPath(id, selection)}>
              <Button type="primary" disabled={selection.length === 0} data-testid="open-report">
                {t('novelty.report', { count: selection.length })}
              </Button>
            </Link>
            <Link to={setResultPath({ kind: 'preEvaluation', key: id })}>
              <Button icon={<UnorderedListOutlined />} disabled={result.documents.length === 0}>
                {t('detail.openResults')}
              </Button>
            </Link>
            <Link to={NOVELTY_SEARCH_PATH}>{t('detail.back')}</Link>
          </Space>
        </Flex>
      </Card>
      <RiskSummary result={result} docLink={(pn) => comparePath(id, pn)} />
      <Card title={t('novelty.select')} variant="borderless">
        <PriorArtTable
          result={result}
          docLink={(pn) => comparePath(id, pn)}
          selection={selection}
          onSelect={select}
          extra={(d) => (
            <Link to={comparePath(id, d.publicationNumber)} data-testid="open-compare">
              {t('novelty.compare')}
            </Link>
          )}
        />
      </Card>
    </Flex>
  );
}
