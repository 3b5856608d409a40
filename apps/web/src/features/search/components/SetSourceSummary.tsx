import { Button, Flex, Tag, Typography } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Language, SetSource, SetSummary } from '@patlas/contracts';
import {
  ALERT_DETAILS_PATH,
  dataImportRunPath,
  duplicateDetailPath,
  estimateDetailsPath,
  LIBRARY_PATH,
  patentDetailPath,
  searchResultPath,
  semanticSearchPath,
} from '../../../app/paths';
import { formatTotal } from '../../../search-state/format-total';

interface SetSourceSummaryProps {
  source: SetSource;
  /** What the server says of the set, once the first page is in. */
  summary: SetSummary | undefined;
  /** Patents listed after filters and search within. */
  total: number | undefined;
  lang: Language;
}

/** A citation set's seeds as its label lists them (`CN1A, CN2B … (12)`). */
function citationSeedsOf(summary: SetSummary | undefined): string[] {
  return (summary?.label.replace(/\s*….*$/, '') ?? '')
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);
}

/**
 * Where a set is changed: a semantic search's form, a library folder's page, an alert's runs, a
 * duplicate check's evidence, a citation search's original patents (one: its citations tab).
 */
function editPathOf(source: SetSource, summary: SetSummary | undefined): string | undefined {
  if (source.kind === 'citation') {
    const seeds = citationSeedsOf(summary);
    if (seeds.length === 0) return undefined;
    return seeds.length === 1
      ? patentDetailPath(seeds[0]!, 'citations')
      : searchResultPath(`PN=(${seeds.join(' OR ')})`);
  }
  if (source.kind === 'library') return `${LIBRARY_PATH}?${new URLSearchParams({ folder: source.key }).toString()}`;
  if (source.kind === 'alertRun') return `${ALERT_DETAILS_PATH}?${new URLSearchParams({ run: source.key }).toString()}`;
  if (source.kind === 'duplicate') return duplicateDetailPath(source.key);
  if (source.kind === 'preEvaluation') return estimateDetailsPath(source.key);
  if (source.kind === 'importRun') return dataImportRunPath(source.key);
  return semanticSearchPath(source.key);
}

/**
 * The head of a result page that lists a ranked set instead of an expression's hits: what the set
 * is (a semantic search and the start of its text, with a way back to edit it) and how many of its
 * top N are listed ("top 1000 most similar", not a bare total).
 */
export function SetSourceSummary({ source, summary, total, lang }: SetSourceSummaryProps) {
  const { t } = useTranslation('search');
  const editPath = editPathOf(source, summary);
  return (
    <Flex vertical gap={4} className="set-source" data-testid="set-source">
      <Flex gap={8} align="baseline" wrap>
        <Tag color="geekblue">
          {t(`set.${source.kind}.kind`)}
          {source.kind === 'citation' &&
            ` · ${t(`citationSearch.kind.${source.key.startsWith('cited-') ? 'cited' : 'citing'}`)}`}
        </Tag>
        {summary && (
          <Typography.Paragraph
            className="set-source-label"
            ellipsis={{ rows: 2, expandable: 'collapsible' }}
            data-testid="set-source-label"
          >
            {summary.label}
          </Typography.Paragraph>
        )}
        {editPath && (
          <Link to={editPath}>
            <Button size="small" icon={<EditOutlined />}>
              {t(`set.${source.kind}.edit`)}
            </Button>
          </Link>
        )}
      </Flex>
      {summary && total !== undefined && (
        <Typography.Text data-testid="result-total" className="set-source-total">
          {total === summary.size
            ? t(`set.${source.kind}.total`, { size: formatTotal(summary.size, lang), count: summary.size })
            : t(`set.${source.kind}.totalWithin`, {
                size: formatTotal(summary.size, lang),
                count: summary.size,
                total: formatTotal(total, lang),
              })}
        </Typography.Text>
      )}
    </Flex>
  );
}
