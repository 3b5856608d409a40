import { formatErrorMessage, type DownloadProgress, type ErrorCode, type Language } from '@patlas/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { DownloadTaskRow } from './export.repository.js';

/**
 * Progress websockets one user may have open at once (ours: a download centre shows a page of
 * tasks, one socket per unfinished one; a few pages open in tabs). Past it a socket is refused and
 * the web app polls the list instead.
 */
export const MAX_PROGRESS_SOCKETS_PER_USER = 20;

/** What the hub needs of a websocket. */
export interface ProgressSocket {
  /** ws's readyState: 1 while open. */
  readonly readyState: number;
  send(text: string): void;
  close(code: number): void;
  on(event: 'close', listener: () => void): unknown;
}

/** One socket following one task, and the credential it was opened with. */
export interface ProgressWatch {
  userId: string;
  /** The session of the token (null: a personal API token). */
  sessionId: string | null;
  apiTokenId: string | null;
  taskId: string;
  lang: Language;
  socket: ProgressSocket;
}

export interface ProgressHubDeps {
  /** The tasks among `ids`, read at once. */
  tasksByIds(ids: readonly string[]): Promise<Map<string, DownloadTaskRow>>;
  progressOfRow(row: DownloadTaskRow, lang: Language): DownloadProgress;
  /** This process's change events of a task (answers the unsubscribe). */
  onChange(taskId: string, listener: () => void): () => void;
  /** Which sessions and API tokens still stand (SessionService.liveCredentials). */
  liveCredentials(ids: {
    sessionIds: readonly string[];
    apiTokenIds: readonly string[];
  }): Promise<{ sessions: Set<string>; apiTokens: Set<string> }>;
  /** How often every socket's task and credential are read again (another process may run the task). */
  pollMs: number;
  maxSocketsPerUser?: number;
  log?: FastifyBaseLogger | undefined;
}

const DONE_STATES = new Set(['done', 'failed', 'cancelled']);
/** WebSocket.OPEN */
const OPEN = 1;

interface Watcher extends ProgressWatch {
  last: string;
  isClosed: boolean;
  unsubscribe: () => void;
}

/**
 * The download centre's progress websockets (issue 41 §7). One poll serves them all: every
 * `pollMs` one query reads every followed task and one pair of queries checks every socket's
 * session or API token, instead of a query per socket. A socket closes when its task ends, when
 * the task is no longer its user's (DOWNLOAD_NOT_FOUND), when its session ended or its token was
 * revoked (UNAUTHORIZED), and one user may hold at most MAX_PROGRESS_SOCKETS_PER_USER.
 */
export class ProgressHub {
  private readonly watchers = new Set<Watcher>();
  private timer: NodeJS.Timeout | undefined;
  private isPolling = false;
  private readonly maxPerUser: number;

  constructor(private readonly deps: ProgressHubDeps) {
    this.maxPerUser = deps.maxSocketsPerUser ?? MAX_PROGRESS_SOCKETS_PER_USER;
  }

  /** Sockets open now. */
  get size(): number {
    return this.watchers.size;
  }

  /** Follows a task on a socket: its progress at once, on every change in this process, and at every poll. */
  watch(watch: ProgressWatch): void {
    const held = [...this.watchers].filter((w) => w.userId === watch.userId).length;
    if (held >= this.maxPerUser) {
      refuse(watch, 'DOWNLOAD_PROGRESS_SOCKETS_LIMIT', { max: this.maxPerUser });
      return;
    }
    const watcher: Watcher = { ...watch, last: '', isClosed: false, unsubscribe: () => undefined };
    this.watchers.add(watcher);
    watcher.unsubscribe = this.deps.onChange(watch.taskId, () => void this.refresh([watcher]));
    watch.socket.on('close', () => this.end(watcher));
    this.timer ??= setInterval(() => void this.poll(), this.deps.pollMs);
    void this.refresh([watcher]);
  }

  /** Closes every socket (the server is stopping). */
  close(): void {
    for (const watcher of [...this.watchers]) this.end(watcher, 1001);
  }

  private end(watcher: Watcher, code?: number): void {
    if (watcher.isClosed) return;
    watcher.isClosed = true;
    watcher.unsubscribe();
    this.watchers.delete(watcher);
    if (code !== undefined) watcher.socket.close(code);
    if (this.watchers.size === 0 && this.timer) {
      clearInterval(this.timer);
      this.timer = undefined;
    }
  }

  /** The shared poll: credentials, then tasks, of every socket at once. A slow poll is not stacked on. */
  private async poll(): Promise<void> {
    if (this.isPolling || this.watchers.size === 0) return;
    this.isPolling = true;
    try {
      // A socket its client closed whose 'close' has not come yet (the close handshake never ended) goes now.
      for (const watcher of [...this.watchers]) if (watcher.socket.readyState !== OPEN) this.end(watcher);
      const watchers = [...this.watchers];
      const live = await this.deps.liveCredentials({
        sessionIds: unique(watchers.map((w) => w.sessionId)),
        apiTokenIds: unique(watchers.map((w) => w.apiTokenId)),
      });
      const standing = watchers.filter((w) => {
        const isLive = w.sessionId !== null ? live.sessions.has(w.sessionId) : live.apiTokens.has(w.apiTokenId ?? '');
        if (!isLive) this.fail(w, 'UNAUTHORIZED');
        return isLive;
      });
      await this.refresh(standing);
    } catch (err) {
      this.deps.log?.warn({ err }, 'download progress poll failed');
    } finally {
      this.isPolling = false;
    }
  }

  /** Reads the watchers' tasks in one query and sends each socket what changed. */
  private async refresh(watchers: readonly Watcher[]): Promise<void> {
    const open = watchers.filter((w) => !w.isClosed);
    if (open.length === 0) return;
    let rows: Map<string, DownloadTaskRow>;
    try {
      rows = await this.deps.tasksByIds(unique(open.map((w) => w.taskId)));
    } catch (err) {
      this.deps.log?.warn({ err }, 'download progress read failed');
      return;
    }
    for (const watcher of open) {
      if (watcher.isClosed) continue;
      const row = rows.get(watcher.taskId);
      // Gone, or no longer this user's: the same answer as a task that never was.
      if (!row || row.user_id !== watcher.userId) {
        this.fail(watcher, 'DOWNLOAD_NOT_FOUND');
        continue;
      }
      const progress = this.deps.progressOfRow(row, watcher.lang);
      const text = JSON.stringify(progress);
      if (text !== watcher.last) {
        watcher.last = text;
        watcher.socket.send(text);
      }
      if (DONE_STATES.has(progress.state)) this.end(watcher, 1000);
    }
  }

  private fail(watcher: Watcher, code: ErrorCode): void {
    refuse(watcher, code);
    this.end(watcher);
  }
}

/** The envelope of a refusal, then the close (1008, policy violation). */
function refuse(watch: ProgressWatch, code: ErrorCode, params: Record<string, string | number> = {}): void {
  watch.socket.send(
    JSON.stringify({ status: 0, message: formatErrorMessage(code, watch.lang, params), data: { code } }),
  );
  watch.socket.close(1008);
}

function unique(values: readonly (string | null)[]): string[] {
  return [...new Set(values.filter((v): v is string => v !== null))];
}
