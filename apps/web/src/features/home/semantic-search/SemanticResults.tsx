import { Empty, Flex, Pagination, Progress, Tag, Tooltip, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  MAX_SEMANTIC_RESULTS,
  PATENT_TYPES,
  type Language,
  type SemanticHit,
  type SemanticSearchResponse,
} from '@patlas/contracts';
import { patentDetailPath } from '../../../app/paths';
import { formatCount } from '../../../utils/format-count';
import { isLanguage } from '../../../i18n/index';
import { DrawingThumb } from '../../../components/DrawingThumb';
import { HighlightedText } from '../../../components/HighlightedText/HighlightedText';
import { SEMANTIC_PAGE_SIZE, similarityPercent } from './semantic-form';

/** How many of the extracted key terms are shown as tags. */
const MAX_KEY_TERMS = 20;

interface SemanticResultsProps {
  answer: SemanticSearchResponse;
  /** Another page is loading (the current one stays on screen). */
  isFetching: boolean;
  onPageChange: (page: number) => void;
}

/**
 * A page of a semantic search: the total, the model that ranked and the key terms the text was
 * reduced to, then the patents with their similarity as a bar, and the pages (at most 1000 hits).
 */
export function SemanticResults({ answer, isFetching, onPageChange }: SemanticResultsProps) {
  const { t, i18n } = useTranslation('semanticSearch');
  const lang: Language = isLanguage(i18n.language) ? i18n.language : 'zh';
  const shown = Math.min(answer.total, MAX_SEMANTIC_RESULTS);
  const offset = (answer.page - 1) * answer.pageSize;
  const hasSimilarity = answer.query.mode !== 'bm25';

  return (
    <section className="semantic-results" aria-busy={isFetching} data-testid="semantic-results">
      <Flex gap={16} align="baseline" wrap className="semantic-summary">
        <Typography.Text strong data-testid="semantic-total">
          {t('results.total', { total: formatCount(answer.total, lang) })}
        </Typography.Text>
        {answer.total >= MAX_SEMANTIC_RESULTS && (
          <Typography.Text type="secondary">{t('results.capped', { max: MAX_SEMANTIC_RESULTS })}</Typography.Text>
        )}
        <Tag color="geekblue" data-testid="semantic-model">
          {t('results.model', { model: answer.model })}
        </Tag>
        <Typography.Text type="secondary">{t('results.took', { ms: Math.round(answer.tookMs) })}</Typography.Text>
      </Flex>
      {answer.keyTerms.length > 0 && (
        <Flex gap={4} wrap align="center" className="semantic-key-terms" data-testid="semantic-key-terms">
          <Typography.Text type="secondary">{t('results.keyTerms')}</Typography.Text>
          {answer.keyTerms.slice(0, MAX_KEY_TERMS).map((term) => (
            <Tooltip key={term.term} title={term.weight.toFixed(3)}>
              <Tag>{term.term}</Tag>
            </Tooltip>
          ))}
        </Flex>
      )}
      {answer.items.length === 0 ? (
        <Empty description={t('results.empty')} className="semantic-empty">
          <Typography.Text type="secondary">{t('results.emptyHint')}</Typography.Text>
        </Empty>
      ) : (
        <ol className="semantic-hits" start={offset + 1}>
          {answer.items.map((hit, i) => (
            <SemanticHitItem
              key={hit.publicationNumber}
              hit={hit}
              index={offset + i + 1}
              hasSimilarity={hasSimilarity}
            />
          ))}
        </ol>
      )}
      {shown > answer.pageSize && (
        <Pagination
          className="semantic-pagination"
          current={answer.page}
          pageSize={SEMANTIC_PAGE_SIZE}
          total={shown}
          showSizeChanger={false}
          onChange={onPageChange}
          disabled={isFetching}
        />
      )}
    </section>
  );
}

function SemanticHitItem({ hit, index, hasSimilarity }: { hit: SemanticHit; index: number; hasSimilarity: boolean }) {
  const { t } = useTranslation(['semanticSearch', 'patent']);
  const pn = hit.publicationNumber;
  const percent = similarityPercent(hit.similarity);
  const patentType = PATENT_TYPES.find((type) => type === hit.patentType);
  return (
    <li className="semantic-hit" data-testid="semantic-hit">
      {hit.firstDrawing && (
        <div className="semantic-hit-drawing">
          <DrawingThumb file={hit.firstDrawing} alt={hit.title ?? pn} />
        </div>
      )}
      <div className="semantic-hit-body">
        <Flex gap={8} align="baseline" wrap className="semantic-hit-head">
          <span className="semantic-hit-index">{index}</span>
          <Link to={patentDetailPath(pn)} className="semantic-hit-title">
            <HighlightedText marked={hit.highlights?.title} plain={hit.title ?? pn} />
          </Link>
        </Flex>
        {hasSimilarity && (
          <Flex gap={8} align="center" className="semantic-similarity">
            <Typography.Text type="secondary">{t('results.similarity')}</Typography.Text>
            <Progress
              percent={percent}
              size="small"
              className="semantic-similarity-bar"
              aria-label={t('results.similarityValue', { percent })}
              format={(value) => `${value ?? 0}%`}
            />
          </Flex>
        )}
        <Flex gap={16} wrap className="semantic-hit-meta">
          <Link to={patentDetailPath(pn)} className="semantic-hit-number">
            {pn}
          </Link>
          {patentType && <Tag>{t(`patent:patentType.${patentType}`)}</Tag>}
          {hit.applicants.length > 0 && (
            <span>
              <Typography.Text type="secondary">{t('results.applicants')}</Typography.Text> {hit.applicants.join('; ')}
            </span>
          )}
          {hit.applicationDate && (
            <span>
              <Typography.Text type="secondary">{t('results.applicationDate')}</Typography.Text> {hit.applicationDate}
            </span>
          )}
          {hit.publicationDate && (
            <span>
              <Typography.Text type="secondary">{t('results.publicationDate')}</Typography.Text> {hit.publicationDate}
            </span>
          )}
        </Flex>
        <Typography.Paragraph type="secondary" className="semantic-hit-abstract">
          <HighlightedText marked={hit.highlights?.abstract} plain={hit.abstract ?? t('results.noAbstract')} />
        </Typography.Paragraph>
      </div>
    </li>
  );
}
