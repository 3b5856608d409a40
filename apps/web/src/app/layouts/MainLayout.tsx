import { Layout, Menu, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate, useNavigation } from 'react-router';
import { hasPermission, type PermissionRule } from '@patlas/contracts';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { TabBar } from '../../components/TabBar/TabBar';
import { filterTabsByPermission, type AppTab } from '../../components/TabBar/tab-bar-model';
import { GuideReminders } from '../../features/account/GuideReminders';
import { HISTORY_PATH, HISTORY_PERMISSION } from '../../features/history/paths';
import { ADVANCED_SEARCH_PATH, ADVANCED_SEARCH_PERMISSION } from '../../features/advanced-search/paths';
import { BATCH_SEARCH_PATH, BATCH_SEARCH_PERMISSION } from '../../features/batch-search/paths';
import { IMAGE_SEARCH_PATH, IMAGE_SEARCH_PERMISSION } from '../../features/image-search/paths';
import { LAW_SEARCH_PATH, LAW_SEARCH_PERMISSION } from '../../features/law-search/paths';
import { DEFENSE_SEARCH_PATH, DEFENSE_SEARCH_PERMISSION } from '../../features/defense-search/paths';
import { CLASSIFICATION_PATH, CLASSIFICATION_PERMISSION } from '../../features/classification/paths';
import {
  COMPANY_PATH,
  PATENT_MAP_PATH,
  PATENT_MAP_PERMISSION,
  REGION_PATH,
  UNIVERSITY_PATH,
} from '../../features/dashboards/paths';
import { useSession } from '../../features/auth/useSession';
import { appStorage } from '../../storage/app-storage';
import { HELP_DETECTION_PATH, HOME_PATH, SEARCH_RESULT_PATH } from '../paths';
import { useTabBarState } from './useTabBarState';
import { UserMenu } from './UserMenu';
import './MainLayout.css';

/** "检索" opens the quick-search tab of the start page (spec 1 §2 keeps search on /home). */
const SEARCH_MENU_PATH = `${HOME_PATH}?tabName=quick`;

interface NavEntry {
  path: string;
  labelKey:
    | 'nav.home'
    | 'nav.search'
    | 'nav.help'
    | 'history:nav'
    | 'advancedSearch:nav'
    | 'batchSearch:nav'
    | 'imageSearch:nav'
    | 'lawSearch:nav'
    | 'defenseSearch:nav'
    | 'classification:nav'
    | 'dashboards:nav.patentMap'
    | 'dashboards:nav.region'
    | 'dashboards:nav.university'
    | 'dashboards:nav.company';
  /** 'public' for everyone; otherwise the permission a logged-in user needs to see the entry. */
  access: 'public' | PermissionRule;
}

const NAV_ENTRIES: readonly NavEntry[] = [
  { path: HOME_PATH, labelKey: 'nav.home', access: 'public' },
  { path: SEARCH_MENU_PATH, labelKey: 'nav.search', access: 'public' },
  { path: ADVANCED_SEARCH_PATH, labelKey: 'advancedSearch:nav', access: ADVANCED_SEARCH_PERMISSION },
  { path: BATCH_SEARCH_PATH, labelKey: 'batchSearch:nav', access: BATCH_SEARCH_PERMISSION },
  { path: IMAGE_SEARCH_PATH, labelKey: 'imageSearch:nav', access: IMAGE_SEARCH_PERMISSION },
  { path: LAW_SEARCH_PATH, labelKey: 'lawSearch:nav', access: LAW_SEARCH_PERMISSION },
  { path: DEFENSE_SEARCH_PATH, labelKey: 'defenseSearch:nav', access: DEFENSE_SEARCH_PERMISSION },
  { path: CLASSIFICATION_PATH, labelKey: 'classification:nav', access: CLASSIFICATION_PERMISSION },
  { path: HISTORY_PATH, labelKey: 'history:nav', access: HISTORY_PERMISSION },
  // Spec 1 §2: the /analysis/* dashboards are in every signed-in user's menu; /patentMap needs its permission.
  { path: PATENT_MAP_PATH, labelKey: 'dashboards:nav.patentMap', access: PATENT_MAP_PERMISSION },
  { path: REGION_PATH, labelKey: 'dashboards:nav.region', access: REGION_PATH },
  { path: UNIVERSITY_PATH, labelKey: 'dashboards:nav.university', access: UNIVERSITY_PATH },
  { path: COMPANY_PATH, labelKey: 'dashboards:nav.company', access: COMPANY_PATH },
  { path: HELP_DETECTION_PATH, labelKey: 'nav.help', access: 'public' },
];

/** Header navigation, the tab bar of opened pages, and the page (spec 1 §2). */
export function MainLayout() {
  const { t } = useTranslation([
    'common',
    'advancedSearch',
    'batchSearch',
    'imageSearch',
    'lawSearch',
    'defenseSearch',
    'history',
    'classification',
    'dashboards',
  ]);
  const location = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const { session, interruption, lastMenu } = useSession();
  const tabBar = useTabBarState(appStorage);
  // Under the re-login dialog the token is gone but the page stays, with the menu it had.
  const menu = session?.menu ?? (interruption?.kind === 'relogin' ? lastMenu : undefined) ?? [];
  // Spec 1 §2: the kept tab list is "filtered by permission"; a visitor sees only open pages.
  const visibleTabs = filterTabsByPermission(tabBar.tabs, menu);

  const handleClose = (tab: AppTab) => {
    const next = tabBar.close(tab);
    if (next) void navigate(next.path);
  };

  const selectedMenu = location.pathname.startsWith(SEARCH_RESULT_PATH)
    ? [SEARCH_MENU_PATH]
    : location.pathname.startsWith('/innovationSpace/help')
      ? [HELP_DETECTION_PATH]
      : location.pathname.startsWith(HOME_PATH)
        ? [HOME_PATH]
        : location.pathname.startsWith(HISTORY_PATH)
          ? [HISTORY_PATH]
          : NAV_ENTRIES.filter((e) => e.path === location.pathname).map((e) => e.path);

  return (
    <Layout className="patlas-layout">
      <Layout.Header className="patlas-header">
        <Link to={HOME_PATH} className="patlas-brand">
          {t('productName')}
        </Link>
        <Menu
          mode="horizontal"
          theme="dark"
          aria-label={t('nav.mainMenu')}
          selectedKeys={selectedMenu}
          items={NAV_ENTRIES.filter((e) => e.access === 'public' || hasPermission(menu, e.access)).map((e) => ({
            key: e.path,
            label: <Link to={e.path}>{t(e.labelKey)}</Link>,
          }))}
          className="patlas-menu"
        />
        <div className="patlas-header-right">
          {navigation.state === 'loading' && <Spin size="small" />}
          <LanguageSwitch />
          <UserMenu />
        </div>
      </Layout.Header>
      <TabBar
        tabs={visibleTabs}
        activeKey={tabBar.activeKey}
        onSelect={(tab) => void navigate(tab.path)}
        onClose={handleClose}
        onCloseOthers={(tab) => tabBar.closeOthers(tab)}
        onCloseAll={() => {
          tabBar.closeAll();
          void navigate(HOME_PATH);
        }}
      />
      <Layout.Content className="patlas-content">
        {/* New-feature reminders greet signed-in users on the start page only, not over every result page. */}
        {session && session.loginType !== 'ip' && location.pathname.startsWith(HOME_PATH) && <GuideReminders />}
        <Outlet />
      </Layout.Content>
    </Layout>
  );
}
