import { useState, type ReactNode } from 'react';
import { Alert, App, Button, Card, Descriptions, Flex, Progress, Space, Tag, Tooltip, Typography } from 'antd';
import { ResizableTable as Table } from '../../components/ui/resizable-table';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  FEATURE_DISCLOSED_SCORE,
  FEATURE_PARTIAL_SCORE,
  type FeatureMatch,
  type PreEvaluation,
  type PreEvaluationResult,
  type PriorArtCategory,
  type PriorArtDocument,
  type Risk,
  type RiskLevel,
  type Span,
  type TechnicalFeature,
} from '@patlas/contracts';
import { PatentNumber } from '../../components/PatentNumber';
import { RelevanceBandTag } from '../../components/RelevanceBandTag';
import { useFileOptions } from '../../export-actions/queries';
import { saveFile } from '../../utils/save-file';
import { exportEvaluation, type ExportChoice } from './api';
import { listPagination } from '../../components/ui/pagination';

export const RISK_COLORS: Record<RiskLevel, string> = {
  high: 'red',
  medium: 'orange',
  low: 'green',
  insufficient: 'default',
  coarse: 'default',
};
export const CATEGORY_COLORS: Record<PriorArtCategory, string> = { X: 'red', Y: 'orange', A: 'default' };

export const percent = (x: number) => `${Math.round(x * 100)}%`;

/** How a cell is coloured: disclosed, partly, or not (the thresholds of docs/pre-evaluation.md). */
export function matchClass(score: number): 'disclosed' | 'partial' | 'none' {
  if (score >= FEATURE_DISCLOSED_SCORE) return 'disclosed';
  if (score >= FEATURE_PARTIAL_SCORE) return 'partial';
  return 'none';
}

/** `text` with the characters of `spans` marked. */
export function Marked({ text, spans, testId }: { text: string; spans: readonly Span[]; testId?: string }) {
  const nodes: ReactNode[] = [];
  let at = 0;
  for (const span of [...spans].sort((a, b) => a.start - b.start)) {
    const start = Math.max(at, span.start);
    const end = Math.min(text.length, span.end);
    if (end <= start) continue;
    if (start > at) nodes.push(text.slice(at, start));
    nodes.push(
      <mark key={start} className="pre-match" data-testid={testId}>
        {text.slice(start, end)}
      </mark>,
    );
    at = end;
  }
  if (at < text.length) nodes.push(text.slice(at));
  return <>{nodes}</>;
}

/**
 * A prior-art document's relevance: its calibrated band (高度相关 / 相关 / 弱相关), the ranking score
 * (a rank fusion: the first document is near 100% however weak) only on hover (issue 43 item 8).
 */
export function DocumentRelevance({ doc }: { doc: PriorArtDocument }) {
  const { t } = useTranslation('preEvaluation');
  const detail = t('doc.rankScore', { percent: percent(doc.relevance) });
  if (!doc.band) {
    return (
      <Tooltip title={detail}>
        <Typography.Text type="secondary">—</Typography.Text>
      </Tooltip>
    );
  }
  return <RelevanceBandTag band={doc.band} detail={detail} testId="doc-band" />;
}

export function RiskTag({ level, testId }: { level: RiskLevel | null; testId?: string }) {
  const { t } = useTranslation('preEvaluation');
  if (level === null) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Tag color={RISK_COLORS[level]} data-testid={testId}>
      {t(`risk.${level}`)}
    </Tag>
  );
}

/** The two judgements, their reasons and the documents behind them. */
export function RiskSummary({ result, docLink }: { result: PreEvaluationResult; docLink: (pn: string) => string }) {
  const { t, i18n } = useTranslation('preEvaluation');
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const card = (kind: 'novelty' | 'inventiveness', risk: Risk) => (
    <Card size="small" title={t(`risk.${kind}`)} className="pre-risk" data-testid={`risk-${kind}`} key={kind}>
      <Flex vertical gap={8}>
        <span>
          <RiskTag level={risk.level} testId={`risk-${kind}-level`} />
        </span>
        <Typography.Text data-testid={`risk-${kind}-reason`}>{risk.reason[lang]}</Typography.Text>
        {risk.documents.length > 0 && (
          <Space wrap size={4}>
            <Typography.Text type="secondary">{t('risk.documents')}</Typography.Text>
            {risk.documents.map((pn) => (
              <Link key={pn} to={docLink(pn)}>
                {pn}
              </Link>
            ))}
          </Space>
        )}
      </Flex>
    </Card>
  );
  return (
    <Flex gap={16} wrap className="pre-risks">
      {card('novelty', result.novelty)}
      {card('inventiveness', result.inventiveness)}
    </Flex>
  );
}

/** Progress of an evaluation that waits or runs; its error when it failed. */
export function ProgressCard({ evaluation }: { evaluation: PreEvaluation }) {
  const { t } = useTranslation('preEvaluation');
  if (evaluation.state === 'failed') {
    return <Alert type="error" showIcon title={t('progress.failed')} description={evaluation.error} />;
  }
  return (
    <Card variant="borderless" data-testid="pre-progress">
      <Flex vertical gap={8}>
        <Typography.Text strong>{evaluation.title}</Typography.Text>
        <Typography.Text type="secondary">
          {evaluation.state === 'waiting'
            ? t('progress.waiting')
            : t(`progress.stage.${evaluation.stage ?? 'features'}`)}
        </Typography.Text>
        <Progress percent={Math.round(evaluation.progress * 100)} status="active" />
      </Flex>
    </Card>
  );
}

/** Exports an evaluation as Word or PDF. */
export function ExportButtons({ id, choice }: { id: string; choice?: Omit<ExportChoice, 'format'> }) {
  const { t } = useTranslation('preEvaluation');
  const { message } = App.useApp();
  const fileOptions = useFileOptions();
  const [busy, setBusy] = useState<string>();
  const run = async (format: 'docx' | 'pdf') => {
    setBusy(format);
    try {
      const file = await exportEvaluation(id, { ...choice, format }, await fileOptions());
      saveFile(file.fileName, file.blob);
    } catch (error) {
      void message.error((error as Error).message);
    } finally {
      setBusy(undefined);
    }
  };
  return (
    <Space>
      <Button onClick={() => void run('docx')} loading={busy === 'docx'} data-testid="pre-export-docx">
        {t('export.docx')}
      </Button>
      <Button onClick={() => void run('pdf')} loading={busy === 'pdf'} data-testid="pre-export-pdf">
        {t('export.pdf')}
      </Button>
    </Space>
  );
}

/** The prior art of an evaluation, in retrieval order, optionally selectable. */
export function PriorArtTable({
  result,
  docLink,
  selection,
  onSelect,
  extra,
}: {
  result: PreEvaluationResult;
  docLink: (pn: string) => string;
  selection?: string[];
  onSelect?: (numbers: string[]) => void;
  extra?: (doc: PriorArtDocument) => ReactNode;
}) {
  const { t } = useTranslation('preEvaluation');
  const n = result.features.length;
  return (
    <Table<PriorArtDocument>
      rowKey="publicationNumber"
      size="small"
      dataSource={result.documents}
      pagination={listPagination({ pageSize: 20, hideOnSinglePage: true })}
      data-testid="prior-art"
      {...(selection && onSelect
        ? { rowSelection: { selectedRowKeys: selection, onChange: (keys) => onSelect(keys as string[]) } }
        : {})}
      columns={[
        { title: t('doc.rank'), dataIndex: 'rank', width: 60 },
        {
          title: t('doc.number'),
          dataIndex: 'publicationNumber',
          width: 170,
          render: (_, d) => <PatentNumber number={d.publicationNumber} heldAs={d.publicationNumber} />,
        },
        { title: t('doc.title'), dataIndex: 'title', render: (_, d) => d.title ?? '—' },
        { title: t('doc.date'), dataIndex: 'publicationDate', width: 110, render: (_, d) => d.publicationDate ?? '—' },
        {
          title: t('doc.relevance'),
          dataIndex: 'relevance',
          width: 110,
          render: (_, d) => <DocumentRelevance doc={d} />,
        },
        {
          title: t('doc.disclosed'),
          dataIndex: 'disclosed',
          width: 110,
          render: (_, d) => (
            <Link to={docLink(d.publicationNumber)} data-testid="doc-features">
              {t('doc.disclosedOf', { count: d.disclosed, total: n })}
            </Link>
          ),
        },
        {
          title: t('doc.category'),
          dataIndex: 'category',
          width: 80,
          render: (_, d) => <Tag color={CATEGORY_COLORS[d.category]}>{d.category}</Tag>,
        },
        ...(extra
          ? [{ title: '', key: 'extra', width: 120, render: (_: unknown, d: PriorArtDocument) => extra(d) }]
          : []),
      ]}
    />
  );
}

/** The cells of one document by feature index. */
export function cellsByDocument(result: PreEvaluationResult): Map<string, FeatureMatch[]> {
  const map = new Map<string, FeatureMatch[]>();
  for (const cell of result.cells) {
    let list = map.get(cell.publicationNumber);
    if (!list) map.set(cell.publicationNumber, (list = []));
    list[cell.feature] = cell;
  }
  return map;
}

/** One feature beside the passage of a document that best discloses it, the matching terms marked. */
export function EvidencePair({ feature, cell }: { feature: TechnicalFeature; cell: FeatureMatch | undefined }) {
  const { t, i18n } = useTranslation('preEvaluation');
  const kind = matchClass(cell?.score ?? 0);
  return (
    <div className={`pre-evidence pre-evidence-${kind}`} data-testid="evidence">
      <div className="pre-evidence-side">
        <Typography.Text type="secondary">
          {feature.label} · {t(`part.${feature.part}`)}
        </Typography.Text>
        <div className="pre-evidence-text" data-testid="evidence-feature">
          <Marked text={feature.text} spans={cell?.featureSpans ?? []} testId="evidence-mark" />
        </div>
      </div>
      <div className="pre-evidence-side">
        <Flex gap={8} wrap align="center">
          <Tag className={`pre-cell-${kind}`}>{t(`match.${kind}`)}</Tag>
          {cell?.section && <Typography.Text type="secondary">{t(`section.${cell.section}`)}</Typography.Text>}
          <Typography.Text type="secondary" data-testid="evidence-score">
            {t('evidence.score', {
              score: percent(cell?.score ?? 0),
              terms: percent(cell?.termScore ?? 0),
              vector: cell?.vectorScore === null || cell?.vectorScore === undefined ? '—' : percent(cell.vectorScore),
            })}
          </Typography.Text>
        </Flex>
        <div className="pre-evidence-text" data-testid="evidence-passage">
          {cell?.passage ? (
            <Marked text={cell.passage} spans={cell.passageSpans} testId="evidence-mark" />
          ) : (
            <Typography.Text type="secondary">{t('evidence.none')}</Typography.Text>
          )}
        </div>
        {cell && cell.matchedTerms.length > 0 && (
          <Typography.Text type="secondary">
            {t('evidence.terms', { terms: cell.matchedTerms.join(i18n.language === 'en' ? ', ' : '、') })}
          </Typography.Text>
        )}
      </div>
    </div>
  );
}

/** A document's head: number, title, date, disclosed features, category. */
export function DocumentHead({ doc, total }: { doc: PriorArtDocument; total: number }) {
  const { t } = useTranslation('preEvaluation');
  return (
    <Descriptions size="small" column={{ xs: 1, md: 3 }} data-testid="doc-head">
      <Descriptions.Item label={t('doc.number')}>
        <PatentNumber number={doc.publicationNumber} heldAs={doc.publicationNumber} />
      </Descriptions.Item>
      <Descriptions.Item label={t('doc.title')}>{doc.title ?? '—'}</Descriptions.Item>
      <Descriptions.Item label={t('doc.date')}>{doc.publicationDate ?? '—'}</Descriptions.Item>
      <Descriptions.Item label={t('doc.disclosed')}>
        {t('doc.disclosedOf', { count: doc.disclosed, total })}
      </Descriptions.Item>
      <Descriptions.Item label={t('doc.category')}>
        <Tag color={CATEGORY_COLORS[doc.category]}>{doc.category}</Tag>
      </Descriptions.Item>
      <Descriptions.Item label={t('doc.relevance')}>
        <DocumentRelevance doc={doc} />
      </Descriptions.Item>
    </Descriptions>
  );
}
