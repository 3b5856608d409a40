import { Layout, Menu, Typography } from 'antd';
import { Link, Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SYS_SECTIONS, sysPath } from './paths';
import './sys.css';

/** The operators' area: a left menu of sections and the section's page. */
export function SysLayout() {
  const { t } = useTranslation('sys');
  const { pathname } = useLocation();
  const section = SYS_SECTIONS.find((name) => pathname.startsWith(sysPath(name)));
  return (
    <Layout className="sys-layout">
      <Layout.Sider width={200} theme="light" className="sys-sider">
        <Menu
          mode="inline"
          aria-label={t('title')}
          selectedKeys={section ? [section] : []}
          items={SYS_SECTIONS.map((name) => ({
            key: name,
            label: <Link to={sysPath(name)}>{t(`sections.${name}`)}</Link>,
          }))}
        />
      </Layout.Sider>
      <Layout.Content className="sys-content">
        {section && (
          <Typography.Title level={4} className="sys-title">
            {t(`sections.${section}`)}
          </Typography.Title>
        )}
        <Outlet />
      </Layout.Content>
    </Layout>
  );
}
