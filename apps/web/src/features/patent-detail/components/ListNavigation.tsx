import { LeftOutlined, RightOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import type { SearchNeighboursResponse } from '@patlas/contracts';
import { replacingTabState } from '../../../components/TabBar/tab-bar-model';
import { readHistoryNavState } from '../../../history-recording/history-actions';
import { detailPathInList, resultPagePath, type ResultListContext } from '../../../search-state/result-list-context';
import { useListNeighbours } from '../queries';

type Neighbour = NonNullable<SearchNeighboursResponse['next']>;

/**
 * Previous / next record of the result list the page was opened from (the list and the rank ride
 * in the URL), the position in the list, and the way back to the result page holding it. The tab
 * being read stays open from record to record.
 */
export function ListNavigation({ context, pn, tab }: { context: ResultListContext; pn: string; tab?: string }) {
  const { t, i18n } = useTranslation('patent');
  const navigate = useNavigate();
  const location = useLocation();
  const neighbours = useListNeighbours(context);
  const data = neighbours.isPlaceholderData ? undefined : neighbours.data;

  const go = (target: Neighbour) => {
    // The next record is opened from the same result page: recorded as its 'detail' (spec 1 §4).
    const { historyOrigin } = readHistoryNavState(location.state);
    const history = historyOrigin
      ? { historyOrigin, historyAction: { name: 'detail', value: '', at: Date.now() } }
      : undefined;
    // The step stays in this page's tab instead of opening one tab per record.
    void navigate(detailPathInList(target.publicationNumber, { state: context.state, rank: target.rank }, tab), {
      state: replacingTabState(history),
    });
  };
  const current = data?.current?.publicationNumber;
  const hasMoved = current !== undefined && current.toUpperCase() !== pn.replace(/\s+/g, '').toUpperCase();

  return (
    <Flex gap={8} align="center" wrap className="patent-list-nav">
      <Button
        size="small"
        icon={<LeftOutlined />}
        disabled={!data?.previous}
        loading={neighbours.isFetching && !data}
        onClick={() => data?.previous && go(data.previous)}
      >
        {t('detailActions.previous')}
      </Button>
      {data && (
        <Typography.Text type="secondary" className="patent-list-position">
          {t('detailActions.position', {
            rank: context.rank.toLocaleString(i18n.language),
            total: data.total.toLocaleString(i18n.language),
          })}
        </Typography.Text>
      )}
      <Button
        size="small"
        icon={<RightOutlined />}
        iconPlacement="end"
        disabled={!data?.next}
        onClick={() => data?.next && go(data.next)}
      >
        {t('detailActions.next')}
      </Button>
      <Link to={resultPagePath(context)} className="patent-list-back">
        <UnorderedListOutlined /> {t('detailActions.backToList')}
      </Link>
      {hasMoved && (
        <Typography.Text type="warning" className="patent-list-changed">
          {t('detailActions.listChanged', { rank: context.rank, pn: current })}
        </Typography.Text>
      )}
    </Flex>
  );
}
