import { Checkbox } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SearchHitDto } from '@patlas/contracts';
import { useDetailLinkState } from '../../../history-recording/useHistoryRecording';
import type { ResultSelection } from '../useResultSelection';
import { useResultDetailPath } from '../../../search-state/result-list-context';
import { HeldLabels, HoldingMark } from '../../../library-actions/HoldingMark';
import { HitTitle } from './HitTitle';
import { ReadMark, useReadClass } from '../../../read-marks/ReadMark';
import { SetRank } from './SetRank';
import { ValueScoreTag } from '../../../components/ValueScoreTag';

interface ResultCardHeaderProps {
  hit: SearchHitDto;
  index: number;
  selection: ResultSelection;
}

/** Checkbox, row number, publication number (link to the detail page) and highlighted title. */
export function ResultCardHeader({ hit, index, selection }: ResultCardHeaderProps) {
  const { t } = useTranslation('search');
  const pn = hit.publicationNumber;
  // Carries this search to the detail page, which records its opening (spec 1 §4 'detail').
  const linkState = useDetailLinkState();
  // The index is the rank in the whole list: the detail page's previous / next follow the list.
  const path = useResultDetailPath()(pn, index);
  const readClass = useReadClass(pn);
  return (
    <div className="result-card-header">
      <Checkbox
        checked={selection.isSelected(pn)}
        disabled={selection.all}
        onChange={(e) => selection.toggle(pn, e.target.checked)}
        aria-label={t('selection.selectOne', { number: pn })}
      />
      <span className="result-card-index">{index}</span>
      <Link to={path} state={linkState} className="result-number">
        {pn}
      </Link>
      <HoldingMark publicationNumber={pn} />
      <Link to={path} state={linkState} className={readClass ? `result-card-title ${readClass}` : 'result-card-title'}>
        <HitTitle hit={hit} />
      </Link>
      <ReadMark publicationNumber={pn} />
      <HeldLabels publicationNumber={pn} />
      <SetRank hit={hit} />
      {hit.valueScore !== undefined && <ValueScoreTag score={hit.valueScore} withLabel />}
    </div>
  );
}
