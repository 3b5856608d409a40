import { Menu } from 'antd';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { HELP_DESCRIPTION_PATH, HELP_DETECTION_PATH } from '../../app/paths';

/** The help area's pages (spec 1 §2), as a bar above each of them. */
export function HelpNav() {
  const { t } = useTranslation('help');
  const { pathname } = useLocation();
  return (
    <Menu
      mode="horizontal"
      className="help-nav"
      selectedKeys={[pathname]}
      items={[
        { key: HELP_DESCRIPTION_PATH, label: <Link to={HELP_DESCRIPTION_PATH}>{t('nav.description')}</Link> },
        { key: HELP_DETECTION_PATH, label: <Link to={HELP_DETECTION_PATH}>{t('nav.detection')}</Link> },
      ]}
    />
  );
}
