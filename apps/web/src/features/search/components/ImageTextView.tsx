import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SearchHitDto } from '@patlas/contracts';
import type { ResultSelection } from '../useResultSelection';
import { DrawingThumb } from '../../../components/DrawingThumb';
import { HighlightedText } from '../../../components/HighlightedText/HighlightedText';
import { NoDrawingsNote } from './NoDrawingsNote';
import { ResultCardHeader } from './ResultCardHeader';
import { useHitLabels } from '../../../search-state/useHitLabels';

interface ImageTextViewProps {
  items: readonly SearchHitDto[];
  selection: ResultSelection;
  offset: number;
  /** Say once when no patent on the page has a drawing (off when the whole set's lack is said already). */
  pageNote?: boolean;
}

/**
 * The image-text view (tuwenshitu): first drawing beside title, abstract and key fields. When no
 * patent on the page has a drawing, that is said once and the cards go without placeholders.
 */
export function ImageTextView({ items, selection, offset, pageNote = true }: ImageTextViewProps) {
  const { t } = useTranslation('search');
  const labels = useHitLabels();
  const hasDrawings = items.some((hit) => hit.firstDrawing);
  return (
    <>
      {pageNote && !hasDrawings && items.length > 0 && <NoDrawingsNote />}
      <ol className="image-text-list">
        {items.map((hit, i) => (
          <li key={hit.publicationNumber} className="image-text-item">
            {hasDrawings && <DrawingThumb file={hit.firstDrawing} alt={hit.title ?? hit.publicationNumber} />}
            <div className="image-text-body">
              <ResultCardHeader hit={hit} index={offset + i + 1} selection={selection} />
              <Typography.Paragraph className="image-text-abstract" ellipsis={{ rows: 3 }}>
                <HighlightedText marked={hit.highlights?.abstract} plain={hit.abstract ?? t('views.noAbstract')} />
              </Typography.Paragraph>
              {/* A card lists what the record knows; empty fields are left out rather than drawn as dashes. */}
              <dl className="image-text-fields">
                {(
                  [
                    ['applicants', hit.applicants.join('; ')],
                    ['province', hit.applicantProvinces?.join('、')],
                    ['applicationDate', hit.applicationDate],
                    ['publicationDate', hit.publicationDate],
                    ['ipcMain', hit.ipcMain],
                    ['patentType', labels.patentType(hit.patentType)],
                    ['legalStatus', hit.legalStatus && labels.legalStatus(hit.legalStatus)],
                  ] as const
                )
                  .filter(([, value]) => Boolean(value))
                  .map(([column, value]) => (
                    <div key={column}>
                      <dt>{t(`columns.${column}`)}</dt>
                      <dd>{value}</dd>
                    </div>
                  ))}
              </dl>
            </div>
          </li>
        ))}
      </ol>
    </>
  );
}
