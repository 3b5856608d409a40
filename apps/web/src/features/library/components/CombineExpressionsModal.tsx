import { useState } from 'react';
import { Alert, Button, Flex, Modal, Select, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { COMBINE_OPERATORS, type SavedExpression } from '@patlas/contracts';
import { searchResultPath } from '../../../app/paths';
import { historyActionState } from '../../../history-recording/history-actions';
import { useCombinedExpressions } from '../queries';

type CombineOperator = (typeof COMBINE_OPERATORS)[number];

interface CombineExpressionsModalProps {
  /** The chosen expressions, in the order they are combined. */
  items: readonly SavedExpression[];
  isOpen: boolean;
  onClose: () => void;
}

/**
 * Combines saved expressions with AND/OR/NOT, left to right in the order listed (the first row has
 * no operator); the server writes the combined expression and counts it; 检索 opens it.
 */
export function CombineExpressionsModal({ items, isOpen, onClose }: CombineExpressionsModalProps) {
  const { t } = useTranslation('library');
  const navigate = useNavigate();
  const [operators, setOperators] = useState<Record<string, CombineOperator>>({});
  const body =
    isOpen && items.length >= 2
      ? { items: items.map((item, i) => ({ id: item.id, operator: i === 0 ? 'AND' : (operators[item.id] ?? 'AND') })) }
      : undefined;
  const combined = useCombinedExpressions(body);

  const handleSearch = () => {
    const expression = combined.data?.expression;
    if (!expression) return;
    onClose();
    void navigate(searchResultPath(expression), { state: historyActionState('search', expression) });
  };

  return (
    <Modal
      title={t('expressions.combineTitle')}
      open={isOpen}
      onCancel={onClose}
      width={720}
      destroyOnHidden
      footer={
        <Button type="primary" disabled={!combined.data?.expression || combined.isFetching} onClick={handleSearch}>
          {t('expressions.search')}
        </Button>
      }
    >
      {items.length < 2 ? (
        <Alert type="info" showIcon title={t('expressions.combineNeedTwo')} />
      ) : (
        <Flex vertical gap={12}>
          <Typography.Text type="secondary">{t('expressions.combineHint')}</Typography.Text>
          <ol className="library-combine-rows">
            {items.map((item, i) => (
              <li key={item.id} className="library-combine-row">
                {i === 0 ? (
                  <span className="library-combine-first" />
                ) : (
                  <Select<CombineOperator>
                    size="small"
                    aria-label={`${t('expressions.operator')} ${item.name}`}
                    value={operators[item.id] ?? 'AND'}
                    onChange={(value) => setOperators((o) => ({ ...o, [item.id]: value }))}
                    options={COMBINE_OPERATORS.map((op) => ({ value: op, label: t(`expressions.operators.${op}`) }))}
                    className="library-combine-operator"
                  />
                )}
                <Typography.Text strong className="library-combine-name">
                  {item.name}
                </Typography.Text>
                <Typography.Text code ellipsis={{ tooltip: item.expression }} className="library-combine-exp">
                  {item.expression}
                </Typography.Text>
              </li>
            ))}
          </ol>
          <Typography.Text strong>{t('expressions.combined')}</Typography.Text>
          {combined.isFetching && !combined.data && <Spin />}
          {combined.isError && <Alert type="error" showIcon title={combined.error.message} />}
          {combined.data && (
            <div aria-busy={combined.isFetching}>
              <Typography.Paragraph code copyable data-testid="combined-expression">
                {combined.data.expression}
              </Typography.Paragraph>
              <Typography.Text data-testid="combined-total">
                {t('expressions.combinedTotal', { total: combined.data.total.toLocaleString() })}
              </Typography.Text>
            </div>
          )}
        </Flex>
      )}
    </Modal>
  );
}
