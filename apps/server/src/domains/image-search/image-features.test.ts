import { existsSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { embedSquares, loadFeatureModel } from './image-cnn.js';
import {
  computeDrawingFeatures,
  computeQueryFeatures,
  extractDrawingFeatures,
  extractQueryFeatures,
  ImageEmbedder,
} from './image-features.js';
import { MAIN_THREAD_STAT, watchHolds } from '../../../test/event-loop-holds.js';

function drawing(shape: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="800"><rect width="600" height="800" fill="#fff"/><g fill="none" stroke="#000" stroke-width="6">${shape}</g></svg>`;
  return sharp(Buffer.from(svg)).greyscale().png().toBuffer();
}

const SHAPES = [
  '<circle cx="300" cy="400" r="220"/><circle cx="300" cy="400" r="60"/>',
  '<rect x="80" y="100" width="200" height="250"/><rect x="80" y="420" width="440" height="280"/>',
  '<polygon points="300,80 540,700 60,700"/><line x1="300" y1="80" x2="300" y2="700"/>',
];

describe.runIf(existsSync(MAIN_THREAD_STAT))('image features: the CNN on its worker thread', () => {
  const embedder = new ImageEmbedder();
  afterAll(() => embedder.close());

  it('keeps the event loop answering: no drawing or upload holds it for 50 ms of CPU', async () => {
    const images = await Promise.all(SHAPES.map(drawing));
    const holds = watchHolds();
    const started = performance.now();
    // The model's load (first call), a drawing's features each, then an upload's (4 rotations in one batch).
    const drawings = [];
    for (const image of images) drawings.push(await extractDrawingFeatures(embedder, image));
    const query = await extractQueryFeatures(embedder, images[0]!);
    const tookMs = performance.now() - started;
    const worst = holds.stop();
    console.log(
      `${images.length} drawings and an upload: ${tookMs.toFixed(0)} ms; longest hold of the event loop ` +
        `${worst.cpuMs.toFixed(0)} ms of main-thread CPU, ${worst.wallMs.toFixed(0)} ms of wall time`,
    );

    expect(drawings.map((d) => d.embedding.length)).toEqual([1280, 1280, 1280]);
    expect(query.embeddings).toHaveLength(4);
    // The upload is the first drawing as it is: the same vector, its best match.
    expect(query.embeddings[0]).toEqual(drawings[0]!.embedding);
    // Before: the model's load and each inference ran on this thread (≥ 100 ms of CPU each, the
    // upload's batch of four several times that, its eight hashes' DCTs ~50 ms). After: messages to the worker.
    expect(worst.cpuMs).toBeLessThan(50);
  }, 120_000);

  it('computes the same hashes and vectors as the model run on this thread', async () => {
    const images = await Promise.all(SHAPES.map(drawing));
    const model = await loadFeatureModel();
    const here = (squares: readonly Uint8Array[]) => embedSquares(model, squares);
    for (const image of images) {
      expect(await extractDrawingFeatures(embedder, image)).toEqual(await computeDrawingFeatures(here, image));
    }
    const upload = await sharp(images[1]!).rotate(90).jpeg({ quality: 60 }).toBuffer();
    const query = await extractQueryFeatures(embedder, upload);
    expect(query).toEqual(await computeQueryFeatures(here, upload));
    expect(query.phashes).toHaveLength(8);
  }, 120_000);
});
