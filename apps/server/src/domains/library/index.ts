/** The library domain as the other domains see it: they import it from here only (eslint.config.js). */
export type { LibraryService } from './library.service.js';
