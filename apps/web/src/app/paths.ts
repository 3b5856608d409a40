import { normaliseSource } from '@patlas/contracts';

/** Paths of the built pages, shared by the route table and the links that lead to them. */
export const HOME_PATH = '/home';
export const PATENT_DETAIL_PATH = '/innovationSpace/searchDetail';
/** Spec 1 §2: "/search/result goes to /innovationSpace/searchResult". */
export const SEARCH_RESULT_PATH = '/innovationSpace/searchResult';
/** Spec 1 §2: the new search, a blank expression editor over the chosen data. */
export const NEW_SEARCH_PATH = '/search/searchNew';
/** Spec 1 §2 help area: /innovationSpace/help opens Description; search rules live under Detection. */
export const HELP_DESCRIPTION_PATH = '/innovationSpace/help/Description';
export const HELP_DETECTION_PATH = '/innovationSpace/help/Detection';

/** The detail page of a patent, optionally on one of its tabs (each tab is a URL). */
export function patentDetailPath(pn: string, tab?: string): string {
  const params = new URLSearchParams({ pn });
  if (tab) params.set('tab', tab);
  return `${PATENT_DETAIL_PATH}?${params.toString()}`;
}

export const LOGIN_PATH = '/login';
/** Spec 1 §2: the default landing page after login (it opens the quick-search tab of /home). */
export const QUICK_SEARCH_PATH = '/search/quick';
export const FORBIDDEN_PATH = '/403';

/** The result page of an expression with default settings (the page reads `q`; spec 1 calls it `expre`). */
export function searchResultPath(expression: string, source?: string | null): string {
  const params = new URLSearchParams({ q: expression });
  const written = normaliseSource(source);
  if (written) params.set('source', written);
  return `${SEARCH_RESULT_PATH}?${params.toString()}`;
}

/** The semantic tab of /home, showing the stored semantic search `key` in its form (to edit it). */
export function semanticSearchPath(key?: string): string {
  const params = new URLSearchParams({ tabName: 'semantics' });
  if (key) params.set('key', key);
  return `${HOME_PATH}?${params.toString()}`;
}

/** Spec 1 §2: /search/img is a gated route (permission '/search/img'); /search/quick?tab=cbir opens it. */
export const IMAGE_SEARCH_PATH = '/search/img';

/** Spec 1 §2 / surface.json: operation and search history, under the innovation-space layout. */
export const HISTORY_PATH = '/innovationSpace/history';
/** Spec 1 §6 permission of the history pages (the result page's history drawer links there). */
export const HISTORY_PERMISSION = '/searchHistory';

/** Spec 2 §2 / surface.json: the message centre (/myMsg) under the innovation-space layout. */
export const MESSAGES_PATH = '/innovationSpace/myMsg';
export const MESSAGES_PERMISSION = '/messageCenter';
/** Spec 2 §2 / surface.json: "shared with me" (/share, /user/share). */
export const SHARES_PATH = '/innovationSpace/share';
export const SHARES_PERMISSION = '/user/share';
/** Sending a share (spec 2 §6: a permission tied to no route). */
export const SHARE_SEND_PERMISSION = 'patentShare';
/** Spec 2 §2: /user/group, permission /userPaeGroup. */
export const GROUPS_PATH = '/user/group';
/** Spec 1 §2, 2 §2: applicant groups (/paeGroup) under the innovation space, permission /userPaeGroup. */
export const APPLICANT_GROUPS_PATH = '/innovationSpace/paeGroup';
export const GROUPS_PERMISSION = '/userPaeGroup';
/**
 * Spec 2 §2 libraries: the personal libraries (`tab=searchExp`: the saved expressions), each
 * folder opened as a result set, and the recycle bin. Spec 2 §6 permission '/user/collect'.
 */
export const LIBRARY_PATH = '/innovationSpace/collect';
export const LIBRARY_PERMISSION = '/user/collect';
export const RECYCLE_BIN_PATH = '/user/recycleBin';
/** Spec 2 §2 "/download: export history" (surface.json: under the innovation-space layout); spec 2 §6 '/user/download'. */
export const DOWNLOADS_PATH = '/innovationSpace/download';
export const DOWNLOADS_PERMISSION = '/user/download';
/** Spec 2 §2 "/warning: alerts" (surface.json: under the innovation-space layout); spec 2 §6 '/warning'. */
export const ALERTS_PATH = '/innovationSpace/warning';
export const ALERTS_PERMISSION = '/warning';
/** Spec 2 §2 "/warning/details: alert details" (allowed only with the '/warning' permission). */
export const ALERT_DETAILS_PATH = '/warning/details';

/** An alert's runs; with `runId`, that run's patents shown below them. */
export function alertDetailsPath(id: string, runId?: string): string {
  const params = new URLSearchParams({ id });
  if (runId) params.set('run', runId);
  return `${ALERT_DETAILS_PATH}?${params.toString()}`;
}

/** Spec 2 §2 / surface.json: the duplicate check (/repeat) and its evidence view (/repeat/detail) under the innovation space. */
export const DUPLICATE_PATH = '/innovationSpace/repeat';
export const DUPLICATE_DETAIL_PATH = '/innovationSpace/repeat/detail';

/** The evidence view of a check. */
export function duplicateDetailPath(id: string): string {
  return `${DUPLICATE_DETAIL_PATH}?${new URLSearchParams({ id }).toString()}`;
}

/** Spec 2 §2 / surface.json group report: the user's reports (both show the list; /report may open one by `id`). */
export const REPORT_HISTORY_PATH = '/innovationSpace/reportHistory';
export const REPORT_PATH = '/innovationSpace/report';
/** Spec 2 §6: the report pages' menu permission. */
export const REPORTS_PERMISSION = '/reportCenter';

/** The report page with one report's preview open. */
export function reportPath(id: string): string {
  return `${REPORT_PATH}?${new URLSearchParams({ id }).toString()}`;
}

/** Spec 2 §2 / surface.json: the pre-evaluation screens under the innovation space (issue 22). */
export const PRE_ASSESSMENT_PATH = '/innovationSpace/preAssessment';
export const PRE_ASSESSMENT_SEARCH_PATH = '/innovationSpace/preAssessmentSearch';
export const ESTIMATE_DETAILS_PATH = '/innovationSpace/estimateDetails';
export const DOC_DETAILS_PATH = '/innovationSpace/docDetails';
export const PRE_PATH = '/innovationSpace/pre';
export const PRE_DETAIL_PATH = '/innovationSpace/pre/detail';
/** The novelty search from a disclosure and its subpages. */
export const NOVELTY_SEARCH_PATH = '/innovationSpace/disclosureNoveltySearch';
export const NOVELTY_RESULT_PATH = '/innovationSpace/disclosureNoveltySearch/search';
export const PATENT_COMPARE_PATH = '/innovationSpace/disclosureNoveltySearch/patentCompare';
export const NOVELTY_REPORT_PATH = '/innovationSpace/disclosureNoveltySearch/noveltyReport';

/** A finished pre-evaluation's result page (feature matrix, risks). */
/** Issue 43: an import run's report in the operators' import page (features/data-import/paths.ts). */
export function dataImportRunPath(runId: string): string {
  return `/sys/import?${new URLSearchParams({ run: runId }).toString()}`;
}

export function estimateDetailsPath(id: string): string {
  return `${ESTIMATE_DETAILS_PATH}?${new URLSearchParams({ id }).toString()}`;
}

/** Spec 2 §2 / surface.json: disclosure writing (/disclosurePaper/addWrite, /editWrite), the list (/disclosure) and application drafts (/patentApply). */
export const DISCLOSURE_ADD_PATH = '/innovationSpace/disclosurePaper/addWrite';
export const DISCLOSURE_EDIT_PATH = '/innovationSpace/disclosurePaper/editWrite';
export const DISCLOSURE_LIST_PATH = '/innovationSpace/disclosure';
export const PATENT_APPLY_PATH = '/innovationSpace/patentApply';

/** The editor of a disclosure. */
export function disclosureEditPath(id: string): string {
  return `${DISCLOSURE_EDIT_PATH}?${new URLSearchParams({ id }).toString()}`;
}

/** The editor of an application draft (`new`: a draft not saved yet). */
export function patentApplyEditPath(id: string | 'new'): string {
  return `${PATENT_APPLY_PATH}?${new URLSearchParams(id === 'new' ? { new: '1' } : { id }).toString()}`;
}

/** Spec 2 §2 / surface.json: My files under the innovation-space layout, by its two permissions. */
export const MY_FILE_PATH = '/innovationSpace/myFile';
export const SEARCH_FILE_PATH = '/innovationSpace/searchFile';

/** My files, searched by a file's name. */
export function myFilePath(name?: string): string {
  return name ? `${MY_FILE_PATH}?${new URLSearchParams({ name }).toString()}` : MY_FILE_PATH;
}

/** The innovation space's home (spec 1 §2, 2 §2 /innovationSpace, /innovationSpaceHome) and its workbench (/workspace). */
export const INNOVATION_SPACE_PATH = '/innovationSpace';
export const WORKSPACE_PATH = '/innovationSpace/workspace';
/** Spec 2 §2 / surface.json: the editor and the history (spec path /assistedWritingSearch) under the innovation space. */
export const ASSISTED_WRITING_PATH = '/innovationSpace/assistedWriting';
export const ASSISTED_WRITING_HISTORY_PATH = '/innovationSpace/assistedWritingSearch';

/** The editor showing a rewrite of the history (`id`). */
export function assistedWritingPath(id?: string): string {
  return id ? `${ASSISTED_WRITING_PATH}?${new URLSearchParams({ id }).toString()}` : ASSISTED_WRITING_PATH;
}

/**
 * The company dashboard (/analysis/co) of an applicant: by its standardised name (`std=1`) when the
 * record gives one, else by the name as written (docs/companies.md).
 */
export function companyAnalysisPath(name: string, standardName?: string): string {
  const params = new URLSearchParams(standardName ? { name: standardName, std: '1' } : { name });
  return `/analysis/co?${params.toString()}`;
}
