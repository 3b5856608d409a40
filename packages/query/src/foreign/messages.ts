import type { Message } from './core.js';

/** A zh/en pair. */
export function msg(zh: string, en: string): Message {
  return { zh, en };
}
