import type { ReactNode } from 'react';
import { Alert, Card, Col, Flex, Row, Spin, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { comparePath, noveltyResultPath } from './links';
import { cellsByDocument, DocumentHead, EvidencePair, matchClass, percent, ProgressCard } from './parts';
import { useEvaluation } from './queries';
import './pre-evaluation.css';

/**
 * The disclosure and one document side by side (/innovationSpace/disclosureNoveltySearch/
 * patentCompare?id=&pn=): the disclosure's text with each feature coloured by how far the document
 * discloses it, beside every feature's best passage of the document, matching terms marked.
 */
export function PatentComparePage() {
  const { t } = useTranslation('preEvaluation');
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const pn = params.get('pn') ?? '';
  const query = useEvaluation(id);
  if (!id || !pn) return <Alert type="error" showIcon title={t('detail.missing')} />;
  if (query.isPending) return <Spin />;
  if (query.isError) return <Alert type="error" showIcon title={(query.error as Error).message} />;
  const { evaluation, text, result } = query.data;
  if (!result) return <ProgressCard evaluation={evaluation} />;
  const doc = result.documents.find((d) => d.publicationNumber === pn);
  if (!doc) return <Alert type="error" showIcon title={t('doc.notInResult', { pn })} />;
  const cells = cellsByDocument(result).get(pn) ?? [];
  const index = result.documents.indexOf(doc);
  const previous = result.documents[index - 1];
  const next = result.documents[index + 1];

  // The disclosure with its features marked by their match in this document.
  const nodes: ReactNode[] = [];
  let at = 0;
  for (const f of [...result.features].sort((a, b) => a.start - b.start)) {
    if (f.start < at) continue;
    if (f.start > at) nodes.push(text.slice(at, f.start));
    const score = cells[f.index]?.score ?? 0;
    nodes.push(
      <Tooltip key={f.index} title={`${f.label} ${percent(score)}`}>
        <span className={`pre-feature-mark-${matchClass(score)}`} data-testid="compare-feature">
          {text.slice(f.start, f.end)}
        </span>
      </Tooltip>,
    );
    at = f.end;
  }
  if (at < text.length) nodes.push(text.slice(at));

  return (
    <Flex vertical gap={16} className="pre-page">
      <Card
        variant="borderless"
        extra={
          <Flex gap={12}>
            {previous && <Link to={comparePath(id, previous.publicationNumber)}>{t('compare.previous')}</Link>}
            {next && <Link to={comparePath(id, next.publicationNumber)}>{t('compare.next')}</Link>}
            <Link to={noveltyResultPath(id)}>{t('compare.back')}</Link>
          </Flex>
        }
        title={t('compare.title')}
      >
        <DocumentHead doc={doc} total={result.features.length} />
      </Card>
      <Row gutter={16}>
        <Col xs={24} lg={9}>
          <Card size="small" title={t('compare.disclosure')} variant="borderless">
            <div className="pre-disclosure-text" data-testid="compare-disclosure">
              {nodes}
            </div>
          </Card>
        </Col>
        <Col xs={24} lg={15}>
          <Card size="small" title={t('compare.document', { pn })} variant="borderless">
            <Flex vertical gap={12}>
              {result.features.map((f) => (
                <EvidencePair key={f.index} feature={f} cell={cells[f.index]} />
              ))}
            </Flex>
          </Card>
        </Col>
      </Row>
      <Typography.Text type="secondary">{t('detail.disclaimer')}</Typography.Text>
    </Flex>
  );
}
