import { useState, type ReactNode } from 'react';
import {
  Alert,
  App,
  Button,
  Card,
  DatePicker,
  Descriptions,
  Flex,
  Input,
  Popconfirm,
  Progress,
  Segmented,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import dayjs from 'dayjs';
import {
  FEATURE_DISCLOSED_SCORE,
  FEATURE_PARTIAL_SCORE,
  MAX_ABNORMAL_APPLICANT_LENGTH,
  MAX_PRE_EVALUATION_TEXT_LENGTH,
  MAX_PRE_EVALUATION_TITLE_LENGTH,
  PRE_EVALUATION_MIN_CHARS,
  type ApplicationText,
  type FeatureMatch,
  type PreEvaluation,
  type PreEvaluationOrigin,
  type PreEvaluationResult,
  type PriorArtCategory,
  type PriorArtDocument,
  type Risk,
  type RiskLevel,
  type Span,
  type TechnicalFeature,
} from '@patlas/contracts';
import { PatentNumber } from '../../components/PatentNumber';
import { useFileOptions } from '../../export-actions/queries';
import { taskStateColumn, TaskTable } from '../../tasks/TaskTable';
import { formatDateTime } from '../../utils/format-date';
import { usePageParams } from '../../utils/use-page-params';
import { saveFile } from '../../utils/save-file';
import { draftApplication, draftText, exportEvaluation, type ExportChoice } from './api';
import { useDeleteEvaluations, useDraft, useEvaluations, useStartEvaluation } from './queries';

export const RISK_COLORS: Record<RiskLevel, string> = { high: 'red', medium: 'orange', low: 'green' };
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

/**
 * A new evaluation: the text (a claim set or a disclosure, spec 2 §5: at least 30 characters),
 * an optional title, kind, priority date and own publication number. A saved draft given by
 * `?documentId=` or `?disclosureId=` fills the text (its claims, else its solution and effects).
 */
export function EvaluationForm({
  origin,
  onStarted,
}: {
  origin: PreEvaluationOrigin;
  onStarted: (evaluation: PreEvaluation) => void;
}) {
  const { t } = useTranslation('preEvaluation');
  const { message } = App.useApp();
  const [params] = useSearchParams();
  const draftId = params.get('documentId') ?? params.get('disclosureId');
  const draft = useDraft(draftId);
  const [title, setTitle] = useState('');
  const [text, setText] = useState('');
  const [kind, setKind] = useState<'auto' | 'claims' | 'disclosure'>(
    origin === 'noveltySearch' ? 'disclosure' : 'auto',
  );
  const [date, setDate] = useState<string>();
  const [own, setOwn] = useState('');
  const [applicant, setApplicant] = useState('');
  // An application draft's sections go with the claims, so that its formal review reads the whole application.
  const [application, setApplication] = useState<ApplicationText>();
  const start = useStartEvaluation();
  const chars = text.trim().length;
  const tooShort = chars > 0 && chars < PRE_EVALUATION_MIN_CHARS;

  // The draft's text fills the form once, when it arrives (state adjusted while rendering, not in an effect).
  const [filledFrom, setFilledFrom] = useState<string>();
  if (draft.data && filledFrom !== draft.data.id) {
    const filled = draftText(draft.data);
    setFilledFrom(draft.data.id);
    setText(filled.text);
    setKind(filled.kind);
    setTitle(draft.data.title.slice(0, MAX_PRE_EVALUATION_TITLE_LENGTH));
    setApplication(draftApplication(draft.data));
  }

  const submit = async () => {
    if (chars < PRE_EVALUATION_MIN_CHARS) {
      void message.error(t('form.tooShort', { min: PRE_EVALUATION_MIN_CHARS, count: chars }));
      return;
    }
    try {
      const { evaluation } = await start.mutateAsync({
        text,
        kind,
        origin,
        ...(title.trim() ? { title: title.trim() } : {}),
        ...(date ? { priorityDate: date } : {}),
        ...(own.trim() ? { publicationNumber: own.trim() } : {}),
        ...(applicant.trim() ? { applicant: applicant.trim() } : {}),
        ...(application
          ? { application: { ...application, claims: kind === 'claims' ? text : application.claims } }
          : {}),
      });
      void message.success(t('form.started'));
      onStarted(evaluation);
    } catch (error) {
      void message.error((error as Error).message);
    }
  };

  return (
    <Card title={t(origin === 'noveltySearch' ? 'novelty.formTitle' : 'form.title')} variant="borderless">
      <Flex vertical gap={12}>
        {draftId && draft.isError && (
          <Alert type="warning" showIcon title={t('form.draftMissing')} description={(draft.error as Error).message} />
        )}
        <Input
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          maxLength={MAX_PRE_EVALUATION_TITLE_LENGTH}
          placeholder={t('form.titlePlaceholder')}
          aria-label={t('form.titleLabel')}
          data-testid="pre-title"
        />
        <Input.TextArea
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={t(origin === 'noveltySearch' ? 'novelty.placeholder' : 'form.placeholder')}
          autoSize={{ minRows: 6, maxRows: 16 }}
          maxLength={MAX_PRE_EVALUATION_TEXT_LENGTH}
          aria-label={t('form.textLabel')}
          status={tooShort ? 'error' : undefined}
          data-testid="pre-text"
        />
        <Flex justify="space-between" wrap gap={12} align="center">
          <Space wrap>
            <Segmented
              value={kind}
              onChange={(value) => setKind(value as typeof kind)}
              options={(['auto', 'claims', 'disclosure'] as const).map((k) => ({ value: k, label: t(`kind.${k}`) }))}
              data-testid="pre-kind"
            />
            <DatePicker
              value={date ? dayjs(date) : null}
              onChange={(value) => setDate(value ? value.format('YYYY-MM-DD') : undefined)}
              placeholder={t('form.date')}
              style={{ width: 240 }}
              data-testid="pre-date"
            />
            <Input
              value={own}
              onChange={(event) => setOwn(event.target.value)}
              placeholder={t('form.own')}
              style={{ width: 300 }}
              maxLength={64}
              data-testid="pre-own"
            />
            <Input
              value={applicant}
              onChange={(event) => setApplicant(event.target.value)}
              placeholder={t('form.applicant')}
              style={{ width: 260 }}
              maxLength={MAX_ABNORMAL_APPLICANT_LENGTH}
              data-testid="pre-applicant"
            />
          </Space>
          <Space>
            <Typography.Text type={tooShort ? 'danger' : 'secondary'} data-testid="pre-count">
              {t('form.count', { count: chars, min: PRE_EVALUATION_MIN_CHARS })}
            </Typography.Text>
            <Button type="primary" onClick={() => void submit()} loading={start.isPending} data-testid="pre-submit">
              {t(origin === 'noveltySearch' ? 'novelty.submit' : 'form.submit')}
            </Button>
          </Space>
        </Flex>
        {tooShort && (
          <Typography.Text type="danger" data-testid="pre-too-short">
            {t('form.tooShort', { min: PRE_EVALUATION_MIN_CHARS, count: chars })}
          </Typography.Text>
        )}
      </Flex>
    </Card>
  );
}

/** The user's evaluations (of one origin, or all) with state, risks, open, export and delete. */
export function EvaluationList({
  origin,
  openPath,
}: {
  origin?: PreEvaluationOrigin;
  /** Where an evaluation opens (its progress and result). */
  openPath: (evaluation: PreEvaluation) => string;
}) {
  const { t } = useTranslation('preEvaluation');
  const { message } = App.useApp();
  const paging = usePageParams();
  const list = useEvaluations(paging.page, paging.pageSize, origin);
  const remove = useDeleteEvaluations();
  const [selected, setSelected] = useState<string[]>([]);

  const handleDelete = async (ids: string[]) => {
    try {
      await remove.mutateAsync(ids);
      setSelected((s) => s.filter((id) => !ids.includes(id)));
      void message.success(t('list.deleted'));
    } catch (error) {
      void message.error((error as Error).message);
    }
  };

  return (
    <Card
      title={t('list.title')}
      variant="borderless"
      extra={
        <Popconfirm
          title={t('list.confirmDelete', { count: selected.length })}
          onConfirm={() => void handleDelete(selected)}
        >
          <Button danger disabled={selected.length === 0} data-testid="pre-delete-selected">
            {t('list.deleteSelected', { count: selected.length })}
          </Button>
        </Popconfirm>
      }
    >
      <TaskTable<PreEvaluation>
        query={list}
        paging={paging}
        emptyText={t('list.empty')}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as string[]) }}
        data-testid="pre-list"
        columns={[
          {
            title: t('list.titleColumn'),
            dataIndex: 'title',
            render: (_, e) => (
              <Link to={openPath(e)} data-testid="pre-open">
                <Typography.Text ellipsis style={{ maxWidth: 320 }}>
                  {e.title}
                </Typography.Text>
              </Link>
            ),
          },
          { title: t('list.kind'), dataIndex: 'kind', width: 110, render: (_, e) => t(`kind.${e.kind}`) },
          taskStateColumn<PreEvaluation>({
            title: t('list.state'),
            width: 150,
            label: (state) => t(`state.${state}`),
            percent: (e) => e.progress * 100,
          }),
          {
            title: t('risk.novelty'),
            dataIndex: 'novelty',
            width: 100,
            render: (_, e) => <RiskTag level={e.novelty} />,
          },
          {
            title: t('risk.inventiveness'),
            dataIndex: 'inventiveness',
            width: 100,
            render: (_, e) => <RiskTag level={e.inventiveness} />,
          },
          { title: t('list.documents'), dataIndex: 'documents', width: 90 },
          {
            title: t('list.created'),
            dataIndex: 'createdAt',
            width: 170,
            render: (_, e) => formatDateTime(e.createdAt),
          },
        ]}
        actions={{
          title: t('list.actions'),
          width: 260,
          render: (e) => (
            <Space size={4} wrap>
              {e.state === 'done' && <ExportButtons id={e.id} />}
              <Popconfirm title={t('list.confirmDelete', { count: 1 })} onConfirm={() => void handleDelete([e.id])}>
                <Button size="small" danger type="link" data-testid="pre-delete">
                  {t('list.delete')}
                </Button>
              </Popconfirm>
            </Space>
          ),
        }}
      />
    </Card>
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
      pagination={{ pageSize: 20, hideOnSinglePage: true }}
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
        { title: t('doc.relevance'), dataIndex: 'relevance', width: 90, render: (_, d) => percent(d.relevance) },
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
      <Descriptions.Item label={t('doc.relevance')}>{percent(doc.relevance)}</Descriptions.Item>
    </Descriptions>
  );
}
