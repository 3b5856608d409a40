import { Button, Card, Flex, Tabs } from 'antd';
import { DeleteOutlined, TeamOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { RECYCLE_BIN_PATH } from '../../app/paths';
import { FoldersTab } from './components/FoldersTab';
import { SavedExpressionsTab } from './components/SavedExpressionsTab';
import { COOPERATE_PATH, SAVED_EXPRESSIONS_TAB } from './paths';
import './library.css';

type LibraryTab = 'libraries' | typeof SAVED_EXPRESSIONS_TAB;

/**
 * /innovationSpace/collect (and /user/collect): my libraries (a folder tree; `folder` names the
 * chosen one) and, with `tab=searchExp`, the archive of saved expressions. A folder's patents open
 * on the ordinary result page.
 */
export function LibraryPage() {
  const { t } = useTranslation('library');
  const [params, setParams] = useSearchParams();
  const tab: LibraryTab = params.get('tab') === SAVED_EXPRESSIONS_TAB ? SAVED_EXPRESSIONS_TAB : 'libraries';
  const setTab = (next: string) => {
    const search = new URLSearchParams(params);
    if (next === SAVED_EXPRESSIONS_TAB) search.set('tab', next);
    else search.delete('tab');
    setParams(search);
  };
  return (
    <Card className="library-page" variant="borderless">
      <Tabs
        activeKey={tab}
        onChange={setTab}
        destroyOnHidden
        tabBarExtraContent={
          <Flex gap={8}>
            <Link to={COOPERATE_PATH}>
              <Button icon={<TeamOutlined />} data-testid="cooperate-link">
                {t('cooperate.title')}
              </Button>
            </Link>
            <Link to={RECYCLE_BIN_PATH}>
              <Button icon={<DeleteOutlined />} data-testid="recycle-bin-link">
                {t('folders.recycleBin')}
              </Button>
            </Link>
          </Flex>
        }
        items={[
          { key: 'libraries', label: t('tabs.libraries'), children: <FoldersTab /> },
          { key: SAVED_EXPRESSIONS_TAB, label: t('tabs.searchExp'), children: <SavedExpressionsTab /> },
        ]}
      />
    </Card>
  );
}
