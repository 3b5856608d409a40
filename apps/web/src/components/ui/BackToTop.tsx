import { FloatButton } from 'antd';
import { useTranslation } from 'react-i18next';

/** Spec 1 §9 / spec 2 §9: "Back-to-top appears after 200 px with a 300 ms scroll". */
export const BACK_TOP_VISIBILITY_PX = 200;
export const BACK_TOP_DURATION_MS = 300;

/** The back-to-top button of every page of the main layout (the window scrolls). */
export function BackToTop() {
  const { t } = useTranslation('common');
  return (
    <FloatButton.BackTop
      visibilityHeight={BACK_TOP_VISIBILITY_PX}
      duration={BACK_TOP_DURATION_MS}
      tooltip={t('ui.backTop')}
      aria-label={t('ui.backTop')}
      data-testid="back-to-top"
    />
  );
}
