import { Image } from 'antd';
import { PictureOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { drawingUrl } from '../api/drawings';
import { useLazyImage } from './ui/LazyImage';

interface DrawingThumbProps {
  file: string | undefined;
  alt: string;
  /** Whether a click opens the image large (antd preview). */
  canPreview?: boolean;
}

/** A drawing thumbnail, or a clear placeholder when the patent has none (or it fails to load). */
export function DrawingThumb({ file, alt, canPreview = true }: DrawingThumbProps) {
  const { t } = useTranslation('search');
  // Loads within 1.3 screens of the viewport and retries a failed load once (spec 1 §9).
  const { ref, src, attempt, hasFailed, onError } = useLazyImage<HTMLDivElement>(file ? drawingUrl(file) : undefined);
  if (!file || hasFailed) {
    return (
      <div className="drawing-placeholder" role="img" aria-label={t('views.noDrawing')}>
        <PictureOutlined />
        <span>{t('views.noDrawing')}</span>
      </div>
    );
  }
  return (
    <div className="drawing-thumb" ref={ref}>
      {src && <Image key={attempt} src={src} alt={alt} preview={canPreview} onError={onError} />}
    </div>
  );
}
