import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Button, Flex, Typography } from 'antd';
import { BulbOutlined, CloseOutlined, HistoryOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { MAX_EXPRESSION_LENGTH, type Language } from '@patlas/contracts';
import { tokenize, type FieldDef } from '@patlas/query';
import { appStorage } from '../../storage/app-storage';
import type { ProductStorage } from '../../storage/storage';
import { segmentExpression } from './expression-segments';
import { FieldPicker } from './FieldPicker';
import { KeywordExtract } from './KeywordExtract';
import { RecallCheck } from './RecallCheck';
import { forgetExpression, loadRecentExpressions, rememberExpression, suggestExpressions } from './recent-expressions';
import { checkExpression, useExpressionValidation, type ExpressionProblem } from './useExpressionValidation';
import { ReferencePreview } from './ReferencePreview';
import { ApplicantGroupPreview } from './ApplicantGroupPreview';
import { ClauseTree } from './ClauseTree';
import { ForeignSyntaxButton, ForeignSyntaxNotice, foreignPaste, type ForeignRequest } from './ForeignSyntaxNotice';
import { useReferenceProblem } from './useReferenceProblem';
import { addNearTerm, termAtCaret } from './near-terms';
import { useNearTerms } from './useNearTerms';
import './ExpressionEditor.css';

export interface ExpressionEditorProps {
  value: string;
  onChange: (value: string) => void;
  /** Called with a valid expression on the search button or Ctrl/Cmd+Enter. */
  onSubmit: (expression: string) => void;
  /** A problem the server found after submit (its message and span), shown until the text changes. */
  serverProblem?: ExpressionProblem | undefined;
  isSearching?: boolean;
  autoFocus?: boolean;
  rows?: number;
  submitText?: string;
  /** Where recent expressions are kept; the app's storage unless a test gives its own. */
  storage?: ProductStorage;
  /** Text the caller searches in its own way, not parsed as an expression (the quick search's list of numbers). */
  accepts?: (text: string) => boolean;
  /**
   * Offer the nearest terms (shipped word vectors) of the term under the caret, each added as
   * `TI=(term OR near)` or to the term's group.
   */
  nearTerms?: boolean;
  /** Offer "Extract keywords": a pasted text's keywords (`/search/extract/word`) joined to the expression. */
  extractKeywords?: boolean;
  /** Show the live clause tree with each clause's hits (issue 48), counted in these data sources. */
  clauseTree?: { source?: string | null | undefined } | undefined;
  /** Offer "Recall check": which known-relevant patents the expression finds, and terms to add to its clauses (issue 48). */
  recallCheck?: boolean;
}

/**
 * The search-expression editor: a textarea over a mirror that colours the same text (fields,
 * operators, parentheses, phrases, ranges, errors), live validation with the localised message
 * and the error underlined, a character counter, a field-code picker, and suggestions from the
 * user's recent expressions, and what each history reference (`#3`) stands for. The textarea's own text is transparent; the caret and selection are
 * the browser's, so editing behaves exactly like a plain textarea.
 */
export function ExpressionEditor({
  value,
  onChange,
  onSubmit,
  serverProblem,
  isSearching = false,
  autoFocus = false,
  rows = 4,
  submitText,
  storage = appStorage,
  accepts,
  nearTerms = false,
  extractKeywords = false,
  clauseTree,
  recallCheck = false,
}: ExpressionEditorProps) {
  const { t, i18n } = useTranslation('search');
  const lang: Language = i18n.language === 'en' ? 'en' : 'zh';
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const [foreign, setForeign] = useState<ForeignRequest | null>(null);
  const mirrorRef = useRef<HTMLDivElement>(null);
  const cursorRef = useRef<number | null>(null);
  const messageId = useId();
  const listId = useId();
  const { problem: liveProblem, isPending } = useExpressionValidation(value, lang);
  const [recent, setRecent] = useState<string[]>(() => loadRecentExpressions(storage));
  const [isSuggesting, setIsSuggesting] = useState(false);
  const [activeSuggestion, setActiveSuggestion] = useState(-1);

  const isAccepted = accepts?.(value) ?? false;
  const tokens = useMemo(() => tokenize(value), [value]);
  // `#n`: the searches they stand for, and a number the user has no entry for, found while typing.
  const references = useReferenceProblem(tokens, lang);
  const problem = isAccepted
    ? undefined
    : (liveProblem ?? (isPending ? undefined : (references.problem ?? serverProblem)));
  const segments = useMemo(() => segmentExpression(value, tokens, problem?.span), [value, tokens, problem]);
  const isErrorAtEnd = problem !== undefined && problem.span.start >= value.length;
  const recentSuggestions = isSuggesting ? suggestExpressions(recent, value) : [];
  // The term under the caret and its nearest terms (asked only while the editor has focus).
  const [caret, setCaret] = useState<number | null>(null);
  const termAt = useMemo(
    () => (nearTerms && caret !== null ? termAtCaret(tokens, caret) : undefined),
    [nearTerms, tokens, caret],
  );
  const near = useNearTerms(termAt?.term, isSuggesting && termAt !== undefined);
  // Near terms, when there are some, take the recent expressions' place.
  const suggestions = near.length > 0 ? [] : recentSuggestions;
  const isTooLong = value.length > MAX_EXPRESSION_LENGTH;
  const canSubmit =
    value.trim() !== '' && (isAccepted || (!liveProblem && !references.problem)) && !isTooLong && !isSearching;

  const submit = () => {
    // Validate now, not after the debounce, so a fast Ctrl+Enter cannot send a bad expression.
    if (!value.trim() || (!accepts?.(value) && checkExpression(value, lang))) return;
    setRecent(rememberExpression(storage, value));
    setIsSuggesting(false);
    onSubmit(value.trim());
  };

  const change = (next: string) => {
    onChange(next);
    setIsSuggesting(true);
    setActiveSuggestion(-1);
  };

  const pickNearTerm = (term: string) => {
    if (!termAt) return;
    const next = addNearTerm(value, termAt, term);
    onChange(next.value);
    cursorRef.current = next.caret;
    setCaret(next.caret);
    const textarea = textareaRef.current;
    requestAnimationFrame(() => {
      textarea?.focus();
      textarea?.setSelectionRange(next.caret, next.caret);
    });
  };

  const pickSuggestion = (expression: string) => {
    onChange(expression);
    setIsSuggesting(false);
    setActiveSuggestion(-1);
    textareaRef.current?.focus();
  };

  const insertField = (field: FieldDef) => {
    const textarea = textareaRef.current;
    const at = cursorRef.current ?? textarea?.selectionStart ?? value.length;
    const before = value.slice(0, at);
    // A field after a term needs a space (and usually an operator, which the user types).
    const prefix = before && !/[\s(（]$/.test(before) ? ' ' : '';
    const inserted = `${prefix}${field.id}=`;
    const next = `${before}${inserted}${value.slice(at)}`;
    onChange(next);
    const caret = at + inserted.length;
    cursorRef.current = caret;
    requestAnimationFrame(() => {
      textarea?.focus();
      textarea?.setSelectionRange(caret, caret);
    });
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      submit();
      return;
    }
    if (suggestions.length === 0) return;
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActiveSuggestion((i) => (i + 1) % suggestions.length);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActiveSuggestion((i) => (i <= 0 ? suggestions.length - 1 : i - 1));
    } else if (event.key === 'Enter' && activeSuggestion >= 0) {
      event.preventDefault();
      const chosen = suggestions[activeSuggestion];
      if (chosen) pickSuggestion(chosen);
    } else if (event.key === 'Escape') {
      setIsSuggesting(false);
    }
  };

  return (
    <div className="expr-editor">
      <Flex gap={8} align="center" className="expr-editor-tools">
        <FieldPicker onPick={insertField} />
        {extractKeywords && <KeywordExtract value={value} onInsert={onChange} />}
        <ForeignSyntaxButton value={value} onPick={setForeign} />
        {recallCheck && <RecallCheck value={value} onChange={onChange} />}
        <Typography.Text type="secondary" className="expr-editor-hint">
          {t('editor.hint')}
        </Typography.Text>
        <Typography.Text
          className={`expr-editor-counter${isTooLong ? ' expr-editor-counter-over' : ''}`}
          aria-label={t('editor.counter')}
        >
          {value.length.toLocaleString()} / {MAX_EXPRESSION_LENGTH.toLocaleString()}
        </Typography.Text>
      </Flex>
      <div className={`expr-editor-box${problem ? ' expr-editor-box-error' : ''}`}>
        <div className="expr-editor-mirror" ref={mirrorRef} aria-hidden="true" data-testid="expression-mirror">
          {segments.map((segment, i) => (
            <span
              key={i}
              className={`expr-tok expr-tok-${segment.kind}${segment.isError ? ' expr-tok-error-span' : ''}`}
            >
              {segment.text}
            </span>
          ))}
          {isErrorAtEnd && <span className="expr-tok-error-span expr-tok-error-end">{'\u00a0'}</span>}
          {/* A textarea shows a last empty line after a trailing newline; the mirror must too. */}
          {'\u200b'}
        </div>
        <textarea
          ref={textareaRef}
          className="expr-editor-input"
          value={value}
          rows={rows}
          spellCheck={false}
          autoFocus={autoFocus}
          aria-label={t('editor.label')}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? messageId : undefined}
          aria-autocomplete="list"
          aria-controls={suggestions.length > 0 ? listId : undefined}
          placeholder={t('editor.placeholder')}
          onChange={(event) => {
            change(event.target.value);
            setCaret(event.target.selectionStart);
          }}
          onKeyDown={handleKeyDown}
          onPaste={(event) => setForeign(foreignPaste(event.clipboardData.getData('text')))}
          onFocus={() => setIsSuggesting(true)}
          onBlur={(event) => {
            cursorRef.current = event.target.selectionStart;
            setIsSuggesting(false);
          }}
          onSelect={(event) => {
            cursorRef.current = event.currentTarget.selectionStart;
            setCaret(event.currentTarget.selectionStart);
          }}
          onScroll={(event) => {
            if (mirrorRef.current) mirrorRef.current.scrollTop = event.currentTarget.scrollTop;
          }}
        />
        {near.length > 0 && termAt && (
          <ul
            className="expr-suggestions expr-near-terms"
            role="listbox"
            aria-label={t('editor.nearTerms', { term: termAt.term })}
            data-testid="expression-near-terms"
          >
            <li className="expr-suggestions-title" role="presentation">
              <BulbOutlined /> {t('editor.nearTerms', { term: termAt.term })}
            </li>
            {near.map((term) => (
              <li
                key={term}
                role="option"
                aria-selected={false}
                className="expr-suggestion"
                title={t('editor.nearTermAdd', { term: termAt.term, near: term })}
                // mousedown, not click: the textarea's blur would close the list before a click lands.
                onMouseDown={(event) => {
                  event.preventDefault();
                  pickNearTerm(term);
                }}
              >
                <span className="expr-suggestion-text">{term}</span>
              </li>
            ))}
          </ul>
        )}
        {suggestions.length > 0 && (
          <ul className="expr-suggestions" id={listId} role="listbox" aria-label={t('editor.recent')}>
            <li className="expr-suggestions-title" role="presentation">
              <HistoryOutlined /> {t('editor.recent')}
            </li>
            {suggestions.map((expression, i) => (
              <li
                key={expression}
                role="option"
                aria-selected={i === activeSuggestion}
                className={`expr-suggestion${i === activeSuggestion ? ' expr-suggestion-active' : ''}`}
                // mousedown, not click: the textarea's blur would close the list before a click lands.
                onMouseDown={(event) => {
                  event.preventDefault();
                  pickSuggestion(expression);
                }}
              >
                <span className="expr-suggestion-text">{expression}</span>
                <CloseOutlined
                  className="expr-suggestion-forget"
                  aria-label={t('editor.forget')}
                  onMouseDown={(event) => {
                    event.preventDefault();
                    event.stopPropagation();
                    setRecent(forgetExpression(storage, expression));
                  }}
                />
              </li>
            ))}
          </ul>
        )}
      </div>
      <ForeignSyntaxNotice
        request={foreign}
        onUse={(expression) => {
          // The pasted part is replaced where it landed; a whole-box translation replaces the box.
          onChange(
            foreign && value.includes(foreign.text) ? value.replace(foreign.text, () => expression) : expression,
          );
          setForeign(null);
        }}
        onClose={() => setForeign(null)}
      />
      <ReferencePreview references={references.references} />
      <ApplicantGroupPreview expression={value} />
      {clauseTree && <ClauseTree expression={value} source={clauseTree.source} />}
      <Flex justify="space-between" align="flex-start" gap={12} className="expr-editor-footer">
        <div className="expr-editor-message" id={messageId} role="status" aria-live="polite">
          {problem && (
            <Typography.Text type="danger" data-testid="expression-error">
              {problem.message}
            </Typography.Text>
          )}
        </div>
        <Button
          type="primary"
          icon={<SearchOutlined />}
          disabled={!canSubmit}
          loading={isSearching}
          onClick={submit}
          className="expr-editor-submit"
        >
          {submitText ?? t('editor.search')}
        </Button>
      </Flex>
    </div>
  );
}
