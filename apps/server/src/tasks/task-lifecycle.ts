import type { Language, TaskKindName } from '@patlas/contracts';
import { TASK_ERROR_CODES } from '@patlas/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../errors.js';
import { taskErrorOf } from './task-error.js';
import type { TaskPatch, TaskRepository } from './task.repository.js';

/**
 * Records why a task failed: an AppError as its code and parameters, anything else as the kind's
 * "failed" code with its cause in the log (never shown to the user).
 */
export async function failTask<K extends TaskKindName>(
  tasks: TaskRepository<K>,
  id: string,
  err: unknown,
  options: { log?: FastifyBaseLogger | undefined; lang?: Language | undefined; patch?: TaskPatch<K> } = {},
): Promise<void> {
  if (!(err instanceof AppError)) options.log?.error({ err, taskId: id, kind: tasks.kind }, 'task failed');
  await tasks.fail(id, taskErrorOf(err, TASK_ERROR_CODES[tasks.kind].failed, options.lang), options.patch);
}
