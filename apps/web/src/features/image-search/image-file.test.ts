import { describe, expect, it } from 'vitest';
import { MAX_IMAGE_SEARCH_BYTES } from '@patlas/contracts';
import { checkImageFile } from './image-file';

describe('checkImageFile', () => {
  it('takes jpg, jpeg and png up to 5 MB, whatever the case of the extension', () => {
    expect(checkImageFile({ name: 'a.jpg', type: 'image/jpeg', size: 10 })).toBeUndefined();
    expect(checkImageFile({ name: 'a.JPEG', type: 'image/jpeg', size: 10 })).toBeUndefined();
    expect(checkImageFile({ name: 'sheet.png', type: 'image/png', size: MAX_IMAGE_SEARCH_BYTES })).toBeUndefined();
  });

  it('refuses other types by name or MIME type', () => {
    expect(checkImageFile({ name: 'a.gif', type: 'image/gif', size: 10 })).toBe('type');
    expect(checkImageFile({ name: 'a.png', type: 'application/pdf', size: 10 })).toBe('type');
    expect(checkImageFile({ name: 'png', type: 'image/png', size: 10 })).toBe('type');
  });

  it('refuses a file over 5 MB and asks for one when there is none', () => {
    expect(checkImageFile({ name: 'a.png', type: 'image/png', size: MAX_IMAGE_SEARCH_BYTES + 1 })).toBe('size');
    expect(checkImageFile(undefined)).toBe('required');
    expect(checkImageFile({ name: 'a.png', type: 'image/png', size: 0 })).toBe('required');
  });
});
