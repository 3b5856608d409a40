import { useState } from 'react';
import { Alert, Button, Flex, Modal, Select, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { COMBINE_OPERATORS, type SearchHistoryItem } from '@patlas/contracts';
import { searchResultPath } from '../../../app/paths';
import type { CombineOperator } from '../api';
import { historyActionState } from '../../../history-recording/history-actions';
import { useCombinedHistory } from '../queries';

interface CombineModalProps {
  /** The chosen entries, in the order they are combined. */
  items: readonly SearchHistoryItem[];
  isOpen: boolean;
  onClose: () => void;
}

/**
 * Combines chosen searches with AND/OR/NOT, left to right in the order listed (the first row has
 * no operator), and shows the server's combined expression and its hit count; 检索 opens it.
 */
export function CombineModal({ items, isOpen, onClose }: CombineModalProps) {
  const { t } = useTranslation('history');
  const navigate = useNavigate();
  const [operators, setOperators] = useState<Record<string, CombineOperator>>({});
  const body =
    isOpen && items.length >= 2
      ? { items: items.map((item, i) => ({ id: item.id, operator: i === 0 ? 'AND' : (operators[item.id] ?? 'AND') })) }
      : undefined;
  const combined = useCombinedHistory(body);

  const handleSearch = () => {
    const expression = combined.data?.expression;
    if (!expression) return;
    onClose();
    void navigate(searchResultPath(expression), { state: historyActionState('search', expression) });
  };

  return (
    <Modal
      title={t('combine.title')}
      open={isOpen}
      onCancel={onClose}
      width={720}
      destroyOnHidden
      footer={
        <Button type="primary" disabled={!combined.data?.expression || combined.isFetching} onClick={handleSearch}>
          {t('buttons.search')}
        </Button>
      }
    >
      {items.length < 2 ? (
        <Alert type="info" showIcon title={t('combine.needTwo')} />
      ) : (
        <Flex vertical gap={12}>
          <Typography.Text type="secondary">{t('combine.hint')}</Typography.Text>
          <ol className="history-combine-rows">
            {items.map((item, i) => (
              <li key={item.id} className="history-combine-row">
                {i === 0 ? (
                  <span className="history-combine-first" />
                ) : (
                  <Select<CombineOperator>
                    size="small"
                    aria-label={`${t('combine.operator')} #${item.no}`}
                    value={operators[item.id] ?? 'AND'}
                    onChange={(value) => setOperators((o) => ({ ...o, [item.id]: value }))}
                    options={COMBINE_OPERATORS.map((op) => ({ value: op, label: t(`combine.operators.${op}`) }))}
                    className="history-combine-operator"
                  />
                )}
                <span className="history-no">#{item.no}</span>
                <Typography.Text ellipsis={{ tooltip: item.entry.searchExpression }} className="history-combine-exp">
                  {item.entry.searchExpression}
                </Typography.Text>
              </li>
            ))}
          </ol>
          <Typography.Text strong>{t('combine.expression')}</Typography.Text>
          {combined.isFetching && !combined.data && <Spin />}
          {combined.isError && <Alert type="error" showIcon title={combined.error.message} />}
          {combined.data && (
            <div className="history-combine-result" aria-busy={combined.isFetching}>
              <Typography.Paragraph code copyable data-testid="combined-expression">
                {combined.data.expression}
              </Typography.Paragraph>
              <Typography.Text data-testid="combined-total">
                {t('combine.total', { total: combined.data.total.toLocaleString() })}
              </Typography.Text>
            </div>
          )}
        </Flex>
      )}
    </Modal>
  );
}
