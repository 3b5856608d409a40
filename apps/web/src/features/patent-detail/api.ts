import type {
  AwardInfoItem,
  InventorStats,
  LegalHistoryResponse,
  PatentDetail,
  PatentValue,
  SearchNeighboursRequest,
  SearchNeighboursResponse,
  ValueReportFormat,
  ValueReportRequest,
} from '@patlas/contracts';
import { awardEndpoints, patentEndpoints, patentValueEndpoints, searchEndpoints } from '@patlas/contracts';
import { ApiError, urlOf, type RequestOptions } from '../../api/client';
import { call } from '../../api/endpoint-call';
import { fileNameOf } from '../../utils/content-disposition';

/** `GET /api/product/patent/detail?pn=`: the whole record plus `held`. */
export function fetchPatentDetail(pn: string, options: Omit<RequestOptions, 'query'>): Promise<PatentDetail> {
  return call(patentEndpoints.detail, { query: { pn } }, options);
}

/** `GET /api/product/legal/cnki?applicationNumber=`: the legal history of the whole application (CNKI). */
export function fetchApplicationLegalHistory(
  applicationNumber: string,
  options: Omit<RequestOptions, 'query'>,
): Promise<LegalHistoryResponse> {
  return call(patentEndpoints.legalHistory, { query: { applicationNumber } }, options);
}

/** `POST /api/product/search/neighbours`: the records around a rank of the result list the page came from. */
export function fetchListNeighbours(
  request: SearchNeighboursRequest,
  options: RequestOptions,
): Promise<SearchNeighboursResponse> {
  return call(searchEndpoints.neighbours, { body: request }, options);
}

/** `POST /api/product/patentValue/evaluate/{pn}`: score, dimensions, indicators and cohort. */
export function evaluatePatentValue(pn: string, options: Omit<RequestOptions, 'query'>): Promise<PatentValue> {
  return call(patentValueEndpoints.evaluate, { params: { pn } }, options);
}

/** `GET /api/product/patentValue/refresh/{pn}`: indicators read again from the record, the score indexed. */
export function refreshPatentValue(pn: string, options: Omit<RequestOptions, 'query'>): Promise<PatentValue> {
  return call(patentValueEndpoints.refresh, { params: { pn } }, options);
}

/** `GET /api/product/patentValue/inventorStat/{pn}`: each inventor's patents, years, co-inventors, classes. */
export function fetchInventorStats(pn: string, options: Omit<RequestOptions, 'query'>): Promise<InventorStats> {
  return call(patentValueEndpoints.inventorStats, { params: { pn } }, options);
}

/** Calls that carry a file send the bearer token themselves (the JSON client cannot carry a file). */
export interface FileOptions extends Omit<RequestOptions, 'query'> {
  token: string | undefined;
}

/** `POST /api/product/patentValue/download`: the value report file of these patents. */
export async function downloadValueReport(
  publicationNumbers: string[],
  format: ValueReportFormat,
  options: FileOptions,
): Promise<{ blob: Blob; fileName: string }> {
  let response: Response;
  try {
    response = await fetch(urlOf(patentValueEndpoints.download.path), {
      method: 'POST',
      headers: {
        'Accept-Language': options.lang,
        'Content-Type': 'application/json',
        ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
      },
      body: JSON.stringify({ publicationNumbers, format } satisfies ValueReportRequest),
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } catch {
    throw new ApiError('NETWORK_ERROR', options.messages.network, 0);
  }
  const type = response.headers.get('Content-Type') ?? '';
  if (!response.ok || type.includes('application/json')) {
    const envelope = (await response.json().catch(() => ({}))) as { message?: string; data?: { code?: string } };
    throw new ApiError(
      envelope.data?.code ?? `HTTP_${response.status}`,
      envelope.message || options.messages.badResponse(response.status),
      response.status,
    );
  }
  return {
    blob: await response.blob(),
    fileName: fileNameOf(response.headers.get('Content-Disposition'), `patent-value.${format}`),
  };
}

/** `POST /api/product/award/getInfo`: the awards of one patent (docs/awards.md). */
export async function fetchPatentAwards(pn: string, options: Omit<RequestOptions, 'query'>): Promise<AwardInfoItem> {
  const [item] = await call(awardEndpoints.getInfo, { body: { pn } }, options);
  return item ?? { number: pn, publicationNumber: null, awards: [] };
}
