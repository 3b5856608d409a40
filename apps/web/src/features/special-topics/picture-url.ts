import { urlOf } from '../../api/client';

/** The browser URL of a picture URL the server answers (`/api/product/…`). */
export function urlOfPicture(pictureUrl: string): string {
  return urlOf(pictureUrl.replace(/^\/api/, ''));
}
