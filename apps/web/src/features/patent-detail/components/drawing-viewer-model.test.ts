import { describe, expect, it } from 'vitest';
import { DRAWING_ZOOM } from '@patlas/contracts';
import { canZoom, rotateBy, stepIndex, zoomBy } from './drawing-viewer-model';

describe('drawing viewer model', () => {
  it('zooms from 0.4 to 3 in exact steps of 0.1', () => {
    let zoom = 1;
    const seen: number[] = [];
    while (canZoom(zoom, -1)) seen.push((zoom = zoomBy(zoom, -1)));
    expect(seen).toEqual([0.9, 0.8, 0.7, 0.6, 0.5, 0.4]);
    expect(zoomBy(DRAWING_ZOOM.min, -1)).toBe(0.4);
    let steps = 0;
    while (canZoom(zoom, 1)) {
      zoom = zoomBy(zoom, 1);
      steps += 1;
    }
    expect(zoom).toBe(3);
    expect(steps).toBe(26);
    expect(zoomBy(3, 1)).toBe(3);
  });

  it('rotates by quarter turns both ways', () => {
    expect(rotateBy(0, 1)).toBe(90);
    expect(rotateBy(0, -1)).toBe(270);
    expect(rotateBy(270, 1)).toBe(0);
  });

  it('stops previous/next at the ends', () => {
    expect(stepIndex(0, -1, 3)).toBe(0);
    expect(stepIndex(1, 1, 3)).toBe(2);
    expect(stepIndex(2, 1, 3)).toBe(2);
  });
});
