import { PrinterOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Result, Skeleton, Tabs, Tooltip, Typography } from 'antd';
import type { TabsProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import type { PatentDetail } from '@patlas/contracts';
import { PatentNumberSearch } from '../../components/PatentNumberSearch';
import { CollectPatentButton } from '../../library-actions/CollectButton';
import { ExportPatentButton } from '../../export-actions/ExportButton';
import { WatchPatentButton } from '../../alert-actions/AlertButtons';
import { HISTORY_ID_PARAM } from '../../history-recording/recording';
import { readListContext, resultPagePath } from '../../search-state/result-list-context';
import { detailTabState, useDetailHistoryRecording } from '../../history-recording/useHistoryRecording';
import { BasicInfoTab } from './components/BasicInfoTab';
import { CitationsTab } from './components/CitationsTab';
import { DrawingsTab } from './components/DrawingsTab';
import { FamilyTab } from './components/FamilyTab';
import { FullTextTab } from './components/FullTextTab';
import { LegalTab } from './components/LegalTab';
import { ListNavigation } from './components/ListNavigation';
import { PatentHeader } from './components/PatentHeader';
import { PatentLoadFailure } from './components/PatentLoadFailure';
import { ValueTab } from './components/ValueTab';
import { PrintView } from './components/PrintView';
import { usePrintMode } from './components/usePrintMode';
import { DETAIL_TABS, isDetailTab, statedTabCount, tabCounts, type DetailTab } from './patent-view';
import { usePatentDetail } from './queries';
import { ShareButton } from '../../components/ShareDialog/ShareButton';
import './PatentDetail.css';
import { PageBreadcrumb } from '../../components/ui/PageBreadcrumb';
import { HOME_PATH } from '../../app/paths';

const TAB_CONTENT: Record<DetailTab, (props: { patent: PatentDetail }) => ReactNode> = {
  basic: BasicInfoTab,
  legal: LegalTab,
  drawings: DrawingsTab,
  fulltext: FullTextTab,
  family: FamilyTab,
  citations: CitationsTab,
  value: ValueTab,
};

/**
 * `/innovationSpace/searchDetail?pn=…&tab=…`: one patent, deep-linkable, each tab a URL.
 * Tabs without data stay visible (users of incoPat/PatSnap expect a fixed set of tabs), are
 * greyed with a tooltip, and say so when opened; a tab whose list the source only counts shows
 * the count and says the source holds counts only. Opened from a result list, the page steps to the
 * previous / next record of that list; printing gives bibliography, abstract, claims and drawings.
 */
export function PatentDetailPage() {
  const { t } = useTranslation(['patent', 'common']);
  const [searchParams, setSearchParams] = useSearchParams();
  const pn = searchParams.get('pn')?.trim() ?? '';
  const tabParam = searchParams.get('tab');
  const activeTab: DetailTab = isDetailTab(tabParam) ? tabParam : 'basic';
  const detail = usePatentDetail(pn || undefined);
  const location = useLocation();
  // Spec 1 §4 'detail' (opened from a result page) and 'detailTab' (a tab change).
  useDetailHistoryRecording(pn, tabParam ?? undefined);
  // Opened from a result list: the list and the rank ride in the URL (previous / next).
  const listContext = readListContext(searchParams);
  const { isPrinting, print } = usePrintMode();

  if (!pn) {
    return (
      <Result
        status="info"
        title={t('patent:missingPn')}
        extra={
          <div style={{ width: 480, margin: '0 auto' }}>
            <PatentNumberSearch buttonText={t('common:actions.open')} size="middle" autoFocus />
          </div>
        }
      />
    );
  }
  if (detail.isError && !detail.data) {
    return <PatentLoadFailure pn={pn} error={detail.error} onRetry={() => void detail.refetch()} />;
  }
  if (!detail.data) {
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  }

  const patent = detail.data;
  const counts = tabCounts(patent);
  const items: TabsProps['items'] = DETAIL_TABS.map((tab) => {
    const count = counts[tab];
    // A count the source states without the list (vendor exports): shown as a count, not greyed.
    const stated = count === 0 ? statedTabCount(patent, tab) : undefined;
    const isEmpty = count === 0 && stated === undefined;
    const label = (
      <span className={isEmpty ? 'patent-tab-empty' : undefined}>
        {t(`patent:tabs.${tab}`)}
        {count !== undefined && count > 0 && <span className="patent-tab-count">{count}</span>}
        {stated !== undefined && <span className="patent-tab-count patent-tab-count-stated">{stated}</span>}
      </span>
    );
    const hint = isEmpty ? t('patent:tabs.noDataHint') : stated !== undefined ? t('patent:tabs.statedHint') : undefined;
    const Content = TAB_CONTENT[tab];
    return {
      key: tab,
      label: hint ? <Tooltip title={hint}>{label}</Tooltip> : label,
      children: <Content patent={patent} />,
    };
  });

  return (
    <Card className="patent-detail" variant="borderless">
      <PageBreadcrumb
        steps={[
          { title: t('common:routes.home'), to: HOME_PATH },
          ...(listContext ? [{ title: t('common:routes.searchResult'), to: resultPagePath(listContext) }] : []),
          { title: `${t('common:routes.patentDetail')} ${pn}` },
        ]}
      />
      <PatentHeader
        patent={patent}
        actions={
          <Flex gap={12} align="center" wrap>
            {listContext && <ListNavigation context={listContext} pn={pn} tab={tabParam ?? undefined} />}
            <CollectPatentButton publicationNumber={patent.publicationNumber} />
            <ExportPatentButton
              publicationNumber={patent.publicationNumber}
              title={`${patent.publicationNumber} ${patent.title?.text ?? ''}`.trim()}
            />
            <WatchPatentButton publicationNumber={patent.publicationNumber} title={patent.title?.text} />
            <Button size="small" icon={<PrinterOutlined />} onClick={() => void print()}>
              {t('patent:detailActions.print')}
            </Button>
            <ShareButton target={() => ({ kind: 'patent', pns: [patent.publicationNumber] })} />
          </Flex>
        }
      />
      {isPrinting && <PrintView patent={patent} />}
      <Tabs
        className="patent-detail-tabs"
        activeKey={activeTab}
        items={items}
        destroyOnHidden
        onChange={(tab) => {
          const next = new URLSearchParams(searchParams);
          next.set('tab', tab);
          // A page reopened from history is recorded again from the user's next action on.
          next.delete(HISTORY_ID_PARAM);
          setSearchParams(next, { state: detailTabState(location.state, tab) });
        }}
      />
      {detail.isFetching && !detail.isPending && (
        <Typography.Text type="secondary">{t('common:loading')}</Typography.Text>
      )}
    </Card>
  );
}
