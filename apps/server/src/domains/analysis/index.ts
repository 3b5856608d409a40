/** The analysis domain as the other domains see it: they import it from here only (eslint.config.js). */
export type { AnalysisService } from './analysis.service.js';
export type { TextMiningService } from './text-mining.service.js';
