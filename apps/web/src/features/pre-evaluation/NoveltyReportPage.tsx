import { Alert, Card, Flex, List, Select, Spin, Tag, Typography } from 'antd';
import { ResizableTable as Table } from '../../components/ui/resizable-table';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PRIOR_ART_CATEGORIES, type PriorArtCategory, type PriorArtDocument } from '@patlas/contracts';
import { comparePath, listParam, noveltyResultPath } from './links';
import { CATEGORY_COLORS, ExportButtons, ProgressCard } from './parts';
import { useEvaluation } from './queries';
import './pre-evaluation.css';

/** `PN:X,PN:Y` of the URL as a map. */
function categoriesOf(value: string | null): Record<string, PriorArtCategory> {
  const out: Record<string, PriorArtCategory> = {};
  for (const pair of listParam(value)) {
    const [pn, category] = pair.split(':');
    if (pn && (PRIOR_ART_CATEGORIES as readonly string[]).includes(category ?? ''))
      out[pn] = category as PriorArtCategory;
  }
  return out;
}

/**
 * The novelty report of a disclosure (/innovationSpace/disclosureNoveltySearch/noveltyReport?id=
 * &docs=&cat=): its features, the selected documents with the category the matrix suggests (X, Y
 * or A) which the user may change (kept in `cat`), the conclusion those categories give, and the
 * report as Word or PDF.
 */
export function NoveltyReportPage() {
  const { t } = useTranslation('preEvaluation');
  const [params, setParams] = useSearchParams();
  const id = params.get('id') ?? '';
  const query = useEvaluation(id);
  if (!id) return <Alert type="error" showIcon title={t('detail.missing')} />;
  if (query.isPending) return <Spin />;
  if (query.isError) return <Alert type="error" showIcon title={(query.error as Error).message} />;
  const { evaluation, result } = query.data;
  if (!result) return <ProgressCard evaluation={evaluation} />;
  const wanted = listParam(params.get('docs'));
  const documents =
    wanted.length > 0
      ? result.documents.filter((d) => wanted.includes(d.publicationNumber))
      : result.documents.slice(0, 10);
  const chosen = categoriesOf(params.get('cat'));
  const categoryOf = (d: PriorArtDocument) => chosen[d.publicationNumber] ?? d.category;
  const setCategory = (pn: string, category: PriorArtCategory) => {
    const next = new URLSearchParams(params);
    const all = { ...chosen, [pn]: category };
    next.set(
      'cat',
      Object.entries(all)
        .map(([k, v]) => `${k}:${v}`)
        .join(','),
    );
    setParams(next, { replace: true });
  };
  const xs = documents.filter((d) => categoryOf(d) === 'X').map((d) => d.publicationNumber);
  const ys = documents.filter((d) => categoryOf(d) === 'Y').map((d) => d.publicationNumber);
  const conclusion = [
    ...(xs.length > 0 ? [t('report.conclusionX', { docs: xs.join(', ') })] : []),
    ...(ys.length > 0 ? [t('report.conclusionY', { docs: ys.join(', ') })] : []),
    ...(xs.length === 0 && ys.length === 0 ? [t('report.conclusionA')] : []),
  ];
  return (
    <Flex vertical gap={16} className="pre-page">
      <Card
        variant="borderless"
        title={t('report.title')}
        extra={
          <Flex gap={12} align="center">
            <ExportButtons
              id={id}
              choice={{
                report: 'novelty',
                documents: documents.map((d) => d.publicationNumber),
                categories: Object.fromEntries(documents.map((d) => [d.publicationNumber, categoryOf(d)])),
              }}
            />
            <Link to={noveltyResultPath(id, wanted)}>{t('compare.back')}</Link>
          </Flex>
        }
      >
        <Typography.Title level={5}>{evaluation.title}</Typography.Title>
        <Flex vertical gap={4} data-testid="report-conclusion">
          {conclusion.map((c) => (
            <Typography.Text key={c} strong>
              {c}
            </Typography.Text>
          ))}
        </Flex>
      </Card>
      <Card variant="borderless" title={t('report.features')}>
        <List
          size="small"
          dataSource={result.features}
          renderItem={(f) => (
            <List.Item>
              <Typography.Text>
                <Tag>{f.label}</Tag>
                {f.text}
              </Typography.Text>
            </List.Item>
          )}
        />
      </Card>
      <Card variant="borderless" title={t('report.documents')}>
        <Typography.Paragraph type="secondary">{t('report.categoriesNote')}</Typography.Paragraph>
        <Table<PriorArtDocument>
          rowKey="publicationNumber"
          size="small"
          pagination={false}
          dataSource={documents}
          data-testid="report-documents"
          columns={[
            {
              title: t('doc.number'),
              dataIndex: 'publicationNumber',
              width: 170,
              render: (_, d) => <Link to={comparePath(id, d.publicationNumber)}>{d.publicationNumber}</Link>,
            },
            { title: t('doc.title'), dataIndex: 'title', render: (_, d) => d.title ?? '—' },
            {
              title: t('doc.date'),
              dataIndex: 'publicationDate',
              width: 110,
              render: (_, d) => d.publicationDate ?? '—',
            },
            {
              title: t('doc.disclosed'),
              dataIndex: 'disclosed',
              width: 110,
              render: (_, d) => t('doc.disclosedOf', { count: d.disclosed, total: result.features.length }),
            },
            {
              title: t('report.suggested'),
              dataIndex: 'category',
              width: 90,
              render: (_, d) => <Tag color={CATEGORY_COLORS[d.category]}>{d.category}</Tag>,
            },
            {
              title: t('doc.category'),
              key: 'chosen',
              width: 110,
              render: (_, d) => (
                <Select<PriorArtCategory>
                  size="small"
                  value={categoryOf(d)}
                  onChange={(value) => setCategory(d.publicationNumber, value)}
                  options={PRIOR_ART_CATEGORIES.map((c) => ({ value: c, label: c }))}
                  data-testid={`category-${d.publicationNumber}`}
                  aria-label={t('doc.category')}
                />
              ),
            },
          ]}
        />
      </Card>
      <Typography.Text type="secondary">{t('detail.disclaimer')}</Typography.Text>
    </Flex>
  );
}
