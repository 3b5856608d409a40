import { Tooltip, Typography } from 'antd';
import { ResizableTable as Table } from '../../components/ui/resizable-table';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PreEvaluationResult, TechnicalFeature } from '@patlas/contracts';
import { cellsByDocument, matchClass, percent } from './parts';

/**
 * The feature × document matrix: one row per feature, one column per document (those disclosing
 * most first), each cell coloured by its match (disclosed / partly / not) and showing its score.
 * A click selects the cell; its evidence shows beside the matrix.
 */
export function FeatureMatrix({
  result,
  selected,
  onSelect,
  docLink,
}: {
  result: PreEvaluationResult;
  selected: { feature: number; pn: string } | undefined;
  onSelect: (feature: number, pn: string) => void;
  docLink: (pn: string) => string;
}) {
  const { t } = useTranslation('preEvaluation');
  const cells = cellsByDocument(result);
  const docs = result.matrixDocuments;
  const byNumber = new Map(result.documents.map((d) => [d.publicationNumber, d]));
  return (
    <Table<TechnicalFeature>
      className="pre-matrix"
      rowKey="index"
      size="small"
      bordered
      pagination={false}
      scroll={{ x: 'max-content' }}
      dataSource={result.features}
      data-testid="feature-matrix"
      columns={[
        {
          title: t('matrix.feature'),
          key: 'feature',
          fixed: 'left',
          width: 280,
          render: (_, f) => (
            <Tooltip title={f.text}>
              <Typography.Text ellipsis style={{ maxWidth: 260 }}>
                <b>{f.label}</b> {f.text}
              </Typography.Text>
            </Tooltip>
          ),
        },
        ...docs.map((pn) => ({
          title: (
            <Tooltip title={byNumber.get(pn)?.title ?? pn}>
              <Link to={docLink(pn)} data-testid="matrix-doc">
                {pn}
              </Link>
            </Tooltip>
          ),
          key: pn,
          width: 110,
          onCell: (f: TechnicalFeature) => {
            const cell = cells.get(pn)?.[f.index];
            const isSelected = selected?.feature === f.index && selected.pn === pn;
            return {
              className: `pre-cell pre-cell-${matchClass(cell?.score ?? 0)}${isSelected ? ' is-selected' : ''}`,
              onClick: () => onSelect(f.index, pn),
              'data-testid': `cell-${f.index}-${pn}`,
              'data-match': matchClass(cell?.score ?? 0),
            } as React.TdHTMLAttributes<HTMLTableCellElement>;
          },
          render: (_: unknown, f: TechnicalFeature) => {
            const cell = cells.get(pn)?.[f.index];
            return (
              <span>
                {percent(cell?.score ?? 0)}
                {cell?.disclosed ? ' ✓' : ''}
              </span>
            );
          },
        })),
      ]}
    />
  );
}
