/** ISO time of the build, set by `define` in apps/web/vite.config.ts; absent under vitest. */
declare const __BUILD_TIME__: string | undefined;
