import { readFileSync } from 'node:fs';

/** Where Linux counts this process's main thread's CPU time (vitest runs files in forks: the test's thread). */
export const MAIN_THREAD_STAT = `/proc/self/task/${process.pid}/stat`;

/** CPU time (ms) the main thread alone has used: the worker and sharp's threads do not count. */
export function mainThreadCpuMs(): number {
  const stat = readFileSync(MAIN_THREAD_STAT, 'utf8');
  // Fields after the command name (which may hold spaces) in parentheses: utime is the 12th, stime the 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // clock ticks of 10 ms (USER_HZ)
}

/**
 * The longest the event loop was held between two turns of a 1 ms timer, in CPU time of the main
 * thread (10 ms resolution): it does not grow when a loaded machine leaves the thread waiting for
 * a core, so the bound holds on a busy CI; the wall time only informs.
 */
export function watchHolds() {
  let cpu = mainThreadCpuMs();
  let wall = performance.now();
  const worst = { cpuMs: 0, wallMs: 0 };
  let timer: NodeJS.Timeout;
  const measure = () => {
    const nowCpu = mainThreadCpuMs();
    const nowWall = performance.now();
    worst.cpuMs = Math.max(worst.cpuMs, nowCpu - cpu);
    worst.wallMs = Math.max(worst.wallMs, nowWall - wall);
    cpu = nowCpu;
    wall = nowWall;
  };
  const tick = () => {
    measure();
    timer = setTimeout(tick, 1);
  };
  timer = setTimeout(tick, 1);
  return {
    stop: () => {
      clearTimeout(timer);
      // The span since the last tick counts too: an awaited call that ends in one long turn is
      // followed by stop() before any timer runs again, and was missed.
      measure();
      return worst;
    },
  };
}
