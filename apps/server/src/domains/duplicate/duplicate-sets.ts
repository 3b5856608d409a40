import { DUPLICATE_TOP_PATENTS } from '@patlas/contracts';
import { AppError } from '../../errors.js';
import { taskStateWord } from '../../tasks/task-states.js';
import type { TaskRepository } from '../../tasks/task.repository.js';
import type { ResolvedSet, SearchContext } from '../search/index.js';
import type { DuplicateReport } from './duplicate-report.js';

/**
 * A finished check's similar patents as a result set (SetResolvers.duplicate): read from the task
 * rows alone, so the search service is built from it without the duplicate service.
 */
export class DuplicateSets {
  constructor(private readonly tasks: TaskRepository<'duplicate'>) {}

  /**
   * A finished check's similar patents as the result page's set source (`{kind: 'duplicate', key}`),
   * most similar first; only its owner may open it.
   */
  async resolveSet(source: { key: string }, context: SearchContext): Promise<ResolvedSet> {
    const row = await this.tasks.find(source.key);
    if (!row || context.userId === null || row.user_id !== context.userId) throw new AppError('DUPLICATE_NOT_FOUND');
    if (row.state !== 'done' || row.result === null) {
      throw new AppError('DUPLICATE_NOT_READY', { state: taskStateWord(row.state, row.lang) });
    }
    const report = JSON.parse(row.result) as DuplicateReport;
    return {
      label: row.title,
      limit: DUPLICATE_TOP_PATENTS,
      ranking: report.patents.map((p) => ({ publicationNumber: p.publicationNumber, relevance: p.similarity })),
    };
  }
}
