import {
  DOC_DETAILS_PATH,
  NOVELTY_REPORT_PATH,
  NOVELTY_RESULT_PATH,
  PATENT_COMPARE_PATH,
  PRE_ASSESSMENT_SEARCH_PATH,
} from '../../app/paths';

const withQuery = (path: string, query: Record<string, string>) => `${path}?${new URLSearchParams(query).toString()}`;

/** A pre-evaluation's progress, then its prior art. */
export const searchPagePath = (id: string) => withQuery(PRE_ASSESSMENT_SEARCH_PATH, { id });
/** One prior-art document against the features. */
export const docDetailsPath = (id: string, pn: string) => withQuery(DOC_DETAILS_PATH, { id, pn });
/** A novelty search's prior-art list (with the selected documents). */
export const noveltyResultPath = (id: string, selected: string[] = []) =>
  withQuery(NOVELTY_RESULT_PATH, selected.length > 0 ? { id, sel: selected.join(',') } : { id });
/** The disclosure beside one document. */
export const comparePath = (id: string, pn: string) => withQuery(PATENT_COMPARE_PATH, { id, pn });
/** The novelty report of the selected documents. */
export const noveltyReportPath = (id: string, documents: string[]) =>
  withQuery(NOVELTY_REPORT_PATH, documents.length > 0 ? { id, docs: documents.join(',') } : { id });

/** A comma-separated list of the URL. */
export const listParam = (value: string | null) =>
  (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
