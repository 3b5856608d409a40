import { useState, type HTMLAttributes } from 'react';
import { Alert, Button, Empty, Flex, Modal, Spin, Switch, Tag, Tooltip, Typography } from 'antd';
import { ResizableTable as Table } from '../components/ui/resizable-table';
import type { ColumnsType } from 'antd/es/table';
import { CloseOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MAX_COMPARE_PATENTS, MIN_COMPARE_PATENTS, type ComparedPatent } from '@patlas/contracts';
import { patentDetailPath } from '../app/paths';
import { compareCountProblem, compareRows, type CompareRowState } from './compare-model';
import { useComparison } from './queries';
import './compare.css';
import { useRowLabel, useCellRenderer } from './CompareCells';

interface CompareDialogProps {
  /** The numbers to compare, as the URL holds them. */
  numbers: readonly string[];
  isOpen: boolean;
  onClose: () => void;
  /** Compares the others only; offered while more than MIN_COMPARE_PATENTS remain. */
  onRemove: (requested: string) => void;
}

/**
 * The compare dialog (spec 2 §2): 2 to 10 patents side by side, one column each. A row whose values
 * are not all the same is highlighted, and a name or IPC symbol that several of the patents share
 * is marked, so what sets one patent apart shows at a glance.
 */
export function CompareDialog({ numbers, isOpen, onClose, onRemove }: CompareDialogProps) {
  const { t } = useTranslation('compare');
  const problem = compareCountProblem(numbers.length);
  const comparison = useComparison(numbers, isOpen && problem === undefined);
  const items = comparison.data?.items ?? [];
  const missing = comparison.data?.missing ?? [];

  return (
    <Modal
      title={t('dialog.title', { count: problem ? numbers.length : items.length || numbers.length })}
      open={isOpen}
      onCancel={onClose}
      width="min(1440px, 96vw)"
      footer={null}
      destroyOnHidden
      className="compare-dialog"
    >
      {problem === 'tooFew' && (
        <Alert type="warning" showIcon title={t('limits.tooFew', { min: MIN_COMPARE_PATENTS })} />
      )}
      {problem === 'tooMany' && (
        <Alert type="warning" showIcon title={t('limits.tooMany', { max: MAX_COMPARE_PATENTS })} />
      )}
      {!problem && comparison.isPending && <Spin className="compare-loading" description={t('dialog.loading')} />}
      {!problem && comparison.isError && <Alert type="error" showIcon title={comparison.error.message} />}
      {!problem && comparison.data && (
        <Flex vertical gap={12}>
          {missing.length > 0 && (
            <Alert
              type="warning"
              showIcon
              title={t('dialog.missing', { numbers: missing.join(', '), count: missing.length })}
              data-testid="compare-missing"
            />
          )}
          {items.length < MIN_COMPARE_PATENTS ? (
            <Alert type="warning" showIcon title={t('limits.tooFew', { min: MIN_COMPARE_PATENTS })} />
          ) : (
            <Spin spinning={comparison.isPlaceholderData}>
              <CompareTable items={items} onRemove={items.length > MIN_COMPARE_PATENTS ? onRemove : undefined} />
            </Spin>
          )}
        </Flex>
      )}
    </Modal>
  );
}

interface CompareTableProps {
  items: readonly ComparedPatent[];
  onRemove: ((requested: string) => void) | undefined;
}

function CompareTable({ items, onRemove }: CompareTableProps) {
  const { t } = useTranslation('compare');
  const [isDifferencesOnly, setIsDifferencesOnly] = useState(false);
  const rowLabel = useRowLabel();
  const renderCell = useCellRenderer(items);
  const allRows = compareRows(items);
  const rows = allRows.filter((row) => !row.isEmpty && (!isDifferencesOnly || row.differs));
  const differing = allRows.filter((row) => row.differs).length;

  const columns: ColumnsType<CompareRowState> = [
    {
      key: 'field',
      title: t('dialog.field'),
      fixed: 'left',
      width: 136,
      className: 'compare-label-cell',
      render: (_, row) => (
        <Flex gap={6} align="center">
          {row.differs && (
            <Tooltip title={t('legend.differs')}>
              <span className="compare-differs-mark" aria-label={t('legend.differs')} role="img" />
            </Tooltip>
          )}
          <span>{rowLabel(row.key)}</span>
        </Flex>
      ),
    },
    ...items.map((patent, index) => ({
      key: patent.publicationNumber,
      width: 260,
      title: (
        <Flex justify="space-between" align="start" gap={4}>
          <Flex vertical gap={2}>
            <Typography.Text type="secondary" className="compare-column-index">
              {index + 1}
            </Typography.Text>
            <Link to={patentDetailPath(patent.publicationNumber)} className="compare-column-number">
              {patent.publicationNumber}
            </Link>
          </Flex>
          {onRemove && (
            <Tooltip title={t('dialog.remove')}>
              <Button
                type="text"
                size="small"
                icon={<CloseOutlined />}
                aria-label={`${t('dialog.remove')} ${patent.publicationNumber}`}
                onClick={() => onRemove(patent.requested)}
              />
            </Tooltip>
          )}
        </Flex>
      ),
      render: (_: unknown, row: CompareRowState) => renderCell(patent, row.key),
    })),
  ];

  return (
    <Flex vertical gap={8}>
      <Flex justify="space-between" align="center" gap={12} wrap className="compare-toolbar">
        <Flex align="center" gap={8}>
          <Switch
            size="small"
            checked={isDifferencesOnly}
            onChange={setIsDifferencesOnly}
            aria-label={t('dialog.differencesOnly')}
          />
          <Typography.Text>{t('dialog.differencesOnly')}</Typography.Text>
          <Typography.Text type="secondary" data-testid="compare-differing-count">
            {t('dialog.differingCount', { count: differing })}
          </Typography.Text>
        </Flex>
        <Flex align="center" gap={12} wrap className="compare-legend">
          <span className="compare-legend-item">
            <span className="compare-legend-swatch" />
            {t('legend.differs')}
          </span>
          <span className="compare-legend-item">
            <Tag color="green">{t('legend.sample')}</Tag>
            {t('legend.sharedAll')}
          </span>
          <span className="compare-legend-item">
            <Tag color="blue">{t('legend.sample')}</Tag>
            {t('legend.sharedSome')}
          </span>
        </Flex>
      </Flex>
      {rows.length === 0 ? (
        <Empty description={t('dialog.noDifferences')} />
      ) : (
        <Table<CompareRowState>
          className="compare-table"
          size="small"
          bordered
          pagination={false}
          rowKey="key"
          columns={columns}
          dataSource={rows}
          rowClassName={(row) => `compare-row compare-row-${row.key}${row.differs ? ' compare-row-differs' : ''}`}
          scroll={{ x: 136 + 260 * items.length, y: 'calc(100vh - 320px)' }}
          onRow={(row) => ({ 'data-row': row.key, 'data-differs': row.differs }) as HTMLAttributes<HTMLElement>}
        />
      )}
    </Flex>
  );
}
