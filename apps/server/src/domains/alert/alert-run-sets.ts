import { MAX_ALERT_RUN_HITS } from '@patlas/contracts';
import { AppError } from '../../errors.js';
import type { ResolvedSet, SearchContext } from '../search/index.js';
import type { AlertRepository } from './alert.repository.js';

/**
 * An alert run as a result set (SetResolvers.alertRun): read from the alert tables alone, so the
 * search service is built from it before the alert service, which searches through it.
 */
export class AlertRunSets {
  constructor(private readonly repository: AlertRepository) {}

  /** An alert run's patents in report order; the owner's only (as the alert service's runs). */
  async resolveSet(runId: string, context: SearchContext): Promise<ResolvedSet> {
    const run = await this.repository.findRun(runId);
    if (!run || context.userId === null || run.user_id !== context.userId) throw new AppError('ALERT_RUN_NOT_FOUND');
    const alert = await this.repository.find(run.alert_id);
    if (!alert) throw new AppError('ALERT_RUN_NOT_FOUND');
    const rows = await this.repository.runPatents(run.id);
    const size = rows.length;
    return {
      label: `${alert.name} ${run.ran_at.slice(0, 10)}`,
      limit: MAX_ALERT_RUN_HITS,
      ranking: rows.map((r, i) => ({
        publicationNumber: r.publication_number,
        relevance: size > 0 ? 1 - i / size : 0,
      })),
    };
  }
}
