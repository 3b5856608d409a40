import type { SearchHitDto } from '@patlas/contracts';
import {
  HeldLabelsContext,
  HoldingContext,
  type HeldLabelsMap,
  type HoldingMap,
} from '../../../library-actions/HoldingMark';
import type { ResultUrlState } from '../../../search-state/search-url-state';
import type { ResultSelection } from '../useResultSelection';
import { AllDrawingsView } from './AllDrawingsView';
import { FirstDrawingView } from './FirstDrawingView';
import { ImageTextView } from './ImageTextView';
import { ResultListView } from './ResultListView';
import { SetKindContext } from './SetRank';

interface ResultItemsProps {
  state: ResultUrlState;
  items: readonly SearchHitDto[];
  selection: ResultSelection;
  /** Index of the page's first result in the whole result. */
  offset: number;
  /** Which of the user's folders hold the results shown. */
  holding: HoldingMap | undefined;
  /** The view switch already says no record of the whole set has drawings: no note per page. */
  setHasNoDrawings?: boolean;
  /** The user's labels on the results shown. */
  labels?: HeldLabelsMap | undefined;
}

/** The page's results in the view the URL names (list, image and text, all drawings, first drawing). */
export function ResultItems({ state, items, selection, offset, holding, setHasNoDrawings, labels }: ResultItemsProps) {
  return (
    <HoldingContext.Provider value={holding}>
      <HeldLabelsContext.Provider value={labels}>
        <SetKindContext.Provider value={state.set?.kind}>
          {state.view === 'liebiaoshitu' && (
            <ResultListView items={items} selection={selection} offset={offset} isLoading={false} />
          )}
          {state.view === 'tuwenshitu' && (
            <ImageTextView items={items} selection={selection} offset={offset} pageNote={!setHasNoDrawings} />
          )}
          {state.view === 'quanfutushitu' && <AllDrawingsView items={items} selection={selection} offset={offset} />}
          {state.view === 'shoutushitu' && <FirstDrawingView items={items} selection={selection} offset={offset} />}
        </SetKindContext.Provider>
      </HeldLabelsContext.Provider>
    </HoldingContext.Provider>
  );
}
