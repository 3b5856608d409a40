import type { DataVersion } from '@patlas/contracts';
import type { DataVersionRepository } from './data-version.repository.js';

/**
 * Data versions as other domains read them (issue 19): alerts compare the changes of the imports
 * between two watermarks.
 */
export class DataVersionService {
  constructor(private readonly versions: DataVersionRepository) {}

  /** The newest version whose changes are all visible (no import before it still running). */
  watermark(): Promise<number> {
    return this.versions.watermark();
  }

  /** Records the versions in (after, upTo] added or changed, with what changed (patent-changes.ts bits). */
  changesBetween(after: number, upTo: number): Promise<Map<string, number>> {
    return this.versions.changesBetween(after, upTo);
  }

  /** Issue 43: the records one version (an import) added or changed, by publication number. */
  publicationNumbersOf(version: number, limit: number): Promise<string[]> {
    return this.versions.publicationNumbersOf(version, limit);
  }

  /** The newest version, running or not (0 before the first import). */
  latest(): Promise<number> {
    return this.versions.latest();
  }

  /** Issue 48 item 5: the records the versions after `version` added (`added`) or only changed. */
  recordsAfter(version: number, added: boolean): Promise<string[]> {
    return this.versions.recordsAfter(version, added);
  }

  /**
   * Issue 48 item 5: the records the versions after `version` changed, with their content as of it
   * where kept (JSON by publication number) and those without (changed before revisions were kept);
   * past `limit`, none (`changed` is then more than `limit`).
   */
  revisionsAsOf(
    version: number,
    limit: number,
  ): Promise<{ changed: number; revisions: Map<string, string>; notKept: string[] }> {
    return this.versions.revisionsAsOf(version, limit);
  }

  /** The newest versions first (the result page's "as of" picker). */
  async list(limit: number): Promise<DataVersion[]> {
    const rows = await this.versions.list(limit);
    return rows.map((r) => ({
      version: Number(r.id),
      origin: r.origin,
      startedAt: r.started_at,
      finishedAt: r.finished_at,
      inserted: Number(r.inserted),
      updated: Number(r.updated),
    }));
  }

  /** At start: versions a crashed import left open are closed (what they stored is reported). */
  closeUnfinished(at: string): Promise<number> {
    return this.versions.closeUnfinished(at);
  }
}
