import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { bandOf, IMAGE_BANDS } from './image-calibration.js';
import { extractDrawingFeatures, extractQueryFeatures, ImageEmbedder } from './image-features.js';
import { rankPatents, type IndexedDrawing } from './image-ranking.js';

const DEMO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../data/demo/us-design-drawings');

describe('image similarity bands (issue 43 item 9)', () => {
  it('bands the CNN similarity by the calibrated thresholds, lowest first', () => {
    expect(IMAGE_BANDS.weak).toBeLessThan(IMAGE_BANDS.similar);
    expect(IMAGE_BANDS.similar).toBeLessThan(IMAGE_BANDS.very);
    // The "89–93 %" of unrelated designs: no better than unrelated, or weakly similar at most.
    expect(bandOf({ similarity: 0.89 })).toBe('none');
    expect(bandOf({ similarity: 0.93 })).toBe('weak');
    expect(bandOf({ similarity: IMAGE_BANDS.weak - 0.0001 })).toBe('none');
    expect(bandOf({ similarity: IMAGE_BANDS.weak })).toBe('weak');
    expect(bandOf({ similarity: IMAGE_BANDS.similar })).toBe('similar');
    expect(bandOf({ similarity: IMAGE_BANDS.very })).toBe('very');
    expect(bandOf({ similarity: 1 })).toBe('very');
  });

  it('takes a hash copy as very similar only when the CNN agrees', () => {
    expect(bandOf({ similarity: 0.95, hashDistance: 4, cnnSimilarity: 0.95 })).toBe('very');
    expect(bandOf({ similarity: 0.95, hashDistance: 11, cnnSimilarity: 0.95 })).toBe('similar');
    // A sparse sheet can hash like an unrelated one: then the CNN decides, not the hash similarity shown.
    expect(bandOf({ similarity: 0.91, hashDistance: 6, cnnSimilarity: 0.8 })).toBe('none');
  });

  it('on real demo drawings: a copy is very similar, unrelated designs are not similar', async () => {
    const embedder = new ImageEmbedder();
    try {
      // Sheet 1 of five patents in five Locarno classes (28-03 shaving cartridge, 02-02 garment, 05-05
      // quilted fabric, 14-04 screen, 21-01 game article), and as the upload the razor's sheet itself.
      const folders = [
        'USD0907292-20210105',
        'USD0908314-20210126',
        'USD0915081-20210406',
        'USD0937859-20211207',
        'USD0911448-20210223',
      ];
      const index: IndexedDrawing[] = [];
      for (const folder of folders) {
        const name = readdirSync(path.join(DEMO, folder)).find((n) => /-D00001\.TIF$/i.test(n))!;
        const file = path.join(DEMO, folder, name);
        index.push({ publicationNumber: folder, file: name, ...(await extractDrawingFeatures(embedder, file)) });
      }
      const razor = readFileSync(path.join(DEMO, folders[0]!, `${folders[0]}-D00001.TIF`));
      const matches = rankPatents(await extractQueryFeatures(embedder, razor), index, 10);
      console.log(matches.map((m) => `${m.publicationNumber} ${m.similarity.toFixed(3)} ${bandOf(m)}`).join('\n'));
      expect(matches[0]).toMatchObject({ publicationNumber: folders[0] });
      expect(bandOf(matches[0]!)).toBe('very');
      for (const other of matches.slice(1)) {
        expect(['weak', 'none'], other.publicationNumber).toContain(bandOf(other));
      }
    } finally {
      await embedder.close();
    }
  }, 180_000);
});
