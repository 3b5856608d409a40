import { IMAGE_SEARCH_MIME_TYPES, isImageSearchFileName, MAX_IMAGE_SEARCH_BYTES } from '@patlas/contracts';

/** Why a chosen file cannot be searched (keys of imageSearch.json `errors`), checked before uploading. */
export type ImageFileProblem = 'required' | 'type' | 'size';

/**
 * The browser's check of a chosen file, with the server's rules (the server checks again, and also
 * reads the content): a .jpg/.jpeg/.png name with an image MIME type, at most 5 MB.
 */
export function checkImageFile(
  file: { name: string; type: string; size: number } | undefined,
): ImageFileProblem | undefined {
  if (!file || file.size === 0) return 'required';
  const isImageType = file.type === '' || (IMAGE_SEARCH_MIME_TYPES as readonly string[]).includes(file.type);
  if (!isImageSearchFileName(file.name) || !isImageType) return 'type';
  if (file.size > MAX_IMAGE_SEARCH_BYTES) return 'size';
  return undefined;
}
