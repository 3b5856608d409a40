/**
 * How long this process's event loop was held, always on: a timer due every RESOLUTION_MS records
 * how late it ran (the same sampling as perf_hooks.monitorEventLoopDelay), kept for the last
 * WINDOW_MS in a ring of typed arrays. Unlike monitorEventLoopDelay's one histogram, any window of
 * that span can be asked for afterwards (an operator's last minute, a benchmark's case) without
 * resetting what another reader sees. Cost: one timer callback every 10 ms and ~2 MB of samples.
 */
export const EVENT_LOOP_RESOLUTION_MS = 10;
/** Thirty minutes: a fresh start's demo load or a large import fits in one window. */
export const EVENT_LOOP_WINDOW_MS = 30 * 60_000;
const CAPACITY = Math.ceil(EVENT_LOOP_WINDOW_MS / EVENT_LOOP_RESOLUTION_MS);

export interface EventLoopDelay {
  /** The window answered (epoch ms): from the first sample at or after the asked start, to now. */
  fromMs: number;
  toMs: number;
  /** Whether the ring still held the asked start (false: the window begins later than asked). */
  complete: boolean;
  samples: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
  resolutionMs: number;
}

export class EventLoopMonitor {
  /** When each sample was taken (performance.now()'s clock) and how late its timer ran (ms). */
  private readonly at = new Float64Array(CAPACITY);
  private readonly delay = new Float32Array(CAPACITY);
  private next = 0;
  private count = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly resolutionMs = EVENT_LOOP_RESOLUTION_MS) {}

  start(): this {
    if (this.timer) return this;
    let due = performance.now() + this.resolutionMs;
    const tick = () => {
      const now = performance.now();
      this.record(now, Math.max(0, now - due));
      due = now + this.resolutionMs;
      this.timer = setTimeout(tick, this.resolutionMs);
      // Never what keeps a process alive (tests, the CLI).
      this.timer.unref();
    };
    this.timer = setTimeout(tick, this.resolutionMs);
    this.timer.unref();
    return this;
  }

  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** One sample: `atMs` on performance.now()'s clock. */
  record(atMs: number, delayMs: number): void {
    this.at[this.next] = atMs;
    this.delay[this.next] = delayMs;
    this.next = (this.next + 1) % CAPACITY;
    this.count = Math.min(this.count + 1, CAPACITY);
  }

  /** The delays since `sinceMs` (epoch ms; default the last minute), as percentiles. */
  since(sinceMs = Date.now() - 60_000): EventLoopDelay {
    // The wall clock against the monotonic one as of now, not as of the start: a wall clock stepped
    // since (NTP on a drifting virtual machine) must not move every window into the future.
    const origin = Date.now() - performance.now();
    const from = sinceMs - origin;
    const oldest = this.count < CAPACITY ? 0 : this.next;
    const picked = new Float32Array(this.count);
    let n = 0;
    let first = Number.POSITIVE_INFINITY;
    for (let k = 0; k < this.count; k++) {
      const i = (oldest + k) % CAPACITY;
      const at = this.at[i] as number;
      if (at < from) continue;
      if (n === 0) first = at;
      picked[n++] = this.delay[i] as number;
    }
    const sorted = picked.subarray(0, n).sort();
    const pick = (p: number) => (n === 0 ? 0 : (sorted[Math.min(n - 1, Math.floor(p * n))] as number));
    const oldestAt = this.count === 0 ? Number.POSITIVE_INFINITY : (this.at[oldest] as number);
    const round = (ms: number) => Math.round(ms * 10) / 10;
    return {
      fromMs: Math.round(n === 0 ? Date.now() : first + origin),
      toMs: Date.now(),
      // A process younger than the window holds every sample it took.
      complete: this.count < CAPACITY || oldestAt <= from,
      samples: n,
      p50Ms: round(pick(0.5)),
      p95Ms: round(pick(0.95)),
      p99Ms: round(pick(0.99)),
      maxMs: round(n === 0 ? 0 : (sorted[n - 1] as number)),
      resolutionMs: this.resolutionMs,
    };
  }
}

let processMonitor: EventLoopMonitor | undefined;

/** The one monitor of this process (the event loop is the process's), started on first use. */
export function eventLoopMonitor(): EventLoopMonitor {
  processMonitor ??= new EventLoopMonitor().start();
  return processMonitor;
}
