import { createRequire } from 'node:module';
import path from 'node:path';
import sharp, { type SharpOptions } from 'sharp';
import phashImport from 'sharp-phash';
import type * as Tf from '@tensorflow/tfjs';

type PhashFunction = (image: Buffer, options?: SharpOptions) => Promise<string>;
// sharp-phash is CommonJS (module.exports = fn) but types itself as an ES default export.
const phash = ((phashImport as unknown as { default?: PhashFunction }).default ?? phashImport) as PhashFunction;

/**
 * Image features for drawing search, all computed in this process (nothing is fetched):
 * - a perceptual hash (sharp-phash, 64-bit DCT hash) of the drawing, and for a query of its four
 *   rotations and their mirror images, so a turned or flipped drawing still matches;
 * - a 1280-d CNN embedding: the `flatten_1` layer of the MobileNetV2 that ships inside the nsfwjs
 *   npm package, run on the tfjs WebAssembly back end with its .wasm files read from node_modules.
 *
 * Every image is first normalised the same way: EXIF orientation applied, transparency flattened on
 * white, grey, the white margin around the drawing trimmed (so a scaled copy or one with a thinner
 * border frames the same content) and shrunk to at most NORMALISED_SIZE px.
 */

/** Side of the square the CNN sees (MobileNetV2's input). */
export const CNN_INPUT_SIZE = 224;
/** Length of the CNN embedding. */
export const EMBEDDING_DIMENSIONS = 1280;
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

/**
 * The MobileNetV2 feature extractor. Loads lazily (about 1 s: the WebAssembly back end, then the
 * weights bundled as base64 in nsfwjs) and once per process; concurrent callers share the load.
 */
export class ImageEmbedder {
  private model: Promise<Tf.LayersModel> | undefined;

  private async load(): Promise<Tf.LayersModel> {
    const tf = await import('@tensorflow/tfjs');
    const wasm = await import('@tensorflow/tfjs-backend-wasm');
    // The .wasm files are read from node_modules: a directory path makes the back end read them from disk.
    const require = createRequire(import.meta.url);
    const wasmDir = path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm'));
    wasm.setWasmPaths(`${wasmDir}${path.sep}`);
    if (tf.getBackend() !== 'wasm') {
      // The Emscripten runtime adds process handlers that rethrow any uncaught exception or unhandled
      // rejection, which would take the server down; the server has its own, so they are removed again.
      const exceptionHandlers = process.listeners('uncaughtException');
      const rejectionHandlers = process.listeners('unhandledRejection');
      try {
        const isReady = await tf.setBackend('wasm');
        if (!isReady) throw new Error('the tfjs WebAssembly back end could not start');
        await tf.ready();
      } finally {
        for (const listener of process.listeners('uncaughtException')) {
          if (!exceptionHandlers.includes(listener)) process.removeListener('uncaughtException', listener);
        }
        for (const listener of process.listeners('unhandledRejection')) {
          if (!rejectionHandlers.includes(listener)) process.removeListener('unhandledRejection', listener);
        }
      }
    }
    const { MobileNetV2Model } = await import('nsfwjs/models/mobilenet_v2');
    const json = ((await MobileNetV2Model.modelJson()) as { default: Tf.io.ModelJSON }).default;
    // Each bundle module's default export is one weight shard as base64, named group1-shard<i>of<n>.
    const shards: Record<string, string> = {};
    for (const [i, loader] of MobileNetV2Model.weightBundles.entries()) {
      const name = `group1-shard${i + 1}of${MobileNetV2Model.numOfWeightBundles}`;
      shards[name] = ((await loader()) as { default: string }).default;
    }
    const weightSpecs: Tf.io.WeightsManifestEntry[] = [];
    const buffers: Buffer[] = [];
    for (const group of json.weightsManifest) {
      for (const shardPath of group.paths) {
        const base64 = shards[shardPath];
        if (!base64) throw new Error(`nsfwjs weight shard ${shardPath} is missing`);
        buffers.push(Buffer.from(base64, 'base64'));
      }
      weightSpecs.push(...group.weights);
    }
    const weights = Buffer.concat(buffers);
    const full = await tf.loadLayersModel(
      tf.io.fromMemory({
        modelTopology: json.modelTopology,
        weightSpecs,
        weightData: weights.buffer.slice(weights.byteOffset, weights.byteOffset + weights.byteLength),
      }),
    );
    const layer = full.layers.find((l) => l.name === 'flatten_1');
    if (!layer) throw new Error('MobileNetV2 has no flatten_1 layer');
    return tf.model({ inputs: full.inputs, outputs: layer.output as ReturnType<typeof tf.input> });
  }

  private getModel(): Promise<Tf.LayersModel> {
    this.model ??= this.load().catch((err: unknown) => {
      this.model = undefined;
      throw err;
    });
    return this.model;
  }

  /** Embeds 224×224×3 raw RGB squares in one batch; each vector comes back L2-normalised. */
  async embed(squares: readonly Uint8Array[]): Promise<Float32Array[]> {
    if (squares.length === 0) return [];
    const model = await this.getModel();
    const tf = await import('@tensorflow/tfjs');
    const size = CNN_INPUT_SIZE * CNN_INPUT_SIZE * 3;
    const input = new Int32Array(squares.length * size);
    squares.forEach((square, i) => input.set(square, i * size));
    const output = tf.tidy(() => {
      const batch = tf.tensor4d(input, [squares.length, CNN_INPUT_SIZE, CNN_INPUT_SIZE, 3], 'int32');
      return model.predict(batch.toFloat().div(255)) as ReturnType<typeof tf.tensor2d>;
    });
    const values = await output.data();
    output.dispose();
    return squares.map((_, i) =>
      normalise(values.slice(i * EMBEDDING_DIMENSIONS, (i + 1) * EMBEDDING_DIMENSIONS) as Float32Array),
    );
  }
}

function normalise(vector: Float32Array): Float32Array {
  let norm = 0;
  for (const value of vector) norm += value * value;
  norm = Math.sqrt(norm) || 1;
  for (let i = 0; i < vector.length; i++) vector[i]! /= norm;
  return vector;
}

/**
 * Features of a stored drawing: one hash and one embedding of the drawing as it is (a query's
 * rotations are compared against it, so the index stays one row per drawing).
 */
export async function extractDrawingFeatures(
  embedder: ImageEmbedder,
  input: Buffer | string,
): Promise<DrawingFeatures> {
  const image = await normaliseImage(input);
  const [hash, square] = await Promise.all([phashSquare(image).then(phashOfSquare), cnnSquare(image)]);
  const [embedding] = await embedder.embed([square]);
  return { phash: hash, embedding: embedding! };
}

/** Features of an uploaded image: hashes of its 8 rotations/mirrors and embeddings of its 4 rotations. */
export async function extractQueryFeatures(embedder: ImageEmbedder, input: Buffer): Promise<QueryFeatures> {
  const image = await normaliseImage(input);
  const [hashSource, square] = await Promise.all([phashSquare(image), cnnSquare(image)]);
  const hashSquares: Uint8Array[] = [hashSource];
  for (let i = 1; i < 4; i++) hashSquares.push(rotateSquare(hashSquares[i - 1]!, PHASH_SOURCE_SIZE, 1));
  for (let i = 0; i < 4; i++) hashSquares.push(mirrorSquare(hashSquares[i]!, PHASH_SOURCE_SIZE));
  const cnnSquares: Uint8Array[] = [square];
  for (let i = 1; i < 4; i++) cnnSquares.push(rotateSquare(cnnSquares[i - 1]!, CNN_INPUT_SIZE, 3));
  const [phashes, embeddings] = await Promise.all([
    Promise.all(hashSquares.map(phashOfSquare)),
    embedder.embed(cnnSquares),
  ]);
  return { phashes, embeddings };
}
