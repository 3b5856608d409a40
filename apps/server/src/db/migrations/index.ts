import type { Migration } from 'kysely';
import * as createPatentStore from './202611220300-create-patent-store.js';
import * as createSearchCache from './202611220400-create-search-cache.js';
import * as createAccounts from './202611220500-create-accounts.js';
import * as createAccountExtras from './202611220510-create-account-extras.js';
import * as createHistories from './202611240100-create-histories.js';
import * as createChartSettings from './202611260600-create-chart-settings.js';
import * as createSearchTemplates from './202611270700-create-search-templates.js';
import * as createImageSearch from './202611280900-create-image-search.js';
import * as createImportRuns from './202611290100-create-import-runs.js';
import * as createStagedCitations from './202611300100-create-staged-citations.js';
import * as authHardening from './202611301000-auth-hardening.js';
import * as addPatentVersions from './202612010100-add-patent-versions.js';
import * as createLibraries from './202612020100-create-libraries.js';
import * as createCollaboration from './202612020300-create-collaboration.js';
import * as createLibraryMembers from './202612030100-create-library-members.js';
import * as createExport from './202612040100-create-export.js';
import * as createAlerts from './202612050100-create-alerts.js';
import * as createPatentValues from './202612050200-create-patent-values.js';
import * as createDuplicateChecks from './202612050300-create-duplicate-checks.js';
import * as createTermAdjustments from './202612060100-create-term-adjustments.js';
import * as createCompanyRelations from './202612060500-create-company-relations.js';
import * as createSpecialTopicsAndAwards from './202612060600-create-special-topics-and-awards.js';
import * as createReports from './202612060700-create-reports.js';
import * as createUserFiles from './202612070100-create-user-files.js';
import * as createPreEvaluations from './202612070300-create-pre-evaluations.js';
import * as createDisclosures from './202612070200-create-disclosures.js';
import * as createRewrites from './202612070400-create-rewrites.js';
import * as addJobLanes from './202612080500-add-job-lanes.js';
import * as taskKit from './202612100100-task-kit.js';
import * as createTranslationUsage from './202612110100-create-translation-usage.js';
import * as alertRecipientsAndMailLog from './202612150100-alert-recipients-and-mail-log.js';
import * as apiTokenExpiry from './202612160100-api-token-expiry.js';
import * as emailChangeLinks from './202612160110-email-change-links.js';
import * as socketTickets from './202612160120-socket-tickets.js';
import * as dataRetention from './202612160200-data-retention.js';
import * as registrationApproval from './202612170100-registration-approval.js';
import * as disclosureVersionRange from './202612170110-disclosure-version-range.js';
import * as createApplicantGroups from './202612180100-create-applicant-groups.js';
import * as createFamilyExpansions from './202612180200-create-family-expansions.js';
import * as createReadingMarks from './202612180300-create-reading-marks.js';
import * as createCompanyInfo from './202612190400-create-company-info.js';
import * as patentRevisions from './202612200100-patent-revisions.js';

/** Every migration, in order. Names are their file names; never rename one that has shipped. */
export const MIGRATIONS: Record<string, Migration> = {
  '202611220300-create-patent-store': createPatentStore,
  '202611220400-create-search-cache': createSearchCache,
  '202611220500-create-accounts': createAccounts,
  '202611220510-create-account-extras': createAccountExtras,
  '202611240100-create-histories': createHistories,
  '202611260600-create-chart-settings': createChartSettings,
  '202611270700-create-search-templates': createSearchTemplates,
  '202611280900-create-image-search': createImageSearch,
  '202611290100-create-import-runs': createImportRuns,
  '202611300100-create-staged-citations': createStagedCitations,
  '202611301000-auth-hardening': authHardening,
  '202612010100-add-patent-versions': addPatentVersions,
  '202612020100-create-libraries': createLibraries,
  '202612020300-create-collaboration': createCollaboration,
  '202612030100-create-library-members': createLibraryMembers,
  '202612040100-create-export': createExport,
  '202612050100-create-alerts': createAlerts,
  '202612050200-create-patent-values': createPatentValues,
  '202612050300-create-duplicate-checks': createDuplicateChecks,
  '202612060100-create-term-adjustments': createTermAdjustments,
  '202612060500-create-company-relations': createCompanyRelations,
  '202612060600-create-special-topics-and-awards': createSpecialTopicsAndAwards,
  '202612060700-create-reports': createReports,
  '202612070100-create-user-files': createUserFiles,
  '202612070300-create-pre-evaluations': createPreEvaluations,
  '202612070200-create-disclosures': createDisclosures,
  '202612070400-create-rewrites': createRewrites,
  '202612080500-add-job-lanes': addJobLanes,
  '202612100100-task-kit': taskKit,
  '202612110100-create-translation-usage': createTranslationUsage,
  '202612150100-alert-recipients-and-mail-log': alertRecipientsAndMailLog,
  '202612160100-api-token-expiry': apiTokenExpiry,
  '202612160110-email-change-links': emailChangeLinks,
  '202612160120-socket-tickets': socketTickets,
  '202612160200-data-retention': dataRetention,
  '202612170100-registration-approval': registrationApproval,
  '202612170110-disclosure-version-range': disclosureVersionRange,
  '202612180100-create-applicant-groups': createApplicantGroups,
  '202612180200-create-family-expansions': createFamilyExpansions,
  '202612180300-create-reading-marks': createReadingMarks,
  '202612190400-create-company-info': createCompanyInfo,
  '202612200100-patent-revisions': patentRevisions,
};
