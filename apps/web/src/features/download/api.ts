import { exportEndpoints, type DownloadListResponse, type DownloadState } from '@patlas/contracts';
import { call } from '../../api/endpoint-call';
import type { Options } from '../../export-actions/api';

// The download page's calls (spec 2 §7 /download/*; packages/contracts/src/export.ts). Files and the
// progress socket are in export-actions/api.ts, which the export dialog shares.

/** `POST /download/list`: the user's tasks, newest first. */
export function listDownloads(
  body: { page: number; pageSize: number; state?: DownloadState },
  options: Options,
): Promise<DownloadListResponse> {
  return call(exportEndpoints.listPost, { body }, options);
}

/** What can be done to a task: cancel one waiting or running, run it again, redraw a finished file. */
export type DownloadAction = 'cancel' | 'again' | 'draw';

const ACTIONS = {
  cancel: exportEndpoints.cancelPost,
  again: exportEndpoints.againPost,
  draw: exportEndpoints.drawPost,
} as const;

/** `POST /download/{cancel|again|draw}/{id}`. */
export function runDownloadAction(action: DownloadAction, id: string, options: Options): Promise<unknown> {
  return call(ACTIONS[action], { params: { id } }, options);
}
