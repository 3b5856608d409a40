import { PRE_EVALUATION_PRIOR_ART, type PreEvaluationResult } from '@patlas/contracts';
import { AppError } from '../../errors.js';
import { taskStateWord } from '../../tasks/task-states.js';
import type { TaskRepository } from '../../tasks/task.repository.js';
import type { ResolvedSet, SearchContext } from '../search/index.js';

/**
 * A finished evaluation's prior art as a result set (SetResolvers.preEvaluation): read from the
 * task rows alone, so the search service is built from it without the pre-evaluation service.
 */
export class PreEvaluationSets {
  constructor(private readonly tasks: TaskRepository<'preEvaluation'>) {}

  /**
   * A finished evaluation's prior art as the result page's set source (`{kind: 'preEvaluation', key}`),
   * in retrieval order; only its owner may open it.
   */
  async resolveSet(source: { key: string }, context: SearchContext): Promise<ResolvedSet> {
    const row = await this.tasks.find(source.key);
    if (!row || context.userId === null || row.user_id !== context.userId) {
      throw new AppError('PRE_EVALUATION_NOT_FOUND');
    }
    if (row.state !== 'done' || row.result === null) {
      throw new AppError('PRE_EVALUATION_NOT_READY', { state: taskStateWord(row.state, row.lang) });
    }
    const result = JSON.parse(row.result) as PreEvaluationResult;
    return {
      label: row.title,
      limit: PRE_EVALUATION_PRIOR_ART,
      ranking: result.documents.map((d) => ({
        publicationNumber: d.publicationNumber,
        relevance: d.relevance,
        // The calibrated band of each document (issue 43 item 8): the result page shows it beside the rank.
        ...(d.band ? { band: d.band } : {}),
      })),
    };
  }
}
