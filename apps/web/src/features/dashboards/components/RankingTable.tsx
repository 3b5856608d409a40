import { Typography } from 'antd';
import { ResizableTable as Table } from '../../../components/ui/resizable-table';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { AnalysisBucket } from '@patlas/contracts';
import { formatCount } from '../../../utils/format-count';
import { useLang } from '../useLang';

interface RankingTableProps {
  buckets: readonly AnalysisBucket[];
  nameTitle: string;
  /** Display text of a key (province names in English, patent types…). */
  labelOf?: (key: string) => string;
  /** Opens the result page of a row's patents. */
  onCountClick?: (bucket: AnalysisBucket) => void;
  /** A link for the name (e.g. a university's own dashboard). */
  renderName?: (bucket: AnalysisBucket, label: string) => React.ReactNode;
  testId: string;
}

/** A ranking (rank, name, patents) with counts in 万/亿 units (spec 1 §9). */
export function RankingTable({ buckets, nameTitle, labelOf, onCountClick, renderName, testId }: RankingTableProps) {
  const { t } = useTranslation('dashboards');
  const lang = useLang();
  const columns: ColumnsType<AnalysisBucket & { rank: number }> = [
    { title: t('table.rank'), dataIndex: 'rank', width: 56, align: 'center' },
    {
      title: nameTitle,
      dataIndex: 'key',
      ellipsis: true,
      render: (_, b) => {
        const label = b.label ?? labelOf?.(b.key) ?? b.key;
        return renderName ? renderName(b, label) : label;
      },
    },
    {
      title: t('table.patents'),
      dataIndex: 'count',
      width: 100,
      align: 'right',
      render: (count: number, b) =>
        onCountClick ? (
          <Typography.Link onClick={() => onCountClick(b)} title={t('jump.open')}>
            {formatCount(count, lang)}
          </Typography.Link>
        ) : (
          formatCount(count, lang)
        ),
    },
  ];
  return (
    <Table
      data-testid={testId}
      size="small"
      rowKey="key"
      pagination={false}
      columns={columns}
      dataSource={buckets.map((b, i) => ({ ...b, rank: i + 1 }))}
      locale={{ emptyText: t('empty') }}
    />
  );
}
