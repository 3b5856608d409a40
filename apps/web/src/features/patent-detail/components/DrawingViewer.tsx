import { useEffect, useState } from 'react';
import {
  LeftOutlined,
  RightOutlined,
  RotateLeftOutlined,
  RotateRightOutlined,
  UndoOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from '@ant-design/icons';
import { Button, Flex, Modal, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Drawing } from '@patlas/contracts';
import { drawingUrl } from '../../../api/drawings';
import { canZoom, rotateBy, stepIndex, zoomBy } from './drawing-viewer-model';

interface DrawingViewerProps {
  drawings: readonly Drawing[];
  /** The drawing shown; undefined closes the viewer. */
  index: number | undefined;
  onIndexChange: (index: number | undefined) => void;
}

/** A drawing enlarged: zoom 0.4–3 in steps of 0.1 (limits.DRAWING_ZOOM), rotate, previous/next, arrow keys. */
export function DrawingViewer({ drawings, index, onIndexChange }: DrawingViewerProps) {
  const { t } = useTranslation('patent');
  const [view, setView] = useState({ zoom: 1, rotation: 0, index });
  // A different drawing starts unzoomed and unrotated (state adjusted during render, not in an effect).
  if (view.index !== index) setView({ zoom: 1, rotation: 0, index });
  const isOpen = index !== undefined;
  const drawing = index === undefined ? undefined : drawings[index];
  const total = drawings.length;

  useEffect(() => {
    if (index === undefined) return undefined;
    const handleKey = (event: KeyboardEvent) => {
      if (event.key === 'ArrowLeft') onIndexChange(stepIndex(index, -1, total));
      if (event.key === 'ArrowRight') onIndexChange(stepIndex(index, 1, total));
      if (event.key === '+' || event.key === '=') setView((v) => ({ ...v, zoom: zoomBy(v.zoom, 1) }));
      if (event.key === '-') setView((v) => ({ ...v, zoom: zoomBy(v.zoom, -1) }));
    };
    window.addEventListener('keydown', handleKey);
    return () => window.removeEventListener('keydown', handleKey);
  }, [index, total, onIndexChange]);

  const current = (index ?? 0) + 1;
  const caption = drawing?.caption?.trim() || t('drawings.figure', { n: current });
  const tool = (label: string, icon: React.ReactNode, onClick: () => void, disabled = false) => (
    <Tooltip title={label}>
      <Button aria-label={label} icon={icon} onClick={onClick} disabled={disabled} />
    </Tooltip>
  );

  return (
    <Modal
      open={isOpen}
      onCancel={() => onIndexChange(undefined)}
      footer={null}
      width="min(1100px, 92vw)"
      centered
      destroyOnHidden
      title={t('drawings.viewerTitle', { current, total })}
    >
      {drawing && (
        <Flex vertical gap={12}>
          <Flex justify="space-between" align="center" wrap gap={8}>
            <Flex gap={4}>
              {tool(
                t('drawings.prev'),
                <LeftOutlined />,
                () => onIndexChange(stepIndex(index ?? 0, -1, total)),
                current <= 1,
              )}
              {tool(
                t('drawings.next'),
                <RightOutlined />,
                () => onIndexChange(stepIndex(index ?? 0, 1, total)),
                current >= total,
              )}
            </Flex>
            <Flex gap={4} align="center">
              {tool(
                t('drawings.zoomOut'),
                <ZoomOutOutlined />,
                () => setView((v) => ({ ...v, zoom: zoomBy(v.zoom, -1) })),
                !canZoom(view.zoom, -1),
              )}
              <Typography.Text className="drawing-zoom-value" aria-live="polite">
                {t('drawings.zoom', { percent: Math.round(view.zoom * 100) })}
              </Typography.Text>
              {tool(
                t('drawings.zoomIn'),
                <ZoomInOutlined />,
                () => setView((v) => ({ ...v, zoom: zoomBy(v.zoom, 1) })),
                !canZoom(view.zoom, 1),
              )}
              {tool(t('drawings.rotateLeft'), <RotateLeftOutlined />, () =>
                setView((v) => ({ ...v, rotation: rotateBy(v.rotation, -1) })),
              )}
              {tool(t('drawings.rotateRight'), <RotateRightOutlined />, () =>
                setView((v) => ({ ...v, rotation: rotateBy(v.rotation, 1) })),
              )}
              {tool(t('drawings.reset'), <UndoOutlined />, () => setView((v) => ({ ...v, zoom: 1, rotation: 0 })))}
            </Flex>
          </Flex>
          <div className="drawing-stage">
            <img
              src={drawingUrl(drawing.file)}
              alt={caption}
              className="drawing-stage-image"
              style={{ transform: `scale(${view.zoom}) rotate(${view.rotation}deg)` }}
            />
          </div>
          <Typography.Text className="drawing-caption">{caption}</Typography.Text>
        </Flex>
      )}
    </Modal>
  );
}
