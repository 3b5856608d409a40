import { shareEndpoints, type ListSharesRequest, type SharePage } from '@patlas/contracts';
import { call } from '../../api/endpoint-call';
import type { Options } from '../../history-recording/api';

// "Shared with me" (spec 2 §7 "Sharing"; the capital S of ShareRetrievable is the spec's).

export type ShareKind = 'patent' | 'search';

export function listShares(kind: ShareKind, body: ListSharesRequest, options: Options): Promise<SharePage> {
  const endpoint = kind === 'patent' ? shareEndpoints.listPatents : shareEndpoints.listSearches;
  return call(endpoint, { body }, options);
}
