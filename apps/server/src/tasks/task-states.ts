import type { Language, TaskShownState, TaskState } from '@patlas/contracts';

/** Where a task may be claimed from: only a waiting one runs. */
export const CLAIMABLE: readonly TaskState[] = ['waiting'];
/** Where cancel and fail act: a task not finished yet. */
export const UNFINISHED: readonly TaskState[] = ['waiting', 'running'];
/** Where "again" / redraw resets a task to waiting: a finished one. */
export const FINISHED: readonly TaskState[] = ['done', 'failed', 'cancelled'];

/** A state as words in messages such as "not finished yet ({state})". */
const STATE_WORDS: Record<TaskShownState, Record<Language, string>> = {
  waiting: { zh: '排队中', en: 'waiting' },
  running: { zh: '进行中', en: 'running' },
  done: { zh: '已完成', en: 'done' },
  failed: { zh: '已失败', en: 'failed' },
  cancelled: { zh: '已取消', en: 'cancelled' },
  expired: { zh: '已过期', en: 'expired' },
};

export function taskStateWord(state: TaskShownState, lang: Language): string {
  return STATE_WORDS[state][lang];
}

/** A done task past its `expires_at` shows expired (its file is refused from that moment; the expiry job frees the disk). */
export function isExpired(row: { state: TaskState; expires_at: string | null }, nowIso: string): boolean {
  return row.state === 'done' && row.expires_at !== null && row.expires_at <= nowIso;
}
