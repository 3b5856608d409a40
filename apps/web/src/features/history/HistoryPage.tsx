import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { OperateHistoryTab } from './components/OperateHistoryTab';
import { SearchHistoryTab } from './components/SearchHistoryTab';
import { useHistoryParams, type HistoryTab } from './useHistoryParams';
import '../../history-recording/history.css';

/**
 * /innovationSpace/history: the search history (spec 1 §3 entries, §7 history calls) and the
 * operation history, each a tab; tab, page and filters live in the URL.
 */
export function HistoryPage() {
  const { t } = useTranslation('history');
  const params = useHistoryParams();
  return (
    <Card className="history-page" variant="borderless">
      <Tabs
        activeKey={params.tab}
        onChange={(key) => params.setTab(key as HistoryTab)}
        destroyOnHidden
        items={[
          { key: 'search', label: t('tabs.search'), children: <SearchHistoryTab params={params} /> },
          { key: 'operate', label: t('tabs.operate'), children: <OperateHistoryTab params={params} /> },
        ]}
      />
    </Card>
  );
}
