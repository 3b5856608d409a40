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
  hit: Pick<SearchHitDto, 'publicationNumber' | 'title' | 'abstractTitle' | 'abstract' | 'highlights'>;
  className?: string;
}

/**
 * A result's title, highlighted. A record without a title shows the first sentence of its abstract
 * (the server's abstractTitle; issue 43), marked "from abstract"; one with no abstract either
 * (issue 14) shows, marked as untitled, its number instead of an empty cell.
 */
export function HitTitle({ hit, className }: HitTitleProps) {
  const { t } = useTranslation('search');
  if (hit.title?.trim())
    return <HighlightedText marked={hit.highlights?.title} plain={hit.title} className={className} />;
  if (hit.abstractTitle)
    return (
      <span className="result-abstract-title" data-testid="abstract-title-hit">
        {/* The row's line clamp cuts the text only: the mark stays in sight under a long one. */}
        <span className={className}>{hit.abstractTitle}</span>
        <Tooltip title={t('abstractTitle.hint')}>
          <span className="result-abstract-title-mark">{t('abstractTitle.mark')}</span>
        </Tooltip>
      </span>
    );
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
