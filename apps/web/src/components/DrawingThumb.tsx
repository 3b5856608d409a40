import { useState } from 'react';
import { Image } from 'antd';
import { PictureOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { drawingUrl } from '../api/drawings';

interface DrawingThumbProps {
  file: string | undefined;
  alt: string;
  /** Whether a click opens the image large (antd preview). */
  canPreview?: boolean;
}

/** A drawing thumbnail, or a clear placeholder when the patent has none (or it fails to load). */
export function DrawingThumb({ file, alt, canPreview = true }: DrawingThumbProps) {
  const { t } = useTranslation('search');
  const [hasFailed, setHasFailed] = useState(false);
  if (!file || hasFailed) {
    return (
      <div className="drawing-placeholder" role="img" aria-label={t('views.noDrawing')}>
        <PictureOutlined />
        <span>{t('views.noDrawing')}</span>
      </div>
    );
  }
  return (
    <div className="drawing-thumb">
      <Image src={drawingUrl(file)} alt={alt} loading="lazy" preview={canPreview} onError={() => setHasFailed(true)} />
    </div>
  );
}
