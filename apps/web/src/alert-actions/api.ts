import {
  alertEndpoints,
  type AlertAddRequest,
  type AlertPage,
  type AlertResponse,
  type AlertUpdateRequest,
  type LibraryAlertRequest,
} from '@patlas/contracts';
import type { RequestOptions } from '../api/client';
import { call } from '../api/endpoint-call';

// The alert calls the alert dialog makes (packages/contracts/src/alert.ts; spec 2 §7 /warn/*,
// /collection/warn). The dialog is opened from the result page, the library page, the detail page
// and the alert list; the list's own calls are in features/alert/api.ts.

export type Options = Omit<RequestOptions, 'query'>;

/** `POST /warn/addWarnInfo`: a new alert (the server checks it as the form does, and 0 hits). */
export async function addAlert(body: AlertAddRequest, options: Options): Promise<AlertResponse['alert']> {
  return (await call(alertEndpoints.add, { body }, options)).alert;
}

/** `POST /warn/updateWarnInfo`: the whole alert again. */
export async function updateAlert(body: AlertUpdateRequest, options: Options): Promise<AlertResponse['alert']> {
  return (await call(alertEndpoints.update, { body }, options)).alert;
}

/** `POST /collection/warn`: the alert of a library folder (created, or the caller's one updated). */
export async function saveLibraryAlert(body: LibraryAlertRequest, options: Options): Promise<AlertResponse['alert']> {
  return (await call(alertEndpoints.saveLibraryAlert, { body }, options)).alert;
}

/** `POST /warn/getWarnList`: the caller's alerts, newest first (of one library folder with libraryId). */
export function listAlerts(
  body: { keyword?: string; libraryId?: string; page: number; pageSize: number },
  options: Options,
): Promise<AlertPage> {
  return call(alertEndpoints.list, { body }, options);
}
