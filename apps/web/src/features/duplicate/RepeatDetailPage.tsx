import { Fragment, useMemo, useState, type ReactNode } from 'react';
import { Alert, Button, Card, Col, Empty, Flex, List, Progress, Row, Spin, Statistic, Tag, Typography } from 'antd';
import { UnorderedListOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { DUPLICATE_SECTIONS, type DuplicateEvidence, type Span } from '@patlas/contracts';
import { DUPLICATE_PATH } from '../../app/paths';
import { PatentNumber } from '../../components/PatentNumber';
import { setResultPath } from '../../search-state/search-url-state';
import { formatShare } from './format';
import { useDetails, useSnippet } from './queries';
import './duplicate.css';

/** `text` with the characters of `spans` (offsets in the text plus `offset`) marked. */
function marked(text: string, spans: readonly Span[], offset = 0, testId?: string): ReactNode[] {
  const nodes: ReactNode[] = [];
  let at = 0;
  for (const span of [...spans].sort((a, b) => a.start - b.start)) {
    const start = Math.max(at, span.start - offset);
    const end = Math.min(text.length, span.end - offset);
    if (end <= start) continue;
    if (start > at) nodes.push(text.slice(at, start));
    nodes.push(
      <mark key={start} className="duplicate-match" data-testid={testId}>
        {text.slice(start, end)}
      </mark>,
    );
    at = end;
  }
  if (at < text.length) nodes.push(text.slice(at));
  return nodes;
}

/**
 * The evidence view of a check (/innovationSpace/repeat/detail?id=…, spec 2 §2 /repeat/detail):
 * the overall similarity and the summary by section; the similar patents with their similarity; the
 * checked text with the sentences that match the selected patent highlighted, beside that patent's
 * matching passages with their own matching characters highlighted. The similar patents open on
 * the result page as a set.
 */
export function RepeatDetailPage() {
  const { t } = useTranslation('duplicate');
  const [params, setParams] = useSearchParams();
  const id = params.get('id') ?? '';
  const details = useDetails(id);
  const patents = details.data?.patents ?? [];
  const selected = params.get('pn') ?? patents[0]?.publicationNumber;
  const snippet = useSnippet(id, details.data && selected ? selected : undefined);
  const [activeSentence, setActiveSentence] = useState<number>();

  const evidence = useMemo(() => snippet.data?.evidence ?? [], [snippet.data]);
  const bySentence = useMemo(() => {
    const map = new Map<number, DuplicateEvidence>();
    // A passage matching several sentences (issue 43) is shown once and marks each of them.
    for (const e of evidence) for (const sentence of e.sentences ?? [e.sentence]) map.set(sentence, e);
    return map;
  }, [evidence]);

  if (!id) return <Alert type="error" showIcon title={t('detail.missing')} />;
  const error = details.error as (Error & { code?: string }) | null;
  if (error?.code === 'DUPLICATE_NOT_READY' || details.isPending) {
    return (
      <Card variant="borderless">
        <Flex gap={12} align="center">
          <Spin />
          <Typography.Text>{error ? t('detail.notReady') : null}</Typography.Text>
        </Flex>
      </Card>
    );
  }
  if (error || !details.data) return <Alert type="error" showIcon title={error?.message} />;
  const data = details.data;

  const selectPatent = (pn: string) => {
    const next = new URLSearchParams(params);
    next.set('pn', pn);
    setParams(next, { replace: true });
    setActiveSentence(undefined);
  };

  return (
    <Flex vertical gap={16} className="duplicate-detail">
      <Card variant="borderless">
        <Flex gap={32} wrap align="center">
          <Statistic
            title={t('detail.similarity')}
            value={formatShare(data.similarity)}
            styles={{ content: { color: data.similarity >= 0.5 ? '#cf1322' : undefined } }}
            data-testid="duplicate-similarity"
          />
          <Flex vertical gap={4}>
            <Typography.Text strong>{data.check.title}</Typography.Text>
            <Typography.Text type="secondary">
              {t('detail.sentences', { matched: data.matchedSentences, total: data.sentences })}
              {' · '}
              {t('detail.stats', { aligned: data.stats.aligned, seconds: (data.stats.ms / 1000).toFixed(1) })}
            </Typography.Text>
          </Flex>
          <Flex vertical gap={2} className="duplicate-sections" data-testid="duplicate-sections">
            <Typography.Text type="secondary">{t('detail.bySection')}</Typography.Text>
            {DUPLICATE_SECTIONS.map((section) => (
              <Flex key={section} gap={8} align="center">
                <span className="duplicate-section-label">{t(`sections.${section}`)}</span>
                <Progress percent={Math.round(data.bySection[section] * 1000) / 10} size="small" />
              </Flex>
            ))}
          </Flex>
          <Flex vertical gap={8}>
            <Link to={setResultPath({ kind: 'duplicate', key: id })}>
              <Button icon={<UnorderedListOutlined />} disabled={patents.length === 0}>
                {t('detail.openResults')}
              </Button>
            </Link>
            <Link to={DUPLICATE_PATH}>{t('detail.back')}</Link>
          </Flex>
        </Flex>
      </Card>
      <Row gutter={16}>
        <Col xs={24} lg={6}>
          <Card title={t('detail.patents', { count: patents.length })} variant="borderless" size="small">
            <List
              className="duplicate-patents"
              data-testid="duplicate-patents"
              dataSource={patents}
              locale={{ emptyText: t('detail.noPatents') }}
              renderItem={(patent) => (
                <List.Item
                  className={
                    patent.publicationNumber === selected ? 'duplicate-patent is-selected' : 'duplicate-patent'
                  }
                  onClick={() => selectPatent(patent.publicationNumber)}
                  data-testid="duplicate-patent"
                >
                  <Flex vertical gap={2} style={{ width: '100%' }}>
                    <Flex justify="space-between" gap={8}>
                      <span>
                        {patent.rank}. <PatentNumber number={patent.publicationNumber} />
                      </span>
                      <Tag
                        color={patent.similarity >= 0.5 ? 'red' : 'orange'}
                        data-testid="duplicate-patent-similarity"
                      >
                        {formatShare(patent.similarity)}
                      </Tag>
                    </Flex>
                    <Typography.Text ellipsis={{ tooltip: patent.title }}>{patent.title}</Typography.Text>
                    <Typography.Text type="secondary" className="duplicate-patent-meta">
                      {t('detail.matched', { count: patent.matchedSentences })}
                    </Typography.Text>
                  </Flex>
                </List.Item>
              )}
            />
          </Card>
        </Col>
        <Col xs={24} lg={9}>
          <Card title={t('detail.input')} variant="borderless" size="small">
            <div className="duplicate-text" data-testid="duplicate-input">
              {data.sentenceList.map((sentence, i) => {
                const match = bySentence.get(sentence.index);
                const before = data.text.slice(i === 0 ? 0 : data.sentenceList[i - 1]!.end, sentence.start);
                const body = data.text.slice(sentence.start, sentence.end);
                return (
                  <Fragment key={sentence.index}>
                    {before}
                    <span
                      className={[
                        match ? 'duplicate-sentence is-matched' : 'duplicate-sentence',
                        activeSentence === sentence.index ? 'is-active' : '',
                      ].join(' ')}
                      onClick={() => match && setActiveSentence(sentence.index)}
                      data-testid={match ? 'duplicate-matched-sentence' : undefined}
                    >
                      {match ? marked(body, match.inputSpans, sentence.start, 'duplicate-input-match') : body}
                    </span>
                  </Fragment>
                );
              })}
              {data.text.slice(data.sentenceList[data.sentenceList.length - 1]?.end ?? 0)}
            </div>
          </Card>
        </Col>
        <Col xs={24} lg={9}>
          <Card
            title={
              <Flex gap={8} align="center">
                {t('detail.evidence')}
                {selected && <PatentNumber number={selected} />}
              </Flex>
            }
            variant="borderless"
            size="small"
          >
            {snippet.isPending && selected ? (
              <Spin />
            ) : evidence.length === 0 ? (
              <Empty description={t('detail.noEvidence')} />
            ) : (
              <Flex vertical gap={12} data-testid="duplicate-evidence">
                {evidence.map((e) => (
                  <div
                    key={`${e.sentence}:${e.section}:${e.passageStart}`}
                    className={
                      activeSentence !== undefined && (e.sentences ?? [e.sentence]).includes(activeSentence)
                        ? 'duplicate-passage is-active'
                        : 'duplicate-passage'
                    }
                    onClick={() => setActiveSentence(e.sentence)}
                  >
                    <Flex gap={8} align="center">
                      <Tag color="blue">{t(`sections.${e.section}`)}</Tag>
                      <Typography.Text type="secondary">
                        {t('detail.patentSimilarity', { percent: formatShare(e.similarity) })}
                      </Typography.Text>
                    </Flex>
                    <div className="duplicate-passage-text">
                      {marked(e.passageText, e.passageSpans, 0, 'duplicate-passage-match')}
                    </div>
                  </div>
                ))}
              </Flex>
            )}
          </Card>
        </Col>
      </Row>
    </Flex>
  );
}
