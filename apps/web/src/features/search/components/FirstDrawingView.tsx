import type { SearchHitDto } from '@patlas/contracts';
import type { ResultSelection } from '../useResultSelection';
import { DrawingThumb } from '../../../components/DrawingThumb';
import { ResultCardHeader } from './ResultCardHeader';

interface FirstDrawingViewProps {
  items: readonly SearchHitDto[];
  selection: ResultSelection;
  offset: number;
}

/** The first-drawing view (shoutushitu): a grid of each patent's first drawing with number and title. */
export function FirstDrawingView({ items, selection, offset }: FirstDrawingViewProps) {
  return (
    <ul className="drawing-grid">
      {items.map((hit, i) => (
        <li key={hit.publicationNumber} className="drawing-card">
          <DrawingThumb file={hit.firstDrawing} alt={hit.title ?? hit.publicationNumber} />
          <ResultCardHeader hit={hit} index={offset + i + 1} selection={selection} />
        </li>
      ))}
    </ul>
  );
}
