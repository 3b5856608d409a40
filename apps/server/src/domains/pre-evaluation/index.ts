/** The pre-evaluation domain as the other domains see it: they import it from here only (eslint.config.js). */
export {
  ABNORMAL_THRESHOLDS,
  batchSignals,
  copiedPassages,
  copiedTextSignal,
  filingsToAlign,
  findBatches,
  joinSections,
  sameApplicantSignal,
  type AlignedPatent,
  type ApplicantFiling,
} from './abnormal-signals.js';
