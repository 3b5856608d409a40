import { existsSync } from 'node:fs';
import path from 'node:path';
import type { TextEmbedder } from '@patlas/engine';

/**
 * A sentence-embedding model an operator supplies (SEMANTIC_MODEL_PATH: a folder holding a
 * transformers.js model, e.g. an ONNX export of bge-m3 or multilingual-e5 with its config.json,
 * tokenizer and onnx/model.onnx), run locally by @huggingface/transformers with remote models
 * off: nothing is ever downloaded. Vectors are mean-pooled and normalised.
 */
export class SemanticModelError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SemanticModelError';
  }
}

const BATCH = 16;
/** Characters of a field given to the model (its context is ~512 tokens). */
const MAX_CHARS = 2000;

export async function loadOnnxEmbedder(modelPath: string): Promise<TextEmbedder> {
  const dir = path.resolve(modelPath);
  if (!existsSync(path.join(dir, 'config.json'))) {
    throw new SemanticModelError(
      `SEMANTIC_MODEL_PATH=${modelPath}: no model there (config.json not found in ${dir}); ` +
        'give the folder of a transformers.js sentence-embedding model, or unset it to use the vectors learned from the corpus',
    );
  }
  // Loaded only when configured: the library brings onnxruntime, which the default path does not need.
  const { env, pipeline } = await import('@huggingface/transformers');
  env.allowRemoteModels = false;
  env.allowLocalModels = true;
  env.localModelPath = path.dirname(dir);
  const name = path.basename(dir);
  let extractor: Awaited<ReturnType<typeof pipeline<'feature-extraction'>>>;
  try {
    extractor = await pipeline('feature-extraction', name, { local_files_only: true });
  } catch (err) {
    throw new SemanticModelError(
      `SEMANTIC_MODEL_PATH=${modelPath}: the model cannot be loaded: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
  const run = async (texts: string[]): Promise<number[][]> => {
    const out = await extractor(texts, { pooling: 'mean', normalize: true });
    return out.tolist() as number[][];
  };
  const [probe] = await run(['patent']);
  const dims = probe?.length ?? 0;
  if (dims === 0) throw new SemanticModelError(`SEMANTIC_MODEL_PATH=${modelPath}: the model answers no vector`);
  return {
    name,
    dims,
    async embed(texts) {
      const out: (Float32Array | undefined)[] = [];
      for (let i = 0; i < texts.length; i += BATCH) {
        const batch = texts.slice(i, i + BATCH);
        const present = batch.map((t) => t.trim().length > 0);
        const vectors = await run(batch.filter((_, j) => present[j]).map((t) => t.slice(0, MAX_CHARS)));
        let k = 0;
        for (const p of present) out.push(p ? Float32Array.from(vectors[k++] ?? []) : undefined);
      }
      return out;
    },
  };
}
