import type { ReactNode } from 'react';
import { Flex, Segmented, Typography } from 'antd';
import { AppstoreOutlined, FileImageOutlined, PictureOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { SetContent } from '@patlas/contracts';
import type { ViewMode } from '../../../search-state/search-url-state';

interface ViewSwitchProps {
  value: ViewMode;
  onChange: (view: ViewMode) => void;
  /** What the records of the whole set hold; undefined while loading (then every view is offered). */
  content?: SetContent | undefined;
}

/**
 * The views made of drawings: with none in the whole set they would be walls of placeholders. The
 * image-text view stays: without drawings its cards are text alone (ImageTextView).
 */
export const DRAWING_VIEWS: readonly ViewMode[] = ['quanfutushitu', 'shoutushitu'];

/** True when the server counted the whole set and found no record with drawings (issue 43). */
export function setHasNoDrawings(content: SetContent | undefined): boolean {
  return content !== undefined && content.withDrawings === 0 && content.unknown === 0;
}

/** The view a page shows: a drawing view of a set without drawings shows the list instead. */
export function shownView(view: ViewMode, content: SetContent | undefined): ViewMode {
  return setHasNoDrawings(content) && DRAWING_VIEWS.includes(view) ? 'liebiaoshitu' : view;
}

/** The four result views of spec 1 §3: list, image-text, all drawings, first drawing. */
export function ViewSwitch({ value, onChange, content }: ViewSwitchProps) {
  const { t } = useTranslation('search');
  const noDrawings = setHasNoDrawings(content);
  const drawingView = (view: ViewMode, icon: ReactNode) => ({
    value: view,
    icon,
    label: t(`views.${view}`),
    disabled: noDrawings && DRAWING_VIEWS.includes(view),
  });
  return (
    <Flex align="center" gap={8} wrap>
      {noDrawings && (
        <Typography.Text type="secondary" data-testid="no-drawings-in-set">
          {t('views.noDrawingsInSet')}
        </Typography.Text>
      )}
      <Segmented<ViewMode>
        className="result-views"
        aria-label={t('toolbar.view')}
        value={shownView(value, content)}
        onChange={onChange}
        options={[
          { value: 'liebiaoshitu', icon: <UnorderedListOutlined />, label: t('views.liebiaoshitu') },
          { value: 'tuwenshitu', icon: <FileImageOutlined />, label: t('views.tuwenshitu') },
          drawingView('quanfutushitu', <AppstoreOutlined />),
          drawingView('shoutushitu', <PictureOutlined />),
        ]}
      />
    </Flex>
  );
}
