import { Alert, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Language, SearchQueryResponse } from '@patlas/contracts';
import { getFieldById } from '@patlas/query';
import { historyActionState } from '../../../history-recording/history-actions';
import { encodeResultState, type ResultUrlState } from '../../../search-state/search-url-state';
import { formatCount } from '../../../utils/format-count';
import { CrossLanguageNote } from './CrossLanguageNote';
import { InputNotes } from './InputNotes';

interface SearchNotesProps {
  data: Pick<SearchQueryResponse, 'missingFields' | 'numberTerms' | 'codeSearch' | 'phraseTerms' | 'crossLanguage'>;
  state: ResultUrlState;
  lang: Language;
}

/** Number terms shown in the note; a pasted list is summed up after these. */
const SHOWN_TERMS = 3;

/**
 * What the server noticed about the search (issue 14), each with a link to the search that answers
 * it: records a date or number condition left out for lacking the field, and words searched as
 * text that are patent numbers.
 */
export function SearchNotes({ data, state, lang }: SearchNotesProps) {
  const { t } = useTranslation('search');
  const { missingFields = [], numberTerms, codeSearch, phraseTerms, crossLanguage } = data;
  if (missingFields.length === 0 && !numberTerms && !codeSearch && !phraseTerms && !crossLanguage) return null;

  const hrefOf = (patch: Partial<ResultUrlState>) => {
    const next: ResultUrlState = { ...state, ...patch, page: 1 };
    if (next.second === undefined) delete next.second;
    return `?${encodeResultState(next).toString()}`;
  };
  const terms = numberTerms?.terms ?? [];
  const shownTerms = terms.slice(0, SHOWN_TERMS).join(lang === 'zh' ? '、' : ', ');

  return (
    <Flex vertical gap={8} className="search-notes" data-testid="search-notes">
      {crossLanguage && <CrossLanguageNote note={crossLanguage} lang={lang} />}
      <InputNotes
        data={data}
        hrefOf={(expression) => hrefOf({ expression, filters: [], second: undefined })}
        lang={lang}
      />
      {numberTerms && (
        <Alert
          type="info"
          showIcon
          data-testid="note-number-terms"
          title={
            <>
              {t('notes.numberTerms', {
                terms:
                  terms.length > SHOWN_TERMS
                    ? t('notes.moreTerms', { terms: shownTerms, total: terms.length })
                    : shownTerms,
              })}{' '}
              <Link
                to={hrefOf({ expression: numberTerms.searchExpre, filters: [], second: undefined })}
                state={historyActionState('search', numberTerms.searchExpre)}
              >
                {t('notes.searchAsNumbers')} <Typography.Text code>{numberTerms.searchExpre}</Typography.Text>
              </Link>
            </>
          }
        />
      )}
      {missingFields.map((note) => {
        const field = getFieldById(note.field);
        const label = field ? field[lang] : note.field;
        return (
          <Alert
            key={note.field}
            type="warning"
            showIcon
            data-testid="note-missing-field"
            title={
              <>
                {t('notes.missingField', {
                  n: formatCount(note.count, lang),
                  field: lang === 'en' ? label.toLowerCase() : label,
                  condition: note.condition,
                })}{' '}
                <Link
                  to={hrefOf({ expression: note.searchExpre, second: note.secondExpre })}
                  state={historyActionState('search', note.searchExpre)}
                >
                  {t('notes.withoutCondition')}
                </Link>
              </>
            }
          />
        );
      })}
    </Flex>
  );
}
