import { DRAWING_ZOOM } from '@patlas/contracts';

/** Next zoom in steps of DRAWING_ZOOM.step within [min, max]; rounded so 0.1 steps stay exact. */
export function zoomBy(zoom: number, direction: 1 | -1): number {
  const next = Math.round((zoom + direction * DRAWING_ZOOM.step) * 10) / 10;
  return Math.min(DRAWING_ZOOM.max, Math.max(DRAWING_ZOOM.min, next));
}

export function canZoom(zoom: number, direction: 1 | -1): boolean {
  return direction > 0 ? zoom < DRAWING_ZOOM.max : zoom > DRAWING_ZOOM.min;
}

/** Rotation in quarter turns, kept in [0, 360). */
export function rotateBy(rotation: number, direction: 1 | -1): number {
  return (((rotation + direction * 90) % 360) + 360) % 360;
}

/** Previous/next drawing; stops at the ends. */
export function stepIndex(index: number, direction: 1 | -1, total: number): number {
  return Math.min(total - 1, Math.max(0, index + direction));
}
