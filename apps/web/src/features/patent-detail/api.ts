import type {
  AwardInfoItem,
  InventorStats,
  PatentDetail,
  PatentValue,
  SearchNeighboursRequest,
  SearchNeighboursResponse,
  ValueReportFormat,
} from '@patlas/contracts';
import { searchEndpoints } from '@patlas/contracts';
import { ApiError, apiGet, apiPost, urlOf, type RequestOptions } from '../../api/client';
import { call } from '../../api/endpoint-call';
import { fileNameOf } from '../../utils/content-disposition';

/** `GET /api/product/patent/detail?pn=`: the whole record plus `held`. */
export function fetchPatentDetail(pn: string, options: Omit<RequestOptions, 'query'>): Promise<PatentDetail> {
  return apiGet<PatentDetail>('/product/patent/detail', { ...options, query: { pn } });
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
  return apiPost<PatentValue>(`/product/patentValue/evaluate/${encodeURIComponent(pn)}`, undefined, options);
}

/** `GET /api/product/patentValue/refresh/{pn}`: indicators read again from the record, the score indexed. */
export function refreshPatentValue(pn: string, options: Omit<RequestOptions, 'query'>): Promise<PatentValue> {
  return apiGet<PatentValue>(`/product/patentValue/refresh/${encodeURIComponent(pn)}`, options);
}

/** `GET /api/product/patentValue/inventorStat/{pn}`: each inventor's patents, years, co-inventors, classes. */
export function fetchInventorStats(pn: string, options: Omit<RequestOptions, 'query'>): Promise<InventorStats> {
  return apiGet<InventorStats>(`/product/patentValue/inventorStat/${encodeURIComponent(pn)}`, options);
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
    response = await fetch(urlOf('/product/patentValue/download'), {
      method: 'POST',
      headers: {
        'Accept-Language': options.lang,
        'Content-Type': 'application/json',
        ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
      },
      body: JSON.stringify({ publicationNumbers, format }),
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
  const [item] = await apiPost<AwardInfoItem[]>('/product/award/getInfo', { pn }, options);
  return item ?? { number: pn, publicationNumber: null, awards: [] };
}
