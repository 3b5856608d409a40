import type { SearchHistoryItem } from '@patlas/contracts';
import { useTranslation } from 'react-i18next';
import { CombineDialog } from '../../../components/CombineDialog/CombineDialog';
import { useCombinedHistory } from '../queries';

interface CombineModalProps {
  /** The chosen entries, in the order they are combined. */
  items: readonly SearchHistoryItem[];
  isOpen: boolean;
  onClose: () => void;
}

/** Combines chosen searches, each named by its number (#3), into one expression to search. */
export function CombineModal({ items, isOpen, onClose }: CombineModalProps) {
  const { t } = useTranslation('history');
  return (
    <CombineDialog
      items={items}
      rowOf={(item) => ({
        id: item.id,
        name: `#${item.no}`,
        label: <span className="history-no">#{item.no}</span>,
        expression: item.entry.searchExpression,
      })}
      useCombined={useCombinedHistory}
      texts={{
        title: t('combine.title'),
        hint: t('combine.hint'),
        needTwo: t('combine.needTwo'),
        operator: t('combine.operator'),
        operators: { AND: t('combine.operators.AND'), OR: t('combine.operators.OR'), NOT: t('combine.operators.NOT') },
        combined: t('combine.expression'),
        total: (total) => t('combine.total', { total }),
        search: t('buttons.search'),
      }}
      widths={{ operator: 96, label: 56 }}
      isOpen={isOpen}
      onClose={onClose}
    />
  );
}
