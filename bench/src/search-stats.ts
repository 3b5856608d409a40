/** Timing helpers and the table printer of the search benchmark. */

export interface Timing {
  readonly runs: number;
  readonly p50: number;
  readonly p95: number;
}

/** Nearest-rank percentile of milliseconds. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] as number;
}

/** `warmup` untimed runs, then `runs` timed ones (fewer when one run exceeds `slowMs`: see maxSlowRuns). */
export async function timeRuns(
  fn: () => unknown,
  options: { warmup: number; runs: number; slowMs?: number; maxSlowRuns?: number },
): Promise<Timing> {
  let first = 0;
  for (let i = 0; i < options.warmup; i++) {
    const t = performance.now();
    await fn();
    first = performance.now() - t;
  }
  const runs =
    options.slowMs !== undefined && first > options.slowMs
      ? Math.min(options.runs, options.maxSlowRuns ?? options.runs)
      : options.runs;
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    ms.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  return { runs, p50: percentile(ms, 50), p95: percentile(ms, 95) };
}

export function formatMs(ms: number): string {
  if (Number.isNaN(ms)) return '—';
  return ms >= 100 ? ms.toFixed(0) : ms.toFixed(1);
}

/** A plain-text table with right-aligned columns except the first. */
export function formatTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]): string =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] as number) : c.padStart(widths[i] as number))).join(' | ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('-|-'), ...rows.map(line)].join('\n');
}
