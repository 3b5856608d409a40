import {
  alertEndpoints,
  type AlertDetailsResponse,
  type AlertResponse,
  type AlertResultCountResponse,
  type AlertRunPage,
} from '@patlas/contracts';
import { call } from '../../api/endpoint-call';
import type { Options } from '../../alert-actions/api';

// The alert pages' own calls (spec 2 §7 /warn/*; packages/contracts/src/alert.ts). Saving an
// alert is the alert dialog's (alert-actions/api.ts), which other features open too.

/** `GET /warn/change/warn/status/{id}?enabled=`: switches the alert on or off. */
export async function switchAlert(id: string, enabled: boolean, options: Options): Promise<AlertResponse['alert']> {
  const answer = await call(
    alertEndpoints.setStatus,
    { params: { id }, query: { enabled: enabled ? 'true' : 'false' } },
    options,
  );
  return answer.alert;
}

/** `GET /warn/deleteWarnInfo/{id}`: the alert and its runs. */
export function deleteAlert(id: string, options: Options): Promise<unknown> {
  return call(alertEndpoints.remove, { params: { id } }, options);
}

/** `POST /warn/sendTestMail/{id}` (issue 43): the alert's current mail to the caller's own address, now. */
export function sendTestMail(id: string, options: Options): Promise<{ sentTo: string }> {
  return call(alertEndpoints.sendTestMail, { params: { id } }, options);
}

/** `GET /warn/getWarnResultList/{id}`: the alert and its runs, newest first. */
export function listRuns(id: string, page: number, pageSize: number, options: Options): Promise<AlertRunPage> {
  return call(alertEndpoints.runs, { params: { id }, query: { page, pageSize } }, options);
}

/** `POST /warn/getWarnResultCount`: runs, new and changed over all runs of the alerts named. */
export function countResults(alertIds: readonly string[], options: Options): Promise<AlertResultCountResponse> {
  return call(alertEndpoints.resultCount, { body: { alertIds: [...alertIds] } }, options);
}

/** `POST /warn/getWarnDetails`: a run, its alert and (one page of) its patents. */
export function getRunDetails(runId: string, options: Options): Promise<AlertDetailsResponse> {
  return call(alertEndpoints.details, { body: { runId, page: 1, pageSize: 1 } }, options);
}
