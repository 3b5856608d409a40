import { Alert, Image, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SearchHitDto } from '@patlas/contracts';
import { drawingUrl } from '../../../api/drawings';
import { usePageDrawings } from '../queries';
import type { ResultSelection } from '../useResultSelection';
import { DrawingThumb } from '../../../components/DrawingThumb';
import { NoDrawingsNote } from './NoDrawingsNote';
import { ResultCardHeader } from './ResultCardHeader';

interface AllDrawingsViewProps {
  items: readonly SearchHitDto[];
  selection: ResultSelection;
  offset: number;
}

/**
 * The all-drawings view (quanfutushitu): every drawing of each patent on the page, grouped by
 * patent. When no patent on the page has a drawing, that is said once instead of a placeholder each.
 */
export function AllDrawingsView({ items, selection, offset }: AllDrawingsViewProps) {
  const { t } = useTranslation('search');
  const numbers = items.map((hit) => hit.publicationNumber);
  const drawings = usePageDrawings(numbers, true);

  if (drawings.isError) return <Alert type="error" showIcon title={drawings.error.message} />;
  const noneOnPage =
    drawings.isSuccess && items.every((hit) => (drawings.data.items[hit.publicationNumber] ?? []).length === 0);
  return (
    <>
      {noneOnPage && items.length > 0 && <NoDrawingsNote />}
      <ol className="all-drawings-list">
        {items.map((hit, i) => {
          const files = drawings.data?.items[hit.publicationNumber] ?? [];
          return (
            <li key={hit.publicationNumber} className="all-drawings-group">
              <ResultCardHeader hit={hit} index={offset + i + 1} selection={selection} />
              {drawings.isPending ? (
                <Skeleton.Image active />
              ) : files.length === 0 ? (
                !noneOnPage && <DrawingThumb file={undefined} alt="" />
              ) : (
                <Image.PreviewGroup>
                  <ul
                    className="all-drawings-grid"
                    aria-label={t('views.drawingsOf', { number: hit.publicationNumber })}
                  >
                    {files.map((d, n) => (
                      <li key={d.file} className="all-drawings-cell">
                        <div className="drawing-thumb">
                          <Image
                            src={drawingUrl(d.file)}
                            alt={d.caption ?? t('views.drawingN', { number: hit.publicationNumber, n: n + 1 })}
                            loading="lazy"
                          />
                        </div>
                        <span className="all-drawings-caption">{d.caption ?? t('views.figure', { n: n + 1 })}</span>
                      </li>
                    ))}
                  </ul>
                </Image.PreviewGroup>
              )}
            </li>
          );
        })}
      </ol>
    </>
  );
}
