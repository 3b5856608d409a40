import { awardEndpoints, type AwardImportReport, type EndpointQuery } from '@patlas/contracts';
import { apiUpload, type RequestOptions, type UploadOptions } from '../../api/client';
import { call } from '../../api/endpoint-call';

type Options = Omit<RequestOptions, 'query'>;

export function fetchAwards(query: EndpointQuery<typeof awardEndpoints.list>, options: Options) {
  return call(awardEndpoints.list, { query }, options);
}

export function importAwards(file: File, options: Omit<UploadOptions, 'query'>): Promise<AwardImportReport> {
  return apiUpload(awardEndpoints.importCsv.path, file, options);
}

export function deleteAward(id: string | null, options: Options): Promise<{ deleted: number }> {
  return id ? call(awardEndpoints.remove, { params: { id } }, options) : call(awardEndpoints.removeAll, {}, options);
}
