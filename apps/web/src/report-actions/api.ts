import { reportEndpoints, type Report, type ReportCreateRequest } from '@patlas/contracts';
import type { RequestOptions } from '../api/client';
import { call } from '../api/endpoint-call';

// The report dialog's call (packages/contracts/src/report.ts; surface.json group report). The
// dialog is opened from the result page, the library page and the dashboards; the report list's
// own calls are in features/report/api.ts.

export type Options = Omit<RequestOptions, 'query'>;

/** `POST /report/patent`: a new report, answered `generating` (the job writes it). */
export function createReport(body: ReportCreateRequest, options: Options): Promise<Report> {
  return call(reportEndpoints.create, { body }, options);
}
