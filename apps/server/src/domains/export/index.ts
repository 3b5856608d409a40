/** The export domain as the other domains see it: they import it from here only (eslint.config.js). */
export { citationNumber } from './citation-export.js';
export type { ExportService } from './export.service.js';
