import type { SearchEngine } from '@patlas/engine';
import type { FastifyBaseLogger } from 'fastify';

/** Fewest indexed patents worth learning a semantic space from. */
export const MIN_SEMANTIC_CORPUS = 10;
/** Documents the corpus model learns from (a uniform sample beyond this). */
export const SEMANTIC_SAMPLE_SIZE = 20_000;

/**
 * Keeps the engine's semantic space in step with the corpus. New patents fold into the current
 * space as they are indexed (engine.index), or after an import, whose vectors are computed in the
 * background (engine.fillSemantic: an import's rate holds the keyword index alone). The space itself
 * is learned again in the background when there is none yet or the corpus has more than doubled
 * since its sample was drawn (while the sample is under SEMANTIC_SAMPLE_SIZE), so that its vocabulary
 * covers what was added.
 */
export class SemanticModelKeeper {
  private running: Promise<void> | undefined;
  constructor(
    private readonly engine: SearchEngine,
    private readonly usesExternalModel: boolean,
    /** The app's logger (default: silent). */
    private readonly log: Pick<FastifyBaseLogger, 'info' | 'error'> = { info: () => undefined, error: () => undefined },
  ) {}

  async isStale(): Promise<boolean> {
    const status = this.engine.semanticStatus();
    if (status.building) return false;
    // Asked every minute (main.ts): a model with vectors needs no count of the corpus.
    if (this.usesExternalModel && status.model !== null && status.vectors > 0) return false;
    const size = await this.engine.size();
    if (size < MIN_SEMANTIC_CORPUS) return false;
    if (status.model === null) return true;
    if (this.usesExternalModel) return status.vectors === 0;
    const wanted = Math.min(size, SEMANTIC_SAMPLE_SIZE);
    return status.trainedOn * 2 <= wanted;
  }

  /**
   * Starts a rebuild when the space is stale, else computes the vectors imports left to it; returns
   * at once (the promise is kept for tests and shutdown).
   */
  async refresh(): Promise<void> {
    if (this.running) return;
    const started = Date.now();
    if (!(await this.isStale())) {
      this.running = this.engine
        .fillSemantic()
        .then((embedded) => {
          if (embedded > 0) this.log.info({ embedded, elapsedMs: Date.now() - started }, 'semantic vectors computed');
        })
        .catch((err: unknown) => this.log.error({ err }, 'semantic vectors failed'))
        .finally(() => {
          this.running = undefined;
        });
      return;
    }
    this.running = this.engine
      .buildSemanticModel({ sampleSize: SEMANTIC_SAMPLE_SIZE })
      .then(() =>
        this.log.info({ ...this.engine.semanticStatus(), elapsedMs: Date.now() - started }, 'semantic space built'),
      )
      .catch((err: unknown) => this.log.error({ err }, 'semantic space build failed'))
      .finally(() => {
        this.running = undefined;
      });
  }

  /** The build in progress, if any. */
  get pending(): Promise<void> | undefined {
    return this.running;
  }
}
