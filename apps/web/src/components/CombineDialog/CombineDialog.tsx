import type { CSSProperties, ReactNode } from 'react';
import { useState } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Button, Flex, Modal, Select, Spin, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { COMBINE_OPERATORS } from '@patlas/contracts';
import { searchResultPath } from '../../app/paths';
import { historyActionState } from '../../history-recording/history-actions';
import './CombineDialog.css';

export type CombineOperator = (typeof COMBINE_OPERATORS)[number];

/** What the server is asked: the rows' ids in order, each with its operator (the first one's is ignored). */
export interface CombineRequest {
  items: { id: string; operator: CombineOperator }[];
}

/** The server's answer: the combined expression and its hit count. */
export interface CombinedExpression {
  expression: string;
  total: number;
}

/** One chosen item as the dialog shows it. */
export interface CombineRow {
  id: string;
  /** Names the row in its operator's accessible name ("#3", a saved expression's name). */
  name: string;
  /** What stands before the expression ("#3", the bold name). */
  label: ReactNode;
  expression: string;
}

/** The dialog's texts, already translated in the calling feature's namespace. */
export interface CombineDialogTexts {
  title: string;
  hint: string;
  needTwo: string;
  /** The operator's accessible name, followed by the row's name. */
  operator: string;
  operators: Record<CombineOperator, string>;
  /** The heading above the combined expression. */
  combined: string;
  /** The hit count line, e.g. "命中 42 条". */
  total: (total: string) => string;
  search: string;
}

export interface CombineDialogProps<T> {
  /** The chosen items, in the order they are combined. */
  items: readonly T[];
  rowOf: (item: T) => CombineRow;
  /** The feature's query of the combined expression; not asked while `body` is undefined. */
  useCombined: (body: CombineRequest | undefined) => UseQueryResult<CombinedExpression, Error>;
  texts: CombineDialogTexts;
  /** Column widths in px: the operator and the label (a short number needs less than a name). */
  widths?: { operator: number; label: number };
  isOpen: boolean;
  onClose: () => void;
}

/**
 * Combines chosen items (searches, saved expressions) with AND/OR/NOT, left to right in the order
 * listed (the first row has no operator), and shows the server's combined expression and its hit
 * count; 检索 opens it.
 */
export function CombineDialog<T>({
  items,
  rowOf,
  useCombined,
  texts,
  widths = { operator: 120, label: 160 },
  isOpen,
  onClose,
}: CombineDialogProps<T>) {
  const navigate = useNavigate();
  const [operators, setOperators] = useState<Record<string, CombineOperator>>({});
  const rows = items.map(rowOf);
  const body =
    isOpen && rows.length >= 2
      ? { items: rows.map((row, i) => ({ id: row.id, operator: i === 0 ? 'AND' : (operators[row.id] ?? 'AND') })) }
      : undefined;
  const combined = useCombined(body);

  const handleSearch = () => {
    const expression = combined.data?.expression;
    if (!expression) return;
    onClose();
    void navigate(searchResultPath(expression), { state: historyActionState('search', expression) });
  };

  const columns = {
    '--combine-operator-width': `${widths.operator}px`,
    '--combine-label-width': `${widths.label}px`,
  } as CSSProperties;

  return (
    <Modal
      title={texts.title}
      open={isOpen}
      onCancel={onClose}
      width={720}
      destroyOnHidden
      footer={
        <Button type="primary" disabled={!combined.data?.expression || combined.isFetching} onClick={handleSearch}>
          {texts.search}
        </Button>
      }
    >
      {rows.length < 2 ? (
        <Alert type="info" showIcon title={texts.needTwo} />
      ) : (
        <Flex vertical gap={12}>
          <Typography.Text type="secondary">{texts.hint}</Typography.Text>
          <ol className="combine-dialog-rows" style={columns}>
            {rows.map((row, i) => (
              <li key={row.id} className="combine-dialog-row">
                {i === 0 ? (
                  <span />
                ) : (
                  <Select<CombineOperator>
                    size="small"
                    aria-label={`${texts.operator} ${row.name}`}
                    value={operators[row.id] ?? 'AND'}
                    onChange={(value) => setOperators((o) => ({ ...o, [row.id]: value }))}
                    options={COMBINE_OPERATORS.map((op) => ({ value: op, label: texts.operators[op] }))}
                    className="combine-dialog-operator"
                  />
                )}
                {row.label}
                <Typography.Text code ellipsis={{ tooltip: row.expression }}>
                  {row.expression}
                </Typography.Text>
              </li>
            ))}
          </ol>
          <Typography.Text strong>{texts.combined}</Typography.Text>
          {combined.isFetching && !combined.data && <Spin />}
          {combined.isError && <Alert type="error" showIcon title={combined.error.message} />}
          {combined.data && (
            <div className="combine-dialog-result" aria-busy={combined.isFetching}>
              <Typography.Paragraph code copyable data-testid="combined-expression">
                {combined.data.expression}
              </Typography.Paragraph>
              <Typography.Text data-testid="combined-total">
                {texts.total(combined.data.total.toLocaleString())}
              </Typography.Text>
            </div>
          )}
        </Flex>
      )}
    </Modal>
  );
}
