import {
  fillPath,
  reportEndpoints,
  type Report,
  type ReportFormat,
  type ReportListResponse,
  type ReportState,
  type SysReportListResponse,
} from '@patlas/contracts';
import { call } from '../../api/endpoint-call';
import { downloadTaskFile, type DownloadedFile, type FileOptions } from '../../export-actions/api';
import type { Options } from '../../report-actions/api';

// The report pages' calls (packages/contracts/src/report.ts; surface.json group report). Creating a
// report is the report dialog's (report-actions/api.ts), which other features open.

/** `POST /report/patent/list`: the caller's reports, newest first, and the report quota. */
export function listReports(
  body: { page: number; pageSize: number; state?: ReportState },
  options: Options,
): Promise<ReportListResponse> {
  return call(reportEndpoints.list, { body }, options);
}

/** `GET /report/patent/:id`: one report with its sections' sentences. */
export function getReport(id: string, options: Options): Promise<Report> {
  return call(reportEndpoints.get, { params: { id } }, options);
}

/** `POST /report/patent/:id/{regenerate|delete}`. */
export type ReportAction = 'regenerate' | 'delete';
export function runReportAction(action: ReportAction, id: string, options: Options): Promise<unknown> {
  return call(
    action === 'regenerate' ? reportEndpoints.regenerate : reportEndpoints.remove,
    { params: { id } },
    options,
  );
}

/** The file's path: `GET /report/patent/:id/file?format=pdf|docx` (inline: for the preview). */
export function reportFilePath(id: string, format: ReportFormat, inline = false): string {
  const query = new URLSearchParams({ format });
  if (inline) query.set('inline', '1');
  return `${fillPath(reportEndpoints.file.path, { id })}?${query.toString()}`;
}

/** The report's file with the bearer token; expired or deleted reports answer the spec 2 §8 messages. */
export function fetchReportFile(
  report: Pick<Report, 'id' | 'title'>,
  format: ReportFormat,
  options: FileOptions,
  inline = false,
): Promise<DownloadedFile> {
  return downloadTaskFile(reportFilePath(report.id, format, inline), `${report.title}.${format}`, options);
}

/** `POST /sys/report/list`: operators' view of every report and the reports per user. */
export function listAllReports(
  body: { page: number; pageSize: number },
  options: Options,
): Promise<SysReportListResponse> {
  return call(reportEndpoints.listAll, { body }, options);
}
