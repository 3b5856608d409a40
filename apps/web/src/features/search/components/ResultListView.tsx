import { Tag, Typography } from 'antd';
import { ResizableTable as Table } from '../../../components/ui/resizable-table';
import type { ColumnsType } from 'antd/es/table';
import { useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { SearchHitDto } from '@patlas/contracts';
import { useDetailLinkState } from '../../../history-recording/useHistoryRecording';
import type { ResultSelection } from '../useResultSelection';
import { HeldLabels, HoldingMark } from '../../../library-actions/HoldingMark';
import { HitTitle } from './HitTitle';
import { ReadMark, ReadMarksContext } from '../../../read-marks/ReadMark';
import { useHitLabels } from '../../../search-state/useHitLabels';
import { useResultDetailPath } from '../../../search-state/result-list-context';
import { SetRank, useSetRankColumnTitle } from './SetRank';
import { ValueScoreTag } from '../../../components/ValueScoreTag';

const STATUS_COLORS: Record<NonNullable<SearchHitDto['legalStatusClass']>, string> = {
  valid: 'green',
  pending: 'blue',
  rejected: 'red',
  withdrawn: 'orange',
  lapsed: 'default',
};

interface ResultListViewProps {
  items: readonly SearchHitDto[];
  selection: ResultSelection;
  /** Row number of the first item (page offset). */
  offset: number;
  isLoading: boolean;
}

/** The list view (liebiaoshitu): one row per patent; a row or its number opens the detail page. */
/** The selection checkbox column. */
const SELECTION_WIDTH = 40;
/** The least the title column keeps: about 12 Chinese characters a line. */
const TITLE_MIN_WIDTH = 180;

function fixedWidth(columns: ColumnsType<SearchHitDto>): number {
  return columns.reduce((sum, column) => sum + (typeof column.width === 'number' ? column.width : 0), 0);
}

export function ResultListView({ items, selection, offset, isLoading }: ResultListViewProps) {
  const { t } = useTranslation('search');
  const navigate = useNavigate();
  // Carries this search to the detail page, which records its opening (spec 1 §4 'detail').
  const linkState = useDetailLinkState();
  // Detail links carry this list and the rank, for the detail page's previous / next.
  const detailPath = useResultDetailPath();
  const labels = useHitLabels();
  const pageNumbers = items.map((i) => i.publicationNumber);
  // A ranked set (a semantic search) shows each patent's rank and the score that ranks it.
  const isRankedSet = items.some((i) => i.setRank !== undefined);
  const rankColumnTitle = useSetRankColumnTitle();
  // Reading marks: a row the user opened keeps a muted title and a "read" tag.
  const readMarks = useContext(ReadMarksContext);

  // Fixed widths for the short fields leave the rest of the row to the title: ≈290 px at 1,440 px,
  // ≈195 px beside a set's rank column, which then still fits (issue 43: it overflowed at 1,440 px).
  const columns: ColumnsType<SearchHitDto> = [
    { title: '#', key: 'index', width: 44, render: (_, __, index) => offset + index + 1 },
    ...(isRankedSet
      ? [
          {
            title: rankColumnTitle,
            key: 'setRank',
            width: 92,
            render: (_: unknown, hit: SearchHitDto) => <SetRank hit={hit} />,
          },
        ]
      : []),
    {
      title: t('columns.number'),
      dataIndex: 'publicationNumber',
      width: 136,
      render: (pn: string, _, index) => (
        <>
          <Link to={detailPath(pn, offset + index + 1)} state={linkState} className="result-number">
            {pn}
          </Link>
          <HoldingMark publicationNumber={pn} />
        </>
      ),
    },
    {
      title: t('columns.title'),
      key: 'title',
      render: (_, hit) => (
        <>
          <HitTitle hit={hit} className="result-title" />
          <ReadMark publicationNumber={hit.publicationNumber} />
          <HeldLabels publicationNumber={hit.publicationNumber} />
        </>
      ),
    },
    {
      title: t('columns.applicants'),
      key: 'applicants',
      width: 140,
      // The applicants' province under their names: where the applicant is, without narrowing the title.
      render: (_, hit) => {
        const provinces = hit.applicantProvinces?.join('、');
        return (
          <>
            <Typography.Paragraph ellipsis={{ rows: 2, tooltip: hit.applicants.join('; ') }} className="result-cell">
              {hit.applicants.join('; ') || '—'}
            </Typography.Paragraph>
            {provinces && (
              <Typography.Text type="secondary" className="result-province" title={t('columns.province')}>
                {provinces}
              </Typography.Text>
            )}
          </>
        );
      },
    },
    {
      title: t('columns.dates'),
      key: 'dates',
      width: 96,
      render: (_, hit) => (
        <div className="result-dates">
          <span>{hit.applicationDate ?? '—'}</span>
          <span>{hit.publicationDate ?? '—'}</span>
        </div>
      ),
    },
    { title: t('columns.ipcMain'), dataIndex: 'ipcMain', width: 92, render: (v?: string) => v ?? '—' },
    {
      title: t('columns.legalStatus'),
      key: 'legalStatus',
      width: 84,
      // The source's own wording (有效, 实质审查 …; in English in English), coloured by the class analysis puts it in.
      render: (_, hit) =>
        hit.legalStatus ? (
          <Tag
            color={hit.legalStatusClass ? STATUS_COLORS[hit.legalStatusClass] : undefined}
            className="result-legal-status"
            title={labels.legalStatus(hit.legalStatus)}
          >
            {labels.legalStatus(hit.legalStatus)}
          </Tag>
        ) : (
          '—'
        ),
    },
    {
      title: t('columns.patentType'),
      dataIndex: 'patentType',
      width: 88,
      render: (v?: string) =>
        v ? (
          <Tag className="result-patent-type" title={labels.patentType(v)}>
            {labels.patentType(v)}
          </Tag>
        ) : (
          '—'
        ),
    },
    {
      title: t('columns.value'),
      dataIndex: 'valueScore',
      width: 60,
      className: 'result-value',
      render: (v?: number) => (v === undefined ? '—' : <ValueScoreTag score={v} />),
    },
  ];

  return (
    <Table<SearchHitDto>
      className="result-table"
      rowKey="publicationNumber"
      size="middle"
      columns={columns}
      dataSource={[...items]}
      loading={isLoading}
      pagination={false}
      tableLayout="fixed"
      // Never narrower than the fixed columns plus a readable title: a narrow window scrolls
      // sideways instead of squeezing the title to a few characters a line (a ranked set's extra
      // column took ~120 px of its ~180).
      scroll={{ x: SELECTION_WIDTH + fixedWidth(columns) + TITLE_MIN_WIDTH }}
      rowSelection={{
        // The whole set selected: every row ticked, none to untick (clearing ends it).
        selectedRowKeys: selection.all ? [...pageNumbers] : selection.selected.filter((n) => pageNumbers.includes(n)),
        onChange: (keys) => selection.setPage(pageNumbers, keys.map(String)),
        getCheckboxProps: () => ({ disabled: selection.all }),
        columnWidth: SELECTION_WIDTH,
      }}
      onRow={(hit, index = 0) => ({
        onClick: (event) => {
          // Clicks on the checkbox cell select; anywhere else the row opens the patent.
          if ((event.target as HTMLElement).closest('.ant-table-selection-column, a, button')) return;
          void navigate(detailPath(hit.publicationNumber, offset + index + 1), { state: linkState });
        },
        className: readMarks?.has(hit.publicationNumber) ? 'result-row result-row-read' : 'result-row',
      })}
    />
  );
}
