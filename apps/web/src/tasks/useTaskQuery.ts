import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';

/** A task as the lists and pages poll it: any kind's state (a report's `generating` is running). */
export interface PolledTask {
  state: string;
}

/** Waiting or running: the task still changes by itself, so its page asks again. */
export function isActiveTask(task: PolledTask): boolean {
  return task.state === 'waiting' || task.state === 'running' || task.state === 'generating';
}

export type TaskQueryOptions<T, K extends QueryKey> = Omit<UseQueryOptions<T, Error, T, K>, 'refetchInterval'> & {
  /** The tasks an answer holds (a list's items, or the one task of a detail). */
  tasksOf: (data: T) => readonly PolledTask[];
  /** How often to ask again while one of them waits or runs. */
  pollMs: number;
  /** False: no polling whatever the tasks (the download centre while its progress sockets are live). */
  polling?: boolean;
};

/**
 * The one polling hook of the document tasks (issue 40): a TanStack query asked again every
 * `pollMs` while any task of its answer waits or runs, and no more once all are done, failed,
 * cancelled or expired.
 */
export function useTaskQuery<T, K extends QueryKey = QueryKey>({
  tasksOf,
  pollMs,
  polling = true,
  ...options
}: TaskQueryOptions<T, K>) {
  return useQuery<T, Error, T, K>({
    ...options,
    refetchInterval: (query) => {
      const data = query.state.data;
      return polling && data !== undefined && tasksOf(data).some(isActiveTask) ? pollMs : false;
    },
  });
}
