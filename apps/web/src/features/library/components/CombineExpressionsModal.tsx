import type { SavedExpression } from '@patlas/contracts';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CombineDialog } from '../../../components/CombineDialog/CombineDialog';
import { useCombinedExpressions } from '../queries';

interface CombineExpressionsModalProps {
  /** The chosen expressions, in the order they are combined. */
  items: readonly SavedExpression[];
  isOpen: boolean;
  onClose: () => void;
}

/** Combines saved expressions, each named by its saved name, into one expression to search. */
export function CombineExpressionsModal({ items, isOpen, onClose }: CombineExpressionsModalProps) {
  const { t } = useTranslation('library');
  return (
    <CombineDialog
      items={items}
      rowOf={(item) => ({
        id: item.id,
        name: item.name,
        label: <Typography.Text strong>{item.name}</Typography.Text>,
        expression: item.expression,
      })}
      useCombined={useCombinedExpressions}
      texts={{
        title: t('expressions.combineTitle'),
        hint: t('expressions.combineHint'),
        needTwo: t('expressions.combineNeedTwo'),
        operator: t('expressions.operator'),
        operators: {
          AND: t('expressions.operators.AND'),
          OR: t('expressions.operators.OR'),
          NOT: t('expressions.operators.NOT'),
        },
        combined: t('expressions.combined'),
        total: (total) => t('expressions.combinedTotal', { total }),
        search: t('expressions.search'),
      }}
      isOpen={isOpen}
      onClose={onClose}
    />
  );
}
