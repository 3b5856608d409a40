import { Alert, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CrossLanguageNote as Note, Language } from '@patlas/contracts';

interface CrossLanguageNoteProps {
  note: Note;
  lang: Language;
}

/**
 * What a cross-language search added (issue 43): each word with its translation, searched with OR;
 * words whose translation failed or came too late are named, searched as written.
 */
export function CrossLanguageNote({ note, lang }: CrossLanguageNoteProps) {
  const { t } = useTranslation('search');
  const separator = lang === 'zh' ? '、' : ', ';
  const missing = note.untranslated.join(separator);
  return (
    <Alert
      type={note.untranslated.length > 0 ? 'warning' : 'info'}
      showIcon
      data-testid="note-cross-language"
      title={
        <>
          {note.terms.length > 0 ? (
            <>
              {t('notes.crossLanguageAdded')}{' '}
              {note.terms.map((term, i) => (
                <span key={term.term}>
                  {i > 0 && separator}
                  {term.term} → <Typography.Text code>{term.translation}</Typography.Text>
                </span>
              ))}
            </>
          ) : (
            note.untranslated.length === 0 && t('notes.crossLanguageNone')
          )}
          {note.untranslated.length > 0 && (
            <>
              {note.terms.length > 0 && ' '}
              {t(note.timedOut ? 'notes.crossLanguageLate' : 'notes.crossLanguageFailed', { terms: missing })}
            </>
          )}
        </>
      }
    />
  );
}
