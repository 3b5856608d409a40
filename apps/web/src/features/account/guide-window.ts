import { GUIDE_WINDOW_MS } from '@patlas/contracts';

/** The build time baked in by vite.config.ts, or undefined (tests, or a build without it). */
export function buildTimeOfApp(): string | undefined {
  return typeof __BUILD_TIME__ === 'string' ? __BUILD_TIME__ : undefined;
}

/** Spec 1 §4: guide reminders are "shown only while the build is younger than 432000000 ms". */
export function isWithinGuideWindow(buildTime: string | undefined, now: number): boolean {
  if (!buildTime) return false;
  const builtAt = Date.parse(buildTime);
  return Number.isFinite(builtAt) && now - builtAt >= 0 && now - builtAt < GUIDE_WINDOW_MS;
}
