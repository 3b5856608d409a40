/**
 * Where semantic vectors come from. The default is the LSA model learned from the corpus
 * (lsa-model.ts); an operator can supply a stronger sentence-embedding model (the server wraps an
 * ONNX model run by transformers.js, SEMANTIC_MODEL_PATH). Vectors must be unit length.
 */
export interface TextEmbedder {
  /** Shown with results, e.g. `bge-m3`. */
  readonly name: string;
  readonly dims: number;
  /** One vector per text; undefined for a text the model has nothing to say about. */
  embed(texts: readonly string[]): Promise<(Float32Array | undefined)[]>;
}
