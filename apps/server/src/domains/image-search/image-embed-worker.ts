import type * as Tf from '@tensorflow/tfjs';
import { embedSquares, loadFeatureModel } from './image-cnn.js';
import {
  computeDrawingFeatures,
  computeQueryFeatures,
  type EmbedSquares,
  type ImageFeatureTask,
} from './image-features.js';

/**
 * The image worker thread (Piscina, one thread, see ImageEmbedder): decodes and hashes images and
 * runs the MobileNetV2 here, so the HTTP thread never waits on them. The model loads on first use.
 */
let model: Promise<Tf.LayersModel> | undefined;

const embed: EmbedSquares = async (squares) => {
  model ??= loadFeatureModel().catch((err: unknown) => {
    model = undefined;
    throw err;
  });
  return embedSquares(await model, squares);
};

/** A Buffer posted to a thread arrives as a plain Uint8Array. */
const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

export default async function run(task: ImageFeatureTask): Promise<unknown> {
  switch (task.kind) {
    case 'embed':
      return embed(task.squares);
    case 'drawing':
      return computeDrawingFeatures(embed, typeof task.input === 'string' ? task.input : asBuffer(task.input));
    case 'query':
      return computeQueryFeatures(embed, asBuffer(task.input));
  }
}
