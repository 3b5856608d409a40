import { Alert, Card, Flex, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { estimateDetailsPath } from '../../app/paths';
import { cellsByDocument, DocumentHead, EvidencePair, ProgressCard } from './parts';
import { useEvaluation } from './queries';
import './pre-evaluation.css';

/**
 * One prior-art document against the features (/innovationSpace/docDetails?id=&pn=, spec 2 §2
 * /docDetails): every feature beside its best passage in that document, matching terms marked.
 */
export function DocDetailsPage() {
  const { t } = useTranslation('preEvaluation');
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const pn = params.get('pn') ?? '';
  const query = useEvaluation(id);
  if (!id || !pn) return <Alert type="error" showIcon title={t('detail.missing')} />;
  if (query.isPending) return <Spin />;
  if (query.isError) return <Alert type="error" showIcon title={(query.error as Error).message} />;
  const { evaluation, result } = query.data;
  if (!result) return <ProgressCard evaluation={evaluation} />;
  const doc = result.documents.find((d) => d.publicationNumber === pn);
  if (!doc) return <Alert type="error" showIcon title={t('doc.notInResult', { pn })} />;
  const cells = cellsByDocument(result).get(pn) ?? [];
  return (
    <Flex vertical gap={16} className="pre-page">
      <Card
        variant="borderless"
        title={t('doc.against', { title: evaluation.title })}
        extra={<Link to={estimateDetailsPath(id)}>{t('doc.backToMatrix')}</Link>}
      >
        <DocumentHead doc={doc} total={result.features.length} />
      </Card>
      <Card variant="borderless" title={t('doc.features')}>
        <Flex vertical gap={12} data-testid="doc-evidence">
          {result.features.map((f) => (
            <EvidencePair key={f.index} feature={f} cell={cells[f.index]} />
          ))}
        </Flex>
      </Card>
      <Typography.Text type="secondary">{t('detail.disclaimer')}</Typography.Text>
    </Flex>
  );
}
