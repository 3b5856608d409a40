import type { SearchHitDto } from '@patlas/contracts';
import type { ResultSelection } from '../useResultSelection';
import { DrawingThumb } from '../../../components/DrawingThumb';
import { NoDrawingsNote } from './NoDrawingsNote';
import { ResultCardHeader } from './ResultCardHeader';

interface FirstDrawingViewProps {
  items: readonly SearchHitDto[];
  selection: ResultSelection;
  offset: number;
}

/**
 * The first-drawing view (shoutushitu): a grid of each patent's first drawing with number and
 * title. When no patent on the page has a drawing, that is said once and the cards go without
 * placeholders.
 */
export function FirstDrawingView({ items, selection, offset }: FirstDrawingViewProps) {
  const hasDrawings = items.some((hit) => hit.firstDrawing);
  return (
    <>
      {!hasDrawings && items.length > 0 && <NoDrawingsNote />}
      <ul className="drawing-grid">
        {items.map((hit, i) => (
          <li key={hit.publicationNumber} className="drawing-card">
            {hasDrawings && <DrawingThumb file={hit.firstDrawing} alt={hit.title ?? hit.publicationNumber} />}
            <ResultCardHeader hit={hit} index={offset + i + 1} selection={selection} />
          </li>
        ))}
      </ul>
    </>
  );
}
