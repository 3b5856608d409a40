/** The patent domain as the other domains see it: they import it from here only (eslint.config.js). */
export type { DataVersionService } from './data-version.service.js';
export { readDemoManifest } from './import/demo-loader.js';
export { patenticsXlsxFormat } from './import/formats/patentics.js';
export { usGrantXmlFormat } from './import/formats/us-grant-xml.js';
export type { ImportReport } from './import/import-files.js';
export { runImport, type RunImportOptions } from './import/import.service.js';
export { classifyPartyType } from './import/shared/party-classify.js';
export { currentLegalStatus, patentTypeOf, statutoryTermEnd } from './legal-status.js';
export { CHANGE_BITS } from './patent-changes.js';
export type { PatentService } from './patent.service.js';
export type { ReadMarkService } from './read-mark.service.js';
