import type { ListSharesRequest, SharePage } from '@patlas/contracts';
import { apiPost } from '../../api/client';
import type { Options } from '../../history-recording/api';

// "Shared with me" (spec 2 §7 "Sharing"; the capital S of ShareRetrievable is the spec's).

export type ShareKind = 'patent' | 'search';

export function listShares(kind: ShareKind, body: ListSharesRequest, options: Options): Promise<SharePage> {
  const path = kind === 'patent' ? '/product/share/query/sharePatent' : '/product/share/query/ShareRetrievable';
  return apiPost<SharePage>(path, body, options);
}
