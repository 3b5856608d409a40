import type { AwardImportReport, AwardRow } from '@patlas/contracts';
import { apiGet, apiSend, apiUpload, type RequestOptions, type UploadOptions } from '../../api/client';

const BASE = '/product/sys/awards';

export interface AwardPage {
  total: number;
  page: number;
  pageSize: number;
  items: AwardRow[];
}

export function fetchAwards(options: RequestOptions): Promise<AwardPage> {
  return apiGet(BASE, options);
}

export function importAwards(file: File, options: Omit<UploadOptions, 'query'>): Promise<AwardImportReport> {
  return apiUpload(`${BASE}/import`, file, options);
}

export function deleteAward(id: string | null, options: Omit<RequestOptions, 'query'>): Promise<{ deleted: number }> {
  return apiSend('DELETE', id ? `${BASE}/${encodeURIComponent(id)}` : BASE, undefined, options);
}
