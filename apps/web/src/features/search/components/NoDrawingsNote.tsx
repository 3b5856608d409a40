import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * Said once above a drawing view when no patent on the page has a drawing (vendor exports carry
 * none), in place of a placeholder per patent.
 */
export function NoDrawingsNote() {
  const { t } = useTranslation('search');
  return (
    <Alert
      className="no-drawings-note"
      type="info"
      showIcon
      title={t('views.noDrawingsOnPage')}
      data-testid="no-drawings"
    />
  );
}
