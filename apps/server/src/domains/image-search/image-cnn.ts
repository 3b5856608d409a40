import { createRequire } from 'node:module';
import path from 'node:path';
import type * as Tf from '@tensorflow/tfjs';

/**
 * The MobileNetV2 feature extractor itself: tfjs on its WebAssembly back end, whose inference is
 * synchronous on the thread that runs it (~0.1–0.5 s a batch). The server runs it only on the image
 * worker thread (image-embed-worker.ts, reached through ImageEmbedder), never on the HTTP thread.
 */

/** Side of the square the CNN sees (MobileNetV2's input). */
export const CNN_INPUT_SIZE = 224;
/** Length of the CNN embedding. */
export const EMBEDDING_DIMENSIONS = 1280;

/** Loads the model (about 1 s: the WebAssembly back end, then the weights bundled as base64 in nsfwjs). */
export async function loadFeatureModel(): Promise<Tf.LayersModel> {
  const tf = await import('@tensorflow/tfjs');
  const wasm = await import('@tensorflow/tfjs-backend-wasm');
  // The .wasm files are read from node_modules: a directory path makes the back end read them from disk.
  const require = createRequire(import.meta.url);
  const wasmDir = path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm'));
  wasm.setWasmPaths(`${wasmDir}${path.sep}`);
  if (tf.getBackend() !== 'wasm') {
    // The Emscripten runtime adds process handlers that rethrow any uncaught exception or unhandled
    // rejection, which would take the thread down; they are removed again.
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

/** Embeds 224×224×3 raw RGB squares in one batch; each vector comes back L2-normalised. */
export async function embedSquares(model: Tf.LayersModel, squares: readonly Uint8Array[]): Promise<Float32Array[]> {
  if (squares.length === 0) return [];
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

function normalise(vector: Float32Array): Float32Array {
  let norm = 0;
  for (const value of vector) norm += value * value;
  norm = Math.sqrt(norm) || 1;
  for (let i = 0; i < vector.length; i++) vector[i]! /= norm;
  return vector;
}
