import { Segmented } from 'antd';
import { AppstoreOutlined, FileImageOutlined, PictureOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ViewMode } from '../../../search-state/search-url-state';

interface ViewSwitchProps {
  value: ViewMode;
  onChange: (view: ViewMode) => void;
}

/** The four result views of spec 1 §3: list, image-text, all drawings, first drawing. */
export function ViewSwitch({ value, onChange }: ViewSwitchProps) {
  const { t } = useTranslation('search');
  return (
    <Segmented<ViewMode>
      className="result-views"
      aria-label={t('toolbar.view')}
      value={value}
      onChange={onChange}
      options={[
        { value: 'liebiaoshitu', icon: <UnorderedListOutlined />, label: t('views.liebiaoshitu') },
        { value: 'tuwenshitu', icon: <FileImageOutlined />, label: t('views.tuwenshitu') },
        { value: 'quanfutushitu', icon: <AppstoreOutlined />, label: t('views.quanfutushitu') },
        { value: 'shoutushitu', icon: <PictureOutlined />, label: t('views.shoutushitu') },
      ]}
    />
  );
}
