import { Flex } from 'antd';
import type { SetContent } from '@patlas/contracts';
import type { ResultSnapshot } from '../../../history-recording/recording';
import { CollectResultsButton } from '../../../library-actions/CollectButton';
import { ExportResultsButton } from '../../../export-actions/ExportButton';
import type { ResultUrlState } from '../../../search-state/search-url-state';
import type { ResultSelection } from '../useResultSelection';
import { FamilyExpandButton } from './FamilyExpandButton';
import { SelectionBar } from './SelectionBar';
import { ViewSwitch } from './ViewSwitch';

interface SelectionActionsProps {
  state: ResultUrlState;
  selection: ResultSelection;
  /** The publication numbers of the page shown. */
  pageNumbers: readonly string[];
  /** Hits of the whole set; undefined while loading. */
  total: number | undefined;
  /** The page the actions are taken on (search history). */
  origin?: ResultSnapshot;
  /** What an export task is called: the expression, else the set's name. */
  title: string;
  onView: (view: ResultUrlState['view']) => void;
  /** What the records of the whole set hold (drawing views are off when none has drawings). */
  content?: SetContent | undefined;
}

/** The row above the results: the selection (a page, all N, cleared), collect, export, and the view (family expansion behind the selection's "More"). */
export function SelectionActions({
  state,
  selection,
  pageNumbers,
  total,
  origin,
  title,
  onView,
  content,
}: SelectionActionsProps) {
  return (
    <Flex justify="space-between" align="center" gap={8} wrap className="result-selection-actions">
      <Flex gap={8} align="center" wrap>
        <SelectionBar
          selection={selection}
          pageNumbers={pageNumbers}
          total={total}
          more={
            <FamilyExpandButton
              state={state}
              selected={selection.selected}
              allSelected={selection.all}
              total={total}
              origin={origin}
            />
          }
        />
        <CollectResultsButton
          state={state}
          selected={selection.selected}
          allSelected={selection.all}
          total={total}
          origin={origin}
        />
        <ExportResultsButton
          state={state}
          selected={selection.selected}
          allSelected={selection.all}
          total={total}
          title={title}
        />
      </Flex>
      {/* Another view of the same page: the page number stays. */}
      <ViewSwitch value={state.view} onChange={onView} content={content} />
    </Flex>
  );
}
