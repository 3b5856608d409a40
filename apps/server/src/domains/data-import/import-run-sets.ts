import { MAX_IMPORT_RUN_SET } from '@patlas/contracts';
import { AppError } from '../../errors.js';
import type { DataVersionService } from '../patent/index.js';
import type { ResolvedSet, SearchContext } from '../search/index.js';
import type { ImportRunRepository } from './import-run.repository.js';

/**
 * A finished import as a result set (SetResolvers.importRun, issue 43): the records its data
 * version added or changed, by publication number — what the import report's link opens. Read
 * from the run and the data versions alone, so the search service is built from it.
 */
export class ImportRunSets {
  constructor(
    private readonly runs: ImportRunRepository,
    private readonly versions: DataVersionService,
  ) {}

  /** Any signed-in user: an import's records are the corpus's, which every user searches. */
  async resolveSet(runId: string, context: SearchContext): Promise<ResolvedSet> {
    if (context.userId === null) throw new AppError('IMPORT_RUN_NOT_FOUND');
    const run = await this.runs.find(runId);
    const version = run?.report?.versionId;
    if (!run || version === undefined || version === null) throw new AppError('IMPORT_RUN_NOT_FOUND');
    const numbers = await this.versions.publicationNumbersOf(version, MAX_IMPORT_RUN_SET);
    const size = numbers.length;
    const names = run.files.map((f) => f.name);
    const label = `${names.slice(0, 3).join(', ')}${names.length > 3 ? ` … (${names.length})` : ''} ${(
      run.finishedAt ?? run.createdAt
    ).slice(0, 10)}`;
    return {
      label,
      limit: MAX_IMPORT_RUN_SET,
      ranking: numbers.map((publicationNumber, i) => ({ publicationNumber, relevance: size > 0 ? 1 - i / size : 0 })),
    };
  }
}
