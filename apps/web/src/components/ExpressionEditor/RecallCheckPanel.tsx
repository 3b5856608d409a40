import { useState, type ReactNode } from 'react';
import { Alert, App, Button, Empty, Flex, Input, Segmented, Table, Tag, TreeSelect, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  MAX_RECALL_CHECK_NUMBERS,
  recallCheckEndpoints,
  type LibraryFolder,
  type RecallCheckResponse,
  type RecallMiss,
} from '@patlas/contracts';
import type { Span } from '@patlas/query';
import { call } from '../../api/endpoint-call';
import { useApiContext } from '../../api/useApiContext';
import { buildFolderTree, type FolderNode } from '../../library-actions/folder-tree';
import { useFolders } from '../../library-actions/queries';
import { PatentNumber } from '../PatentNumber';
import { addTermToClause, shiftSpan } from './recall-edit';

/** Characters of the expression shown on each side of the excluding clause. */
const CLAUSE_CONTEXT = 24;

type Source = 'numbers' | 'library';

/** A missed patent as the table shows it: the clause's place follows the terms added since the check. */
interface MissRow extends RecallMiss {
  key: string;
  span: Span;
  isAdded: boolean;
}

interface FolderOption {
  value: string;
  title: string;
  children: FolderOption[];
}

function folderOptions(nodes: readonly FolderNode<LibraryFolder>[]): FolderOption[] {
  return nodes.map(({ folder, children }) => ({
    value: folder.id,
    title: `${folder.name} (${folder.totalCount})`,
    children: folderOptions(children),
  }));
}

/** The expression around a clause, the clause marked. */
function ClauseInExpression({ expression, span }: { expression: string; span: Span }) {
  const from = Math.max(0, span.start - CLAUSE_CONTEXT);
  const to = Math.min(expression.length, span.end + CLAUSE_CONTEXT);
  return (
    <Typography.Text code className="recall-clause">
      {from > 0 && '…'}
      {expression.slice(from, span.start)}
      <mark data-testid="recall-clause">{expression.slice(span.start, span.end)}</mark>
      {expression.slice(span.end, to)}
      {to < expression.length && '…'}
    </Typography.Text>
  );
}

/** A suggestion's text with the term marked. */
function Snippet({ miss }: { miss: RecallMiss }): ReactNode {
  const s = miss.suggestion;
  if (!s) return null;
  return (
    <Typography.Text type="secondary" className="recall-snippet">
      {s.snippet.slice(0, s.matchStart)}
      <mark>{s.snippet.slice(s.matchStart, s.matchEnd)}</mark>
      {s.snippet.slice(s.matchEnd)}
    </Typography.Text>
  );
}

/**
 * The recall check's drawer (RecallCheck.tsx), loaded when it first opens: the user pastes the
 * numbers of patents they know are relevant, or picks a library; the server answers how many the
 * expression finds and, for each it misses, the clause that left it out and the nearest term of
 * that patent's text. "Add to clause" ORs the term into that clause of the editor's expression.
 * It stays mounted while the drawer is closed: a check is there again when it reopens.
 */
export function RecallCheckPanel({
  value,
  onChange,
  isOpen,
}: {
  value: string;
  onChange: (next: string) => void;
  /** The drawer is open (the library list is asked for only then). */
  isOpen: boolean;
}) {
  const { t } = useTranslation('search');
  const { message } = App.useApp();
  const { lang, messages } = useApiContext();
  const [source, setSource] = useState<Source>('numbers');
  const [numbers, setNumbers] = useState('');
  const [libraryId, setLibraryId] = useState<string | undefined>();
  // The expression the rows' places refer to: the one checked, then as terms were added.
  const [checked, setChecked] = useState<string | undefined>();
  const [rows, setRows] = useState<MissRow[]>([]);
  const folders = useFolders('current', isOpen && source === 'library');
  const run = useMutation({
    mutationFn: (): Promise<RecallCheckResponse> =>
      call(
        recallCheckEndpoints.check,
        {
          body:
            source === 'library'
              ? { searchExpre: value, libraryId }
              : { searchExpre: value, publicationNumbers: [numbers] },
        },
        { lang, messages },
      ),
    onSuccess: (answer) => {
      setChecked(answer.expression);
      setRows(
        answer.missed.map((miss) => ({ ...miss, key: miss.publicationNumber, span: miss.clause.span, isAdded: false })),
      );
    },
    onError: (error) => void message.error(error.message),
  });
  const answer = run.data;
  const isStale = checked !== undefined && checked !== value;
  const canRun = value.trim() !== '' && (source === 'library' ? Boolean(libraryId) : numbers.trim() !== '');

  const addTerm = (row: MissRow) => {
    const term = row.suggestion?.term;
    if (!term || checked === undefined) return;
    const edit = addTermToClause(checked, { span: row.span, field: row.clause.field }, term);
    if (!edit) {
      void message.warning(t('recall.cannotAdd'));
      return;
    }
    onChange(edit.value);
    setChecked(edit.value);
    setRows((current) =>
      current.map((r) => {
        const isSameClause = r.span.start === row.span.start && r.span.end === row.span.end;
        if (!isSameClause) return { ...r, span: shiftSpan(r.span, edit.insertions) };
        return { ...r, span: edit.clauseSpan, isAdded: r.isAdded || r.suggestion?.term === term };
      }),
    );
    void message.success(t('recall.added', { term }));
  };

  const held = answer ? answer.found.length + answer.missed.length : 0;
  return (
    <>
      <Typography.Paragraph type="secondary">
        {t('recall.hint', { max: MAX_RECALL_CHECK_NUMBERS })}
      </Typography.Paragraph>
      <Segmented<Source>
        value={source}
        onChange={setSource}
        options={[
          { value: 'numbers', label: t('recall.byNumbers') },
          { value: 'library', label: t('recall.byLibrary') },
        ]}
      />
      <div style={{ marginTop: 12 }}>
        {source === 'numbers' ? (
          <Input.TextArea
            value={numbers}
            onChange={(event) => setNumbers(event.target.value)}
            rows={5}
            aria-label={t('recall.numbers')}
            placeholder={t('recall.numbersPlaceholder')}
          />
        ) : (
          <TreeSelect<string>
            value={libraryId}
            onChange={setLibraryId}
            treeData={folderOptions(buildFolderTree(folders.data?.folders ?? []))}
            treeDefaultExpandAll
            showSearch
            treeNodeFilterProp="title"
            loading={folders.isLoading}
            placeholder={t('recall.libraryPlaceholder')}
            aria-label={t('recall.library')}
            notFoundContent={t('recall.noLibrary')}
            style={{ width: '100%' }}
          />
        )}
      </div>
      <Flex justify="space-between" align="center" gap={8} style={{ marginTop: 12 }}>
        <Typography.Text type="secondary" ellipsis style={{ maxWidth: 560 }}>
          {t('recall.expression')} <Typography.Text code>{value}</Typography.Text>
        </Typography.Text>
        <Button
          type="primary"
          loading={run.isPending}
          disabled={!canRun}
          onClick={() => run.mutate()}
          data-testid="recall-run"
        >
          {t('recall.run')}
        </Button>
      </Flex>
      {answer && (
        <div className="recall-result" data-testid="recall-result" style={{ marginTop: 16 }}>
          <Alert
            type={answer.missed.length === 0 ? 'success' : 'warning'}
            showIcon
            title={t('recall.summary', { found: answer.found.length, held })}
            description={
              <>
                {answer.notInCorpus.length > 0 && (
                  <div data-testid="recall-not-held">
                    {t('recall.notInCorpus', { count: answer.notInCorpus.length })}{' '}
                    {answer.notInCorpus.map((n) => (
                      <Tag key={n}>{n}</Tag>
                    ))}
                  </div>
                )}
                {answer.found.length > 0 && (
                  <div data-testid="recall-found">
                    {t('recall.foundList')}{' '}
                    {answer.found.map((f) => (
                      <Tag key={f.publicationNumber} color="green">
                        <PatentNumber number={f.publicationNumber} heldAs={f.publicationNumber} />
                      </Tag>
                    ))}
                  </div>
                )}
              </>
            }
          />
          {isStale && <Alert type="info" showIcon style={{ marginTop: 8 }} title={t('recall.stale')} />}
          {rows.length === 0 ? (
            answer.missed.length === 0 && (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('recall.allFound')} />
            )
          ) : (
            <Table<MissRow>
              style={{ marginTop: 12 }}
              size="small"
              pagination={false}
              dataSource={rows}
              data-testid="recall-missed"
              columns={[
                {
                  title: t('recall.patent'),
                  key: 'patent',
                  width: 180,
                  render: (_, row) => (
                    <>
                      {/* A missed patent is held: its number opens its detail page, as in other lists. */}
                      <PatentNumber number={row.publicationNumber} heldAs={row.publicationNumber} />
                      <div>
                        <Typography.Text type="secondary">{row.title}</Typography.Text>
                      </div>
                    </>
                  ),
                },
                {
                  title: t('recall.clause'),
                  key: 'clause',
                  render: (_, row) => (
                    <>
                      <ClauseInExpression expression={checked ?? answer.expression} span={row.span} />
                      <div>
                        <Typography.Text type="secondary">{t(`recall.kinds.${row.clause.kind}`)}</Typography.Text>
                      </div>
                    </>
                  ),
                },
                {
                  title: t('recall.suggestion'),
                  key: 'suggestion',
                  render: (_, row) =>
                    row.suggestion ? (
                      <>
                        <Tag color="blue" data-testid="recall-term">
                          {row.suggestion.term}
                        </Tag>
                        <Typography.Text type="secondary">
                          {t(`recall.fields.${row.suggestion.foundIn}`, { defaultValue: row.suggestion.foundIn })}
                        </Typography.Text>
                        <div>
                          <Snippet miss={row} />
                        </div>
                      </>
                    ) : (
                      <Typography.Text type="secondary">{t('recall.noSuggestion')}</Typography.Text>
                    ),
                },
                {
                  title: '',
                  key: 'add',
                  width: 120,
                  render: (_, row) =>
                    row.suggestion && answer.editable ? (
                      <Button
                        size="small"
                        icon={<PlusOutlined />}
                        disabled={row.isAdded || isStale}
                        onClick={() => addTerm(row)}
                      >
                        {row.isAdded ? t('recall.addedShort') : t('recall.add')}
                      </Button>
                    ) : null,
                },
              ]}
            />
          )}
        </div>
      )}
    </>
  );
}
