/** The message domain as the other domains see it: they import it from here only (eslint.config.js). */
export type { MessageService } from './message.service.js';
