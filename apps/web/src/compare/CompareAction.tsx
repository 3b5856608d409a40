import { App, Button, Tooltip } from 'antd';
import { DiffOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { MAX_COMPARE_PATENTS, MIN_COMPARE_PATENTS } from '@patlas/contracts';
import { compareCountProblem } from './compare-model';
import { CompareDialog } from './lazy-compare-dialog';
import { useCompareParam } from './useCompareParam';

interface CompareActionProps {
  /** The selected publication numbers (result page, library). */
  selected: readonly string[];
}

/**
 * The "Compare" action of a selection and the dialog it opens (kept in the URL's `compare`
 * parameter). Spec 2 §5 "Compare needs 2 to 10 patents": another count gets the spec's message
 * instead of the dialog.
 */
export function CompareAction({ selected }: CompareActionProps) {
  const { t } = useTranslation('compare');
  const { message } = App.useApp();
  const compare = useCompareParam();

  const handleClick = () => {
    const problem = compareCountProblem(selected.length);
    if (problem === 'tooFew') void message.warning(t('limits.tooFew', { min: MIN_COMPARE_PATENTS }));
    else if (problem === 'tooMany') void message.warning(t('limits.tooMany', { max: MAX_COMPARE_PATENTS }));
    else compare.open(selected);
  };

  return (
    <>
      <Tooltip title={t('action.hint', { min: MIN_COMPARE_PATENTS, max: MAX_COMPARE_PATENTS })}>
        <Button
          size="small"
          icon={<DiffOutlined />}
          onClick={handleClick}
          onMouseEnter={CompareDialog.preload}
          onFocus={CompareDialog.preload}
          data-testid="compare-button"
        >
          {t('action.compare')}
        </Button>
      </Tooltip>
      <CompareDialog
        numbers={compare.numbers}
        isOpen={compare.isOpen}
        onClose={compare.close}
        onRemove={(number) => compare.setNumbers(compare.numbers.filter((n) => n !== number))}
      />
    </>
  );
}
