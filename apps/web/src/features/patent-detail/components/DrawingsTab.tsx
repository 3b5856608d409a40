import { useCallback, useState } from 'react';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PatentDetail } from '@patlas/contracts';
import { drawingUrl } from '../../../api/drawings';
import { DrawingViewer } from './DrawingViewer';
import { EmptyTab } from './EmptyTab';
import { LazyImage } from '../../../components/ui/LazyImage';

/** Thumbnails with captions; a click opens the viewer. */
export function DrawingsTab({ patent }: { patent: PatentDetail }) {
  const { t } = useTranslation('patent');
  const [openIndex, setOpenIndex] = useState<number>();
  const handleIndexChange = useCallback((index: number | undefined) => setOpenIndex(index), []);
  const drawings = patent.drawings ?? [];
  if (drawings.length === 0) return <EmptyTab description={t('drawings.empty')} />;
  return (
    <>
      <div className="drawing-grid">
        {drawings.map((drawing, i) => {
          const caption = drawing.caption?.trim() || t('drawings.figure', { n: i + 1 });
          return (
            <button
              type="button"
              key={drawing.file}
              className="drawing-thumb"
              onClick={() => setOpenIndex(i)}
              aria-label={t('drawings.open', { n: i + 1 })}
            >
              <span className="drawing-thumb-frame">
                <LazyImage src={drawingUrl(drawing.file)} alt={caption} />
              </span>
              <Typography.Text className="drawing-thumb-caption" ellipsis={{ tooltip: caption }}>
                {caption}
              </Typography.Text>
            </button>
          );
        })}
      </div>
      <DrawingViewer drawings={drawings} index={openIndex} onIndexChange={handleIndexChange} />
    </>
  );
}
