import { fillPath, patentEndpoints } from '@patlas/contracts';
import { urlOf } from './client';

/** URL of a patent drawing image kept by the server (result views, detail page, image search). */
export function drawingUrl(file: string): string {
  return urlOf(fillPath(patentEndpoints.drawing.path, { file }));
}
