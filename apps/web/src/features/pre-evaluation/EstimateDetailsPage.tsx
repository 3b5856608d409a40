import { Alert, Button, Card, Empty, Flex, List, Space, Spin, Tabs, Tag, Typography } from 'antd';
import { UnorderedListOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PRE_ASSESSMENT_PATH } from '../../app/paths';
import { setResultPath } from '../../search-state/search-url-state';
import { FeatureMatrix } from './FeatureMatrix';
import { AbnormalTab, FormalReviewTab } from './FormalTabs';
import { docDetailsPath } from './links';
import {
  cellsByDocument,
  DocumentHead,
  EvidencePair,
  ExportButtons,
  PriorArtTable,
  ProgressCard,
  RiskSummary,
} from './parts';
import { useEvaluation } from './queries';
import './pre-evaluation.css';

const TABS = ['matrix', 'features', 'priorArt', 'formal', 'abnormal'] as const;

/**
 * A finished pre-evaluation (/innovationSpace/estimateDetails?id=, spec 2 §2 /estimateDetails; also
 * /innovationSpace/pre/detail): the risks with their reasons and documents, the feature × document
 * matrix — a click on a cell shows the feature beside the passage, matching terms marked — the
 * features, the prior art (each document to its own page), and the files. The selected cell and
 * tab are in the URL (`f`, `pn`, `tab`).
 */
export function EstimateDetailsPage() {
  const { t } = useTranslation('preEvaluation');
  const [params, setParams] = useSearchParams();
  const id = params.get('id') ?? '';
  const query = useEvaluation(id);
  if (!id) return <Alert type="error" showIcon title={t('detail.missing')} />;
  if (query.isPending) return <Spin />;
  if (query.isError) return <Alert type="error" showIcon title={(query.error as Error).message} />;
  const { evaluation, result } = query.data;
  if (!result) return <ProgressCard evaluation={evaluation} />;

  const docLink = (pn: string) => docDetailsPath(id, pn);
  const tabParam = params.get('tab');
  const tab = (TABS as readonly string[]).includes(tabParam ?? '') ? (tabParam as (typeof TABS)[number]) : 'matrix';
  const fParam = Number(params.get('f'));
  const pnParam = params.get('pn');
  const selected =
    pnParam &&
    Number.isInteger(fParam) &&
    result.features[fParam] &&
    result.documents.some((d) => d.publicationNumber === pnParam)
      ? { feature: fParam, pn: pnParam }
      : undefined;
  const cells = cellsByDocument(result);
  const update = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === undefined) next.delete(key);
      else next.set(key, value);
    }
    setParams(next, { replace: true });
  };
  const selectedDoc = selected ? result.documents.find((d) => d.publicationNumber === selected.pn) : undefined;

  const items = [
    {
      key: 'matrix',
      label: t('tabs.matrix'),
      children: (
        <Flex vertical gap={16}>
          <Space wrap size={4}>
            <Tag className="pre-cell-disclosed">{t('match.disclosed')}</Tag>
            <Tag className="pre-cell-partial">{t('match.partial')}</Tag>
            <Tag className="pre-cell-none">{t('match.none')}</Tag>
            <Typography.Text type="secondary">{t('matrix.hint')}</Typography.Text>
          </Space>
          {result.matrixDocuments.length === 0 ? (
            <Empty description={t('detail.noDocuments')} />
          ) : (
            <FeatureMatrix
              result={result}
              selected={selected}
              docLink={docLink}
              onSelect={(feature, pn) => update({ f: String(feature), pn })}
            />
          )}
          {selected && selectedDoc && (
            <Card
              size="small"
              title={t('evidence.title', { feature: result.features[selected.feature]!.label, pn: selected.pn })}
              extra={<Link to={docLink(selected.pn)}>{t('evidence.allFeatures')}</Link>}
              data-testid="cell-evidence"
            >
              <EvidencePair
                feature={result.features[selected.feature]!}
                cell={cells.get(selected.pn)?.[selected.feature]}
              />
            </Card>
          )}
        </Flex>
      ),
    },
    {
      key: 'features',
      label: t('tabs.features', { count: result.features.length }),
      children: (
        <List
          dataSource={result.features}
          data-testid="feature-list"
          renderItem={(f) => (
            <List.Item>
              <Space align="start">
                <Tag>{f.label}</Tag>
                <Typography.Text type="secondary">{t(`part.${f.part}`)}</Typography.Text>
                <Typography.Text>{f.text}</Typography.Text>
              </Space>
            </List.Item>
          )}
        />
      ),
    },
    {
      key: 'priorArt',
      label: t('tabs.priorArt', { count: result.documents.length }),
      children: <PriorArtTable result={result} docLink={docLink} />,
    },
    {
      key: 'formal',
      label: t('tabs.formal'),
      children: <FormalReviewTab detail={query.data} />,
    },
    {
      key: 'abnormal',
      label: t('tabs.abnormal'),
      children: <AbnormalTab detail={query.data} />,
    },
  ];

  return (
    <Flex vertical gap={16} className="pre-page">
      <Card variant="borderless">
        <Flex justify="space-between" wrap gap={12} align="center">
          <Flex vertical>
            <Typography.Title level={5} style={{ margin: 0 }} data-testid="pre-detail-title">
              {evaluation.title}
            </Typography.Title>
            <Typography.Text type="secondary">
              {t('detail.stats', {
                features: result.features.length,
                documents: result.documents.length,
                seconds: (result.stats.ms / 1000).toFixed(1),
              })}
              {evaluation.priorityDate ? ` · ${t('detail.before', { date: evaluation.priorityDate })}` : ''}
              {result.stats.excluded.length > 0
                ? ` · ${t('detail.excluded', { numbers: result.stats.excluded.join(', ') })}`
                : ''}
            </Typography.Text>
          </Flex>
          <Space wrap>
            <ExportButtons id={id} />
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
      {selectedDoc && tab !== 'matrix' && <DocumentHead doc={selectedDoc} total={result.features.length} />}
      <Card variant="borderless">
        <Tabs activeKey={tab} onChange={(key) => update({ tab: key === 'matrix' ? undefined : key })} items={items} />
      </Card>
      <Typography.Text type="secondary">{t('detail.disclaimer')}</Typography.Text>
    </Flex>
  );
}
