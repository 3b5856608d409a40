/** Spec 2 §2 / surface.json: the editor and the history (spec path /assistedWritingSearch) under the innovation space. */
export const ASSISTED_WRITING_PATH = '/innovationSpace/assistedWriting';
export const ASSISTED_WRITING_HISTORY_PATH = '/innovationSpace/assistedWritingSearch';

/** The editor showing a rewrite of the history (`id`). */
export function assistedWritingPath(id?: string): string {
  return id ? `${ASSISTED_WRITING_PATH}?${new URLSearchParams({ id }).toString()}` : ASSISTED_WRITING_PATH;
}
