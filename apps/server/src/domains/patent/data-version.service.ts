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

  /** At start: versions a crashed import left open are closed (what they stored is reported). */
  closeUnfinished(at: string): Promise<number> {
    return this.versions.closeUnfinished(at);
  }
}
