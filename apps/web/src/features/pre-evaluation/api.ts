import type {
  PreEvaluationDetail,
  PreEvaluationListResponse,
  PreEvaluationOrigin,
  PreEvaluationSearchRequest,
  PreEvaluationSearchResponse,
  ApplicationText,
} from '@patlas/contracts';
import { disclosureEndpoints, preEvaluationEndpoints } from '@patlas/contracts';
import type { RequestOptions } from '../../api/client';
import { call } from '../../api/endpoint-call';
import { downloadTaskFile, type DownloadedFile, type FileOptions } from '../../export-actions/api';

// The pre-evaluation's calls (spec 2 §7 "Pre-application"; packages/contracts/src/pre-evaluation.ts).

type Options = Omit<RequestOptions, 'query'>;

/** `POST /apply/pre/search`: starts an evaluation (or a novelty search). */
export function startEvaluation(
  body: PreEvaluationSearchRequest,
  options: Options,
): Promise<PreEvaluationSearchResponse> {
  return call(preEvaluationEndpoints.search, { body }, options);
}

/** `POST /apply/pre/result/list`: the user's evaluations, newest first (of one origin when given). */
export function listEvaluations(
  page: number,
  pageSize: number,
  origin: PreEvaluationOrigin | undefined,
  options: Options,
): Promise<PreEvaluationListResponse> {
  return call(preEvaluationEndpoints.list, { body: { page, pageSize, ...(origin ? { origin } : {}) } }, options);
}

/** `POST /apply/pre/result/delete?ids=` (the spec passes the ids as params). */
export function deleteEvaluations(ids: string[], options: Options): Promise<{ ids: string[] }> {
  return call(preEvaluationEndpoints.remove, { query: { ids: ids.join(',') } }, options);
}

/** `GET /apply/pre/result/detail?id=`: the state, and the result once done. */
export function getEvaluation(id: string, options: Options): Promise<PreEvaluationDetail> {
  return call(preEvaluationEndpoints.detail, { query: { id } }, options);
}

export interface ExportChoice {
  format: 'docx' | 'pdf';
  report?: 'evaluation' | 'novelty';
  documents?: string[];
  /** PN → X / Y / A, the user's choices on the novelty report. */
  categories?: Record<string, string>;
}

/** `GET /apply/pre/result/export?id=&format=`: the evaluation (or the novelty report) as a file. */
export function exportEvaluation(id: string, choice: ExportChoice, options: FileOptions): Promise<DownloadedFile> {
  const query = new URLSearchParams({ id, format: choice.format });
  if (choice.report) query.set('report', choice.report);
  if (choice.documents?.length) query.set('documents', choice.documents.join(','));
  const categories = Object.entries(choice.categories ?? {});
  if (categories.length > 0) query.set('categories', categories.map(([pn, c]) => `${pn}:${c}`).join(','));
  return downloadTaskFile(
    `${preEvaluationEndpoints.export.path}?${query.toString()}`,
    `pre-evaluation.${choice.format}`,
    options,
  );
}

/** A saved disclosure or application draft (the disclosure feature's `GET /disclosurePaper/detail`). */
export interface DraftDocument {
  id: string;
  kind: 'disclosure' | 'application';
  title: string;
  sections: Record<string, string>;
}

export function getDraft(id: string, options: Options): Promise<DraftDocument> {
  return call(disclosureEndpoints.detail, { query: { id } }, options);
}

/** An application draft's four sections, which the formal review reads; undefined for a disclosure. */
export function draftApplication(draft: DraftDocument): ApplicationText | undefined {
  if (draft.kind !== 'application') return undefined;
  const { title = draft.title, abstract = '', claims = '', description = '' } = draft.sections;
  return { title, abstract, claims, description };
}

/** The text a draft contributes: its claims, else its solution and effects (issue 22). */
export function draftText(draft: DraftDocument): { text: string; kind: 'claims' | 'disclosure' } {
  const claims = draft.sections.claims?.trim();
  if (claims) return { text: claims, kind: 'claims' };
  const parts = [draft.sections.solution, draft.sections.effects].map((s) => s?.trim()).filter(Boolean);
  return { text: parts.join('\n'), kind: 'disclosure' };
}
