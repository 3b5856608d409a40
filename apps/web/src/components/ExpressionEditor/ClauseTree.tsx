import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Spin, Tooltip, Typography } from 'antd';
import { DownOutlined, PartitionOutlined, RightOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  codeSearchOf,
  MAX_CLAUSE_TREE_NODES,
  searchClauseEndpoints,
  type ClauseNode,
  type Language,
} from '@patlas/contracts';
import { parseExpression } from '@patlas/query';
import { call } from '../../api/endpoint-call';
import { useApiContext } from '../../api/useApiContext';
import { searchResultPath } from '../../app/paths';
import './ClauseTree.css';

/** Typing pauses this long before the tree is asked for. */
export const CLAUSE_TREE_DEBOUNCE_MS = 600;
/** Characters of a clause shown in its row (the whole clause in its tooltip). */
const SHOWN_CHARS = 60;

export interface ClauseTreeProps {
  /** The editor's text. */
  expression: string;
  /** The data sources the counts are taken in (as the result page's `source`). */
  source?: string | null | undefined;
}

/** The text once typing has paused for `delayMs`. */
function useSettled(text: string, delayMs: number): string {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    if (settled === text) return undefined;
    const timer = setTimeout(() => setSettled(text), delayMs);
    return () => clearTimeout(timer);
  }, [text, settled, delayMs]);
  return settled;
}

const grouped = (n: number, lang: Language) => n.toLocaleString(lang === 'zh' ? 'zh-CN' : 'en-US');

function ClauseRow({ node, lang, source }: { node: ClauseNode; lang: Language; source: string | null | undefined }) {
  const { t } = useTranslation('search');
  const navigate = useNavigate();
  const path = searchResultPath(node.searchExpre, source);
  const shown =
    node.searchExpre.length > SHOWN_CHARS ? `${node.searchExpre.slice(0, SHOWN_CHARS - 1)}…` : node.searchExpre;
  const effect =
    node.without === undefined
      ? t('clauseTree.whole')
      : node.loses > 0
        ? t('clauseTree.loses', { count: node.loses, n: grouped(node.loses, lang) })
        : node.costs > 0
          ? t('clauseTree.costs', { count: node.costs, n: grouped(node.costs, lang) })
          : t('clauseTree.noChange');
  const effectClass =
    node.without === undefined ? '' : node.loses > 0 ? ' clause-loses' : node.costs > 0 ? ' clause-costs' : '';
  return (
    <li role="treeitem" aria-expanded={node.children ? true : undefined} className="clause-item">
      <div className="clause-row" data-clause={node.searchExpre}>
        <span className={`clause-op clause-op-${node.kind.toLowerCase()}`}>{t(`clauseTree.kind.${node.kind}`)}</span>
        <Tooltip title={node.searchExpre}>
          <Typography.Link
            className="clause-text"
            href={path}
            onClick={(event) => {
              // A plain click opens it here; a middle or modified click opens the link as the browser does.
              if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey) return;
              event.preventDefault();
              void navigate(path);
            }}
            aria-label={t('clauseTree.open', { clause: node.searchExpre })}
          >
            {shown}
          </Typography.Link>
        </Tooltip>
        <span className="clause-own" data-testid="clause-own">
          {t('clauseTree.own', { count: node.total, n: grouped(node.total, lang) })}
        </span>
        <span className={`clause-effect${effectClass}`} data-testid="clause-effect">
          {effect}
        </span>
        {node.collapsed && <Typography.Text type="secondary">{t('clauseTree.collapsed')}</Typography.Text>}
      </div>
      {node.children && (
        <ul role="group" className="clause-children">
          {node.children.map((child) => (
            <ClauseRow key={`${child.start}:${child.end}:${child.kind}`} node={child} lang={lang} source={source} />
          ))}
        </ul>
      )}
    </li>
  );
}

/**
 * Issue 48: the expression as a tree under the editor ("子句命中" / "Clause counts"), each clause with
 * its own hits and what the whole expression loses (an OR branch) or would gain (an AND / NOT
 * condition) without it; a click opens the clause's own result page. Asked once typing pauses,
 * only while open; a request an edit supersedes is cancelled (the query's abort signal).
 */
export function ClauseTree({ expression, source }: ClauseTreeProps) {
  const { t } = useTranslation('search');
  const { lang, messages } = useApiContext();
  const [isOpen, setIsOpen] = useState(false);
  const settled = useSettled(expression.trim(), CLAUSE_TREE_DEBOUNCE_MS);
  // The editor shows what is wrong with an expression that does not parse; no tree is asked for it.
  const isSearchable = useMemo(
    () => settled !== '' && (codeSearchOf(settled) !== undefined || parseExpression(settled).ok),
    [settled],
  );
  const tree = useQuery({
    queryKey: ['search', 'clauseTree', settled, source ?? '', lang],
    queryFn: ({ signal }) =>
      call(
        searchClauseEndpoints.clauseTree,
        { body: { searchExpre: settled, ...(source ? { source } : {}) } },
        { lang, messages, signal },
      ),
    enabled: isOpen && isSearchable,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
  const isWaiting = isOpen && isSearchable && (settled !== expression.trim() || tree.isFetching);
  return (
    <section className="clause-tree" aria-label={t('clauseTree.title')} data-testid="clause-tree">
      <Button
        type="text"
        size="small"
        icon={isOpen ? <DownOutlined /> : <RightOutlined />}
        onClick={() => setIsOpen((open) => !open)}
        aria-expanded={isOpen}
        className="clause-tree-toggle"
      >
        <PartitionOutlined /> {t('clauseTree.title')}
        {isWaiting && <Spin size="small" className="clause-tree-spin" />}
      </Button>
      {isOpen && (
        <div className="clause-tree-body">
          {!isSearchable ? (
            <Typography.Text type="secondary">{t('clauseTree.empty')}</Typography.Text>
          ) : tree.error ? (
            <Typography.Text type="danger" data-testid="clause-tree-error">
              {tree.error.message}
            </Typography.Text>
          ) : tree.data ? (
            <>
              <Typography.Paragraph type="secondary" className="clause-tree-legend">
                {t('clauseTree.legend')}
              </Typography.Paragraph>
              {tree.data.truncated && (
                <Alert type="info" showIcon title={t('clauseTree.truncated', { max: MAX_CLAUSE_TREE_NODES })} />
              )}
              <ul role="tree" aria-label={t('clauseTree.title')} className="clause-tree-list">
                <ClauseRow node={tree.data.root} lang={lang} source={source} />
              </ul>
            </>
          ) : null}
        </div>
      )}
    </section>
  );
}
