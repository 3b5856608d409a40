import { fileEndpoints, fillPath, type MyFile, type MyFileListResponse } from '@patlas/contracts';
import { ApiError, urlOf, type RequestOptions } from '../../api/client';
import { call } from '../../api/endpoint-call';
import { fileNameOf } from '../../utils/content-disposition';

// My files' calls (spec 2 §7 "Files"; packages/contracts/src/file.ts). The upload itself is the
// shared uploader's (components/ChunkedUpload).

type Options = Omit<RequestOptions, 'query'>;

export interface MyFileListQuery {
  page: number;
  pageSize: number;
  name?: string;
}

/** `GET /file/my/file/list`. */
export function listMyFiles(query: MyFileListQuery, options: Options): Promise<MyFileListResponse> {
  return call(
    fileEndpoints.list,
    { query: { page: query.page, pageSize: query.pageSize, ...(query.name ? { name: query.name } : {}) } },
    options,
  );
}

/** `POST /file/my/file` { action: 'rename' }. */
export async function renameMyFile(fileId: string, fileName: string, options: Options): Promise<MyFile> {
  const answer = await call(fileEndpoints.change, { body: { action: 'rename', fileId, fileName } }, options);
  return answer.file!;
}

/** `POST /file/my/file` { action: 'delete' }: answers the ids deleted. */
export async function deleteMyFiles(fileIds: string[], options: Options): Promise<string[]> {
  const answer = await call(fileEndpoints.change, { body: { action: 'delete', fileIds } }, options);
  return answer.deleted ?? [];
}

/** `GET /file/my/file/download/{id}` with the bearer token: the bytes and the name the server gives. */
export async function downloadMyFile(
  file: Pick<MyFile, 'fileId' | 'fileName'>,
  options: Options & { token: string | undefined },
): Promise<{ blob: Blob; fileName: string }> {
  let response: Response;
  try {
    response = await fetch(urlOf(fillPath(fileEndpoints.download.path, { id: file.fileId })), {
      headers: {
        'Accept-Language': options.lang,
        ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
      },
      signal: options.signal,
    });
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    throw new ApiError('NETWORK_ERROR', options.messages.network, 0);
  }
  const type = response.headers.get('Content-Type') ?? '';
  if (!response.ok || type.includes('application/json')) {
    const envelope = (await response.json().catch(() => undefined)) as
      { message?: string; data?: { code?: string } } | undefined;
    throw new ApiError(
      envelope?.data?.code ?? `HTTP_${response.status}`,
      envelope?.message || options.messages.badResponse(response.status),
      response.status,
    );
  }
  return {
    blob: await response.blob(),
    fileName: fileNameOf(response.headers.get('Content-Disposition'), file.fileName),
  };
}
