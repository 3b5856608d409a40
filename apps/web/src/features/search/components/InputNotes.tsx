import { Alert, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Language, SearchQueryResponse } from '@patlas/contracts';
import { historyActionState } from '../../../history-recording/history-actions';

interface InputNotesProps {
  data: Pick<SearchQueryResponse, 'codeSearch' | 'phraseTerms'>;
  /** The link to the result page of another expression (the page's state otherwise kept). */
  hrefOf: (expression: string) => string;
  lang: Language;
}

/** Numbers named in a note; a longer list is cut with an ellipsis. */
const SHOWN = 5;

/**
 * How the server read the box (issue 43): a box of numbers or class symbols searched as such (and
 * the numbers the corpus does not hold), Chinese runs without spaces searched as exact phrases with
 * a link to the search split into words.
 */
export function InputNotes({ data, hrefOf, lang }: InputNotesProps) {
  const { t } = useTranslation('search');
  const { codeSearch, phraseTerms } = data;
  const list = (values: readonly string[]) =>
    values.slice(0, SHOWN).join(lang === 'zh' ? '、' : ', ') + (values.length > SHOWN ? ' …' : '');
  const codeLabel = codeSearch
    ? codeSearch.classes.length === 0
      ? t('notes.codeNumbers')
      : codeSearch.numbers.length === 0
        ? t('notes.codeClasses')
        : t('notes.codeBoth')
    : '';
  return (
    <>
      {codeSearch && (
        <Alert
          type="info"
          showIcon
          data-testid="note-code-search"
          title={
            <>
              {codeLabel} <Typography.Text code>{codeSearch.searchExpre}</Typography.Text>
            </>
          }
        />
      )}
      {codeSearch && codeSearch.notHeld.length > 0 && (
        <Alert
          type="warning"
          showIcon
          data-testid="note-not-held"
          title={t('notes.notHeld', { numbers: list(codeSearch.notHeld) })}
        />
      )}
      {phraseTerms && (
        <Alert
          type="info"
          showIcon
          data-testid="note-phrase"
          title={
            <>
              {t('notes.phrase', { terms: list(phraseTerms.terms) })}{' '}
              <Link
                to={hrefOf(phraseTerms.searchExpre)}
                state={historyActionState('search', phraseTerms.searchExpre)}
                data-testid="phrase-split-link"
              >
                {t('notes.trySplit')}
                {phraseTerms.words.map((words) => words.join(' ')).join(lang === 'zh' ? '；' : '; ')}
              </Link>
            </>
          }
        />
      )}
    </>
  );
}
