import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SearchHitDto } from '@patlas/contracts';
import { HighlightedText } from '../../../components/HighlightedText/HighlightedText';

/** The first line of a text (abstracts are often one paragraph: the row's ellipsis shortens it). */
function firstLine(text: string | undefined): string | undefined {
  const line = text
    ?.split(/\r?\n/)
    .map((l) => l.trim())
    .find(Boolean);
  return line || undefined;
}

interface HitTitleProps {
  hit: Pick<SearchHitDto, 'publicationNumber' | 'title' | 'abstract' | 'highlights'>;
  className?: string;
}

/**
 * A result's title, highlighted. Records without a title (issue 14) show, marked as such, their
 * number and the first line of their abstract instead of an empty cell.
 */
export function HitTitle({ hit, className }: HitTitleProps) {
  const { t } = useTranslation('search');
  if (hit.title?.trim())
    return <HighlightedText marked={hit.highlights?.title} plain={hit.title} className={className} />;
  const abstract = firstLine(hit.abstract);
  return (
    <span className={`${className ?? ''} result-untitled`} data-testid="untitled-hit">
      <Tooltip title={t('untitled.hint')}>
        <Tag className="result-untitled-tag">{t('untitled.tag')}</Tag>
      </Tooltip>
      <span className="result-untitled-number">{hit.publicationNumber}</span>
      {abstract && (
        <>
          {' · '}
          <HighlightedText
            marked={firstLine(hit.highlights?.abstract)}
            plain={abstract}
            className="result-untitled-abstract"
          />
        </>
      )}
    </span>
  );
}
