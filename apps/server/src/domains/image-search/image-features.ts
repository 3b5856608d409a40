import { Piscina } from 'piscina';
import sharp, { type SharpOptions } from 'sharp';
import phashImport from 'sharp-phash';
import { CNN_INPUT_SIZE } from './image-cnn.js';

type PhashFunction = (image: Buffer, options?: SharpOptions) => Promise<string>;
// sharp-phash is CommonJS (module.exports = fn) but types itself as an ES default export.
const phash = ((phashImport as unknown as { default?: PhashFunction }).default ?? phashImport) as PhashFunction;

/**
 * Image features for drawing search, all computed in this process (nothing is fetched), on the
 * image worker thread (ImageEmbedder):
 * - a perceptual hash (sharp-phash, 64-bit DCT hash) of the drawing, and for a query of its four
 *   rotations and their mirror images, so a turned or flipped drawing still matches;
 * - a 1280-d CNN embedding: the `flatten_1` layer of the MobileNetV2 that ships inside the nsfwjs
 *   npm package, run on the tfjs WebAssembly back end with its .wasm files read from node_modules.
 *
 * Every image is first normalised the same way: EXIF orientation applied, transparency flattened on
 * white, grey, the white margin around the drawing trimmed (so a scaled copy or one with a thinner
 * border frames the same content) and shrunk to at most NORMALISED_SIZE px.
 */

const NORMALISED_SIZE = 512;
/** Side of the square grey image the pHash variants are made from (sharp-phash samples 32×32). */
const PHASH_SOURCE_SIZE = 64;
/** Largest decoded image we accept (pixels), so a small file cannot expand into gigabytes. */
export const MAX_INPUT_PIXELS = 60_000_000;

/** A drawing as the index stores it. */
export interface DrawingFeatures {
  /** 16 hex digits (64 bits) */
  phash: string;
  /** L2-normalised, EMBEDDING_DIMENSIONS long */
  embedding: Float32Array;
}

/** A query image: hashes of its 8 rotations/mirrors, embeddings of its 4 rotations (index 0 = as uploaded). */
export interface QueryFeatures {
  phashes: string[];
  embeddings: Float32Array[];
}

interface GreyImage {
  data: Buffer;
  width: number;
  height: number;
}

/** Decodes, orients, flattens, greys, trims and shrinks an image (see the module comment). */
async function normaliseImage(input: Buffer | string): Promise<GreyImage> {
  const oriented = await sharp(input, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .flatten({ background: '#ffffff' })
    .greyscale()
    .toColourspace('b-w')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: oriented.info.width, height: oriented.info.height, channels: 1 as const } };
  let image: GreyImage = { data: oriented.data, width: oriented.info.width, height: oriented.info.height };
  try {
    // Threshold 60: JPEG noise around the lines is not taken for content.
    const trimmed = await sharp(oriented.data, raw)
      .trim({ background: '#ffffff', threshold: 60 })
      .toColourspace('b-w') // trim with a background colour answers sRGB
      .raw()
      .toBuffer({ resolveWithObject: true });
    if (trimmed.info.width >= 8 && trimmed.info.height >= 8) {
      image = { data: trimmed.data, width: trimmed.info.width, height: trimmed.info.height };
    }
  } catch {
    // A blank image has nothing to trim: keep it whole.
  }
  const { data, info } = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 1 } })
    .resize(NORMALISED_SIZE, NORMALISED_SIZE, { fit: 'inside', withoutEnlargement: true })
    .toColourspace('b-w')
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (info.channels !== 1) throw new Error(`normalised image has ${info.channels} channels`);
  return { data, width: info.width, height: info.height };
}

/** Rotates a square single- or three-channel raw image by 90° clockwise. */
function rotateSquare(data: Uint8Array, size: number, channels: number): Uint8Array {
  const out = new Uint8Array(data.length);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const from = (y * size + x) * channels;
      const to = (x * size + (size - 1 - y)) * channels;
      for (let c = 0; c < channels; c++) out[to + c] = data[from + c]!;
    }
  }
  return out;
}

function mirrorSquare(data: Uint8Array, size: number): Uint8Array {
  const out = new Uint8Array(data.length);
  for (let y = 0; y < size; y++) for (let x = 0; x < size; x++) out[y * size + (size - 1 - x)] = data[y * size + x]!;
  return out;
}

async function phashOfSquare(data: Uint8Array): Promise<string> {
  const bits = await phash(Buffer.from(data), {
    raw: { width: PHASH_SOURCE_SIZE, height: PHASH_SOURCE_SIZE, channels: 1 },
  });
  return BigInt(`0b${bits}`).toString(16).padStart(16, '0');
}

async function phashSquare(image: GreyImage): Promise<Uint8Array> {
  return sharp(image.data, { raw: { width: image.width, height: image.height, channels: 1 } })
    .resize(PHASH_SOURCE_SIZE, PHASH_SOURCE_SIZE, { fit: 'fill' })
    .toColourspace('b-w')
    .raw()
    .toBuffer();
}

/** The CNN's input: the drawing inside a white 224² square, grey copied to three channels. */
async function cnnSquare(image: GreyImage): Promise<Uint8Array> {
  return sharp(image.data, { raw: { width: image.width, height: image.height, channels: 1 } })
    .resize(CNN_INPUT_SIZE, CNN_INPUT_SIZE, { fit: 'contain', background: '#ffffff' })
    .toColourspace('srgb')
    .removeAlpha()
    .raw()
    .toBuffer();
}

/** Hamming distance of two 16-hex-digit hashes (0–64). */
export function hammingDistance(a: string, b: string): number {
  let x = BigInt(`0x${a}`) ^ BigInt(`0x${b}`);
  let count = 0;
  while (x > 0n) {
    x &= x - 1n;
    count += 1;
  }
  return count;
}

/** Cosine similarity of two L2-normalised vectors (their dot product). */
export function cosineSimilarity(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i]! * b[i]!;
  return sum;
}

/** Runs the CNN on 224×224×3 raw RGB squares in one batch; each vector comes back L2-normalised. */
export type EmbedSquares = (squares: readonly Uint8Array[]) => Promise<Float32Array[]>;

/** What the image worker thread is asked (image-embed-worker.ts). */
export type ImageFeatureTask =
  | { kind: 'embed'; squares: Uint8Array[] }
  | { kind: 'drawing'; input: Uint8Array | string }
  | { kind: 'query'; input: Uint8Array };

/**
 * The image features' worker thread (image-embed-worker.ts): decoding, hashing and the MobileNetV2's
 * synchronous inference (~0.1–0.5 s a batch) all run there, so none of it holds the HTTP thread.
 * One thread, started on the first call, which loads the model then (about 1 s); calls queue for
 * it; close() ends it (the app's close).
 */
export class ImageEmbedder {
  private pool: Piscina<ImageFeatureTask, unknown> | undefined;

  private run(task: ImageFeatureTask): Promise<unknown> {
    if (!this.pool) {
      const fromSources = import.meta.url.endsWith('.ts');
      this.pool = new Piscina<ImageFeatureTask, unknown>({
        // From sources (tests, tsx) the worker is TypeScript, started through the tsx loader.
        filename: new URL(
          fromSources ? '../../image-embed-worker-source.mjs' : './image-embed-worker.js',
          import.meta.url,
        ).href,
        minThreads: 1,
        maxThreads: 1,
        idleTimeout: Infinity,
        concurrentTasksPerWorker: 1,
      });
    }
    return this.pool.run(task);
  }

  /** Embeds 224×224×3 raw RGB squares in one batch; each vector comes back L2-normalised. */
  async embed(squares: readonly Uint8Array[]): Promise<Float32Array[]> {
    if (squares.length === 0) return [];
    return (await this.run({ kind: 'embed', squares: [...squares] })) as Float32Array[];
  }

  async drawingFeatures(input: Buffer | string): Promise<DrawingFeatures> {
    return (await this.run({ kind: 'drawing', input })) as DrawingFeatures;
  }

  async queryFeatures(input: Buffer): Promise<QueryFeatures> {
    return (await this.run({ kind: 'query', input })) as QueryFeatures;
  }

  /** Ends the worker thread (a later call starts a new one). */
  async close(): Promise<void> {
    const pool = this.pool;
    this.pool = undefined;
    await pool?.destroy();
  }
}

/**
 * Features of a stored drawing: one hash and one embedding of the drawing as it is (a query's
 * rotations are compared against it, so the index stays one row per drawing).
 */
export function extractDrawingFeatures(embedder: ImageEmbedder, input: Buffer | string): Promise<DrawingFeatures> {
  return embedder.drawingFeatures(input);
}

/** Features of an uploaded image (see computeQueryFeatures), computed on the image worker thread. */
export function extractQueryFeatures(embedder: ImageEmbedder, input: Buffer): Promise<QueryFeatures> {
  return embedder.queryFeatures(input);
}

/** extractDrawingFeatures on the thread that calls it (the image worker). */
export async function computeDrawingFeatures(embed: EmbedSquares, input: Buffer | string): Promise<DrawingFeatures> {
  const image = await normaliseImage(input);
  const [hash, square] = await Promise.all([phashSquare(image).then(phashOfSquare), cnnSquare(image)]);
  const [embedding] = await embed([square]);
  return { phash: hash, embedding: embedding! };
}

/** Features of an uploaded image: hashes of its 8 rotations/mirrors and embeddings of its 4 rotations. */
export async function computeQueryFeatures(embed: EmbedSquares, input: Buffer): Promise<QueryFeatures> {
  const image = await normaliseImage(input);
  const [hashSource, square] = await Promise.all([phashSquare(image), cnnSquare(image)]);
  const hashSquares: Uint8Array[] = [hashSource];
  for (let i = 1; i < 4; i++) hashSquares.push(rotateSquare(hashSquares[i - 1]!, PHASH_SOURCE_SIZE, 1));
  for (let i = 0; i < 4; i++) hashSquares.push(mirrorSquare(hashSquares[i]!, PHASH_SOURCE_SIZE));
  const cnnSquares: Uint8Array[] = [square];
  for (let i = 1; i < 4; i++) cnnSquares.push(rotateSquare(cnnSquares[i - 1]!, CNN_INPUT_SIZE, 3));
  const [phashes, embeddings] = await Promise.all([Promise.all(hashSquares.map(phashOfSquare)), embed(cnnSquares)]);
  return { phashes, embeddings };
}
