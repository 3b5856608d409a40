import type { SearchEngine } from '../search-engine.js';
import { analyseClusters, analyseLandscape, analyseWordCloud } from './text-mining.js';

/** A text-mining analysis without its engine argument. */
type Bound<F> = F extends (engine: SearchEngine, ...rest: infer A) => infer R ? (...rest: A) => R : never;

/**
 * The text-mining analyses of one engine: on the caller's thread (inThreadTextMining) or on the
 * search workers (createPooledEngine's `textMining`), where sampling, segmentation and clustering
 * run beside the sample they read and within the analysis time budget.
 */
export interface TextMiningRunner {
  readonly wordCloud: Bound<typeof analyseWordCloud>;
  readonly clusters: Bound<typeof analyseClusters>;
  readonly landscape: Bound<typeof analyseLandscape>;
}

export function inThreadTextMining(engine: SearchEngine): TextMiningRunner {
  return {
    wordCloud: (...args) => analyseWordCloud(engine, ...args),
    clusters: (...args) => analyseClusters(engine, ...args),
    landscape: (...args) => analyseLandscape(engine, ...args),
  };
}
