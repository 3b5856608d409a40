// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { imageFetchPath } from './extensions';

describe('imageFetchPath', () => {
  const id = '0f8e2a4c-1111-4222-8333-444455556666';

  it('fetches our own image route, relative to the API base', () => {
    expect(imageFetchPath(`/api/product/disclosurePaper/image/${id}`)).toBe(`/product/disclosurePaper/image/${id}`);
  });

  it('fetches nothing, so sends no token, for any other address (issue 41 §3)', () => {
    for (const src of [
      `https://evil.example/api/product/disclosurePaper/image/${id}`,
      `//evil.example/api/product/disclosurePaper/image/${id}`,
      `https://evil.example/disclosurePaper/image/${id}`,
      `/elsewhere/disclosurePaper/image/${id}`,
      `/api/product/disclosurePaper/image/${id}?x=1`,
      `/api/product/disclosurePaper/image/../../other/${id}`,
      'data:image/png;base64,AAAA',
      undefined,
      null,
    ]) {
      expect(imageFetchPath(src), String(src)).toBeUndefined();
    }
  });
});
