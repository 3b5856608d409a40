import { Layout, Menu, Typography } from 'antd';
import type { FlatNamespace } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { useSession } from '../../session/useSession';
import { SYS_MENU, canSeeMenuItem, labelNamespaces } from '../menus';
import './SysLayout.css';

const MENU_NAMESPACES: FlatNamespace[] = ['sys', ...labelNamespaces(SYS_MENU)];

/**
 * The operators' area: a side menu of its sections and the section's page. The sections are the
 * pages declared with layout 'sys' and a 'sys' menu entry, whichever feature declares them (the
 * users and roles of features/sys, the patent imports of features/data-import …).
 */
export function SysLayout() {
  const { t } = useTranslation(MENU_NAMESPACES);
  const { pathname } = useLocation();
  const { session } = useSession();
  const items = SYS_MENU.filter((item) => canSeeMenuItem(item, session?.menu ?? []));
  const current = items.find((item) => pathname === item.to || pathname.startsWith(`${item.to}/`));
  // Keys of other namespaces are written 'ns:key', which t resolves at run time.
  const labelOf = (key: string) => t(key as 'sys:title');
  return (
    <Layout className="sys-layout">
      <Layout.Sider width={200} theme="light" className="sys-sider">
        <Menu
          mode="inline"
          aria-label={t('sys:title')}
          selectedKeys={current ? [current.to] : []}
          items={items.map((item) => ({ key: item.to, label: <Link to={item.to}>{labelOf(item.labelKey)}</Link> }))}
        />
      </Layout.Sider>
      <Layout.Content className="sys-content">
        {current && (
          <Typography.Title level={4} className="sys-title">
            {labelOf(current.labelKey)}
          </Typography.Title>
        )}
        <Outlet />
      </Layout.Content>
    </Layout>
  );
}
