import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { MAX_USER_FILES, type MyFileListResponse, type UploadResult, type UploadState } from '@patlas/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authHeader,
  buildTestApp,
  injectJson,
  loginAs,
  reachableDialects,
  TestClock,
  type AuthHeader,
  type TestApp,
  type TestUser,
} from '../../../test/helpers.js';
import { xlsxBomb } from '../../../test/zip.js';
import { FILE_UPLOAD_CLEANUP_KIND } from './file.job.js';

const UPLOAD = '/api/product/file/my/file/upload';
const LIST = '/api/product/file/my/file/list';
const ACTION = '/api/product/file/my/file';
const DOWNLOAD = '/api/product/file/my/file/download';

const md5Of = (data: Buffer) => createHash('md5').update(data).digest('hex');

interface FormPart {
  name: string;
  value: string | Buffer;
  filename?: string;
}

/** A multipart/form-data body of text fields and files, in the order given. */
function formOf(parts: readonly FormPart[]) {
  const boundary = `----patlas${Math.random().toString(36).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition =
      part.filename === undefined
        ? `form-data; name="${part.name}"`
        : `form-data; name="${part.name}"; filename="${part.filename}"`;
    const type = part.filename === undefined ? '' : 'Content-Type: application/octet-stream\r\n';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`));
    chunks.push(typeof part.value === 'string' ? Buffer.from(part.value) : part.value);
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

interface Slicing {
  file: Buffer;
  fileName: string;
  chunkSize: number;
  identifier?: string;
}

/** The spec's `param` of piece `n` (from 1) of a file cut in chunkSize pieces. */
function paramOf(s: Slicing, n: number, extra: Record<string, unknown> = {}) {
  const totalChunks = Math.ceil(s.file.length / s.chunkSize);
  const piece = s.file.subarray((n - 1) * s.chunkSize, n * s.chunkSize);
  return {
    chunkNumber: n,
    totalChunks,
    chunkSize: s.chunkSize,
    fileType: 1,
    identifier: s.identifier ?? md5Of(s.file),
    fileName: s.fileName,
    dirId: '',
    documentType: 'draft',
    currentChunkSize: piece.length,
    uploadId: '',
    ...extra,
  };
}

function post(t: TestApp, who: AuthHeader | null, parts: readonly FormPart[], lang = 'zh') {
  const form = formOf(parts);
  return t.app.inject({
    method: 'POST',
    url: UPLOAD,
    payload: form.payload,
    headers: {
      'content-type': form.contentType,
      'accept-language': lang,
      ...(who ? { authorization: who.authorization } : {}),
    },
  });
}

/** Sends piece `n` of a slicing (field order as the web uploader: chunk flag, param, file). */
function sendPiece(
  t: TestApp,
  who: AuthHeader,
  s: Slicing,
  n: number,
  extra: Record<string, unknown> = {},
  lang = 'zh',
) {
  const piece = s.file.subarray((n - 1) * s.chunkSize, n * s.chunkSize);
  return post(
    t,
    who,
    [
      { name: 'chunk', value: 'true' },
      { name: 'param', value: JSON.stringify(paramOf(s, n, extra)) },
      { name: 'file', value: piece, filename: 'blob' },
    ],
    lang,
  );
}

async function listOf(t: TestApp, who: AuthHeader, query = ''): Promise<MyFileListResponse> {
  const res = await injectJson(t, 'GET', `${LIST}${query}`, undefined, who);
  expect(res.json(), res.body).toMatchObject({ status: 1 });
  return res.json().data as MyFileListResponse;
}

async function stateOf(t: TestApp, who: AuthHeader, s: Slicing): Promise<UploadState> {
  const totalChunks = Math.ceil(s.file.length / s.chunkSize);
  const q = `identifier=${s.identifier ?? md5Of(s.file)}&totalChunks=${totalChunks}&chunkSize=${s.chunkSize}`;
  const res = await injectJson(t, 'GET', `${UPLOAD}?${q}`, undefined, who);
  expect(res.json(), res.body).toMatchObject({ status: 1 });
  return res.json().data as UploadState;
}

/** Both languages' messages of a refused request. */
async function refusal(send: (lang: string) => Promise<{ statusCode: number; json(): unknown }>, code: string) {
  const zh = await send('zh');
  const en = await send('en');
  expect(zh.json(), JSON.stringify(zh.json())).toMatchObject({ status: 0, data: { code } });
  expect(en.json()).toMatchObject({ status: 0, data: { code } });
  return {
    http: en.statusCode,
    zh: (zh.json() as { message: string }).message,
    en: (en.json() as { message: string }).message,
  };
}

describe.each(await reachableDialects())('My files on %s', (dialect) => {
  let t: TestApp;
  let owner: TestUser;
  let stranger: TestUser;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    owner = await authHeader(t, ['/myFiles']);
    stranger = await authHeader(t, ['/user/searchFile']);
  });
  afterAll(async () => t.close());

  it('assembles pieces sent out of order, answers status 0, lists the file and downloads the same bytes', async () => {
    const s: Slicing = { file: randomBytes(2500), fileName: '专利交底书 v2.pdf', chunkSize: 1000 };
    const third = await sendPiece(t, owner, s, 3);
    expect(third.statusCode).toBe(200);
    const pending = third.json() as { status: number; data: UploadResult };
    expect(pending).toMatchObject({
      status: 0,
      message: '成功',
      data: { key: null, complete: false, uploadedChunks: [3] },
    });
    const uploadId = pending.data.uploadId;
    const first = (await sendPiece(t, owner, s, 1, { uploadId })).json() as { data: UploadResult };
    expect(first.data).toMatchObject({ uploadId, complete: false, uploadedChunks: [1, 3] });
    const last = await sendPiece(t, owner, s, 2, { uploadId }, 'en');
    const done = last.json() as { status: number; message: string; data: UploadResult };
    expect(done).toMatchObject({
      status: 0,
      message: 'success',
      data: { uploadId, fileName: '专利交底书 v2.pdf', complete: true, uploadedChunks: [1, 2, 3] },
    });
    const key = done.data.key!;
    expect(done.data.files[0]).toMatchObject({ fileId: key, size: 2500, type: 'pdf', md5: md5Of(s.file) });

    const list = await listOf(t, owner);
    expect(list.items.map((f) => f.fileId)).toContain(key);
    const download = await t.app.inject({ method: 'GET', url: `${DOWNLOAD}/${key}`, headers: owner });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(s.file)).toBe(true);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="_____ v2.pdf"; filename*=UTF-8''${encodeURIComponent('专利交底书 v2.pdf')}`,
    );
    // The pieces are gone once the file is stored.
    expect(existsSync(path.join(t.context.config.dataDir, 'uploads', 'my-files', '.parts', uploadId))).toBe(false);
  });

  it('resumes: the state names the pieces held, only the missing ones are sent, then the state is empty', async () => {
    const s: Slicing = { file: randomBytes(4000), fileName: 'claims.docx', chunkSize: 1024 };
    expect(await stateOf(t, owner, s)).toEqual({ uploadId: null, uploadedChunks: [] });
    const one = (await sendPiece(t, owner, s, 1)).json() as { data: UploadResult };
    await sendPiece(t, owner, s, 2, { uploadId: one.data.uploadId });
    // The connection broke here; the client comes back knowing only the file.
    const state = await stateOf(t, owner, s);
    expect(state).toEqual({ uploadId: one.data.uploadId, uploadedChunks: [1, 2] });
    // A piece sent without the uploadId joins the open upload of the same file.
    const three = (await sendPiece(t, owner, s, 3)).json() as { data: UploadResult };
    expect(three.data).toMatchObject({ uploadId: state.uploadId, uploadedChunks: [1, 2, 3] });
    const four = (await sendPiece(t, owner, s, 4, { uploadId: state.uploadId })).json() as { data: UploadResult };
    expect(four.data).toMatchObject({ complete: true, uploadedChunks: [1, 2, 3, 4] });
    expect(await stateOf(t, owner, s)).toEqual({ uploadId: null, uploadedChunks: [] });
    const download = await t.app.inject({ method: 'GET', url: `${DOWNLOAD}/${four.data.key}`, headers: owner });
    expect(download.rawPayload.equals(s.file)).toBe(true);
  });

  it('a resent piece replaces the first copy (a retry after a lost answer)', async () => {
    const s: Slicing = { file: randomBytes(300), fileName: 'notes.txt', chunkSize: 200 };
    const one = (await sendPiece(t, owner, s, 1)).json() as { data: UploadResult };
    const again = (await sendPiece(t, owner, s, 1, { uploadId: one.data.uploadId })).json() as { data: UploadResult };
    expect(again.data.uploadedChunks).toEqual([1]);
    const two = (await sendPiece(t, owner, s, 2, { uploadId: one.data.uploadId })).json() as { data: UploadResult };
    expect(two.data.complete).toBe(true);
  });

  it('refuses a file whose MD5 is not its identifier, in zh and en, and drops its pieces', async () => {
    const before = (await listOf(t, owner)).total;
    const file = randomBytes(1500);
    const s: Slicing = {
      file,
      fileName: 'figure.png',
      chunkSize: 1000,
      identifier: md5Of(Buffer.from('another file')),
    };
    const first = (await sendPiece(t, owner, s, 1)).json() as { data: UploadResult };
    const zh = await sendPiece(t, owner, s, 2, { uploadId: first.data.uploadId }, 'zh');
    expect(zh.statusCode).toBe(400);
    expect(zh.json()).toMatchObject({
      status: 0,
      message: '文件校验失败：收到的内容与文件标识（MD5）不一致，请重新上传',
      data: { code: 'FILE_MD5_MISMATCH' },
    });
    expect(await stateOf(t, owner, s)).toEqual({ uploadId: null, uploadedChunks: [] });
    // The same again, in English.
    const second = (await sendPiece(t, owner, s, 1)).json() as { data: UploadResult };
    const en = await sendPiece(t, owner, s, 2, { uploadId: second.data.uploadId }, 'en');
    expect(en.json().message).toBe(
      'File check failed: the content received does not match the file’s identifier (MD5); please upload it again',
    );
    expect((await listOf(t, owner)).total).toBe(before);
    // A whole file checked against a wrong identifier is refused too.
    const whole = await post(t, owner, [
      { name: 'chunk', value: 'false' },
      { name: 'param', value: JSON.stringify({ identifier: md5Of(Buffer.from('x')) }) },
      { name: 'file', value: file, filename: 'figure.png' },
    ]);
    expect(whole.json()).toMatchObject({ data: { code: 'FILE_MD5_MISMATCH' } });
  });

  it('checks the pieces: number in range, declared and real sizes, slicing of the upload', async () => {
    const s: Slicing = { file: randomBytes(2500), fileName: 'a.pdf', chunkSize: 1000 };
    const out = await refusal((lang) => sendPiece(t, owner, s, 1, { chunkNumber: 4 }, lang), 'FILE_CHUNK_OUT_OF_RANGE');
    expect(out).toMatchObject({
      http: 400,
      zh: '分片序号 4 超出范围（共 3 片）',
      en: 'Chunk number 4 is out of range (there are 3)',
    });
    const cut = await refusal(
      (lang) => sendPiece(t, owner, s, 1, { currentChunkSize: 1000 + 1 }, lang),
      'FILE_CHUNK_SIZE_MISMATCH',
    );
    expect(cut.en).toBe('Chunk 1 arrived with 1000 bytes instead of 1001; please send it again');
    // A middle piece shorter than chunkSize (the client sliced differently).
    const short = { ...s, file: s.file.subarray(0, 2500) };
    const shortPiece = await post(t, owner, [
      { name: 'chunk', value: 'true' },
      { name: 'param', value: JSON.stringify(paramOf(short, 1, { currentChunkSize: 999 })) },
      { name: 'file', value: s.file.subarray(0, 999), filename: 'blob' },
    ]);
    expect(shortPiece.json()).toMatchObject({ data: { code: 'FILE_CHUNK_SIZE_MISMATCH' } });
    // A piece naming an upload of another file.
    const other: Slicing = { file: randomBytes(2000), fileName: 'b.pdf', chunkSize: 1000 };
    const otherUpload = (await sendPiece(t, owner, other, 1)).json() as { data: UploadResult };
    const mixed = await sendPiece(t, owner, s, 2, { uploadId: otherUpload.data.uploadId }, 'en');
    expect(mixed.json()).toMatchObject({ data: { code: 'FILE_UPLOAD_MISMATCH' } });
    const unknown = await sendPiece(t, owner, s, 2, { uploadId: 'no-such-upload' }, 'en');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({
      message: 'The upload does not exist or has expired; please upload the file again',
      data: { code: 'FILE_UPLOAD_NOT_FOUND' },
    });
  });

  it('refuses a missing or broken param with the field at fault', async () => {
    const piece = randomBytes(10);
    const noParam = await post(
      t,
      owner,
      [
        { name: 'chunk', value: 'true' },
        { name: 'file', value: piece, filename: 'x' },
      ],
      'en',
    );
    expect(noParam.json()).toMatchObject({ data: { code: 'FILE_CHUNK_PARAM_INVALID' } });
    expect(noParam.json().message).toMatch(/^Invalid chunk parameters: chunkNumber is missing/);
    const badJson = await post(t, owner, [
      { name: 'chunk', value: 'true' },
      { name: 'param', value: '{not json' },
      { name: 'file', value: piece, filename: 'x' },
    ]);
    expect(badJson.json()).toMatchObject({ message: '分片参数不正确：param 不是合法的 JSON' });
    const s: Slicing = { file: piece, fileName: 'a.txt', chunkSize: 10 };
    const fileType = await sendPiece(t, owner, s, 1, { fileType: 2 }, 'en');
    expect(fileType.json()).toMatchObject({ message: 'Invalid chunk parameters: fileType must be 1' });
    const identifier = await sendPiece(t, owner, s, 1, { identifier: 'abc' }, 'en');
    expect(identifier.json().data).toMatchObject({ code: 'FILE_CHUNK_PARAM_INVALID' });
  });

  it('refuses a bad type, no file, too large a file and too many files with the spec 2 §5 messages', async () => {
    const exe = await refusal(
      (lang) =>
        post(
          t,
          owner,
          [
            { name: 'chunk', value: 'false' },
            { name: 'file', value: randomBytes(10), filename: 'setup.exe' },
          ],
          lang,
        ),
      'FILE_TYPE_NOT_ALLOWED',
    );
    expect(exe.en).toBe(
      'Only upload of types: pdf, doc, docx, txt, rtf, xls, xlsx, csv, ppt, pptx, jpg, jpeg, png, gif',
    );
    expect(exe.zh).toBe('只能上传 pdf, doc, docx, txt, rtf, xls, xlsx, csv, ppt, pptx, jpg, jpeg, png, gif 类型的文件');
    // "docx" is a type; a name merely ending in its last three letters is not.
    const ocx = await post(t, owner, [{ name: 'file', value: randomBytes(10), filename: 'control.ocx' }]);
    expect(ocx.json()).toMatchObject({ data: { code: 'FILE_TYPE_NOT_ALLOWED' } });
    // Chunked: the type is checked on the first piece.
    const chunkedExe = await sendPiece(t, owner, { file: randomBytes(10), fileName: 'a.exe', chunkSize: 10 }, 1);
    expect(chunkedExe.json()).toMatchObject({ data: { code: 'FILE_TYPE_NOT_ALLOWED' } });

    const none = await refusal((lang) => post(t, owner, [{ name: 'chunk', value: 'false' }], lang), 'FILE_REQUIRED');
    expect(none).toMatchObject({ zh: '请选择要上传的文件', en: 'Please select a file to upload' });
    const notMultipart = await injectJson(t, 'POST', UPLOAD, { chunk: false }, owner, 'en');
    expect(notMultipart.json()).toMatchObject({ data: { code: 'FILE_REQUIRED' } });

    const big = randomBytes(5 * 1024 * 1024 + 1);
    const tooLarge = await refusal(
      (lang) =>
        post(
          t,
          owner,
          [
            { name: 'chunk', value: 'false' },
            { name: 'file', value: big, filename: 'big.pdf' },
          ],
          lang,
        ),
      'FILE_TOO_LARGE',
    );
    expect(tooLarge).toMatchObject({
      http: 400,
      zh: '上传文件大于 5MB，请重新上传',
      en: 'Upload file larger than 5MB, please re-upload',
    });
    // Chunked: the slicing announces more than the limit on its first piece.
    const announced = await sendPiece(t, owner, { file: randomBytes(1024), fileName: 'big.pdf', chunkSize: 1024 }, 1, {
      totalChunks: 5 * 1024 + 2,
    });
    expect(announced.json()).toMatchObject({ data: { code: 'FILE_CHUNK_PARAM_INVALID' } });
    const announcedBig = await sendPiece(
      t,
      owner,
      { file: randomBytes(1024), fileName: 'big.pdf', chunkSize: 1024 * 1024 },
      1,
      {
        totalChunks: 6,
      },
    );
    expect(announcedBig.json()).toMatchObject({ data: { code: 'FILE_TOO_LARGE' } });

    const six = Array.from({ length: 6 }, (_, i) => ({ name: 'file', value: randomBytes(20), filename: `f${i}.txt` }));
    const tooMany = await refusal(
      (lang) => post(t, owner, [{ name: 'chunk', value: 'false' }, ...six], lang),
      'FILE_COUNT_EXCEEDED',
    );
    expect(tooMany).toMatchObject({
      zh: '上传文件数量超出限制（一次最多 5 个）',
      en: 'Upload file count exceeds limit (at most 5 at a time)',
    });
    const before = (await listOf(t, owner)).total;
    const five = await post(t, owner, [{ name: 'chunk', value: 'false' }, ...six.slice(0, 5)]);
    expect(five.json()).toMatchObject({ status: 0, data: { complete: true } });
    expect((five.json().data as UploadResult).files.map((f) => f.fileName)).toEqual([
      'f0.txt',
      'f1.txt',
      'f2.txt',
      'f3.txt',
      'f4.txt',
    ]);
    expect((await listOf(t, owner)).total).toBe(before + 5);
    // One bad file refuses the whole batch: nothing of it is kept.
    const mixed = await post(t, owner, [
      ...six.slice(0, 2),
      { name: 'file', value: randomBytes(5), filename: 'x.bat' },
    ]);
    expect(mixed.json()).toMatchObject({ data: { code: 'FILE_TYPE_NOT_ALLOWED' } });
    expect((await listOf(t, owner)).total).toBe(before + 5);
  });

  it('puts an .xlsx through the zip-bomb guard', async () => {
    const bomb = await xlsxBomb(200);
    const refused = await post(t, owner, [{ name: 'file', value: bomb, filename: 'bomb.xlsx' }], 'en');
    expect(refused.json()).toMatchObject({
      status: 0,
      message:
        'The file "bomb.xlsx" cannot be accepted: the file unpacks to more than 100 MB; split it into smaller files and import those',
      data: { code: 'FILE_UNACCEPTABLE' },
    });
    const notZip = await post(t, owner, [{ name: 'file', value: Buffer.from('plain text'), filename: 'fake.xlsx' }]);
    expect(notZip.json()).toMatchObject({ message: '无法接收文件“fake.xlsx”：不是有效的 .xlsx 文件' });
  });

  it('answers a damaged multipart body as malformed', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: UPLOAD,
      payload: '--XYZ\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\nabc',
      headers: { 'content-type': 'multipart/form-data; boundary=XYZ', authorization: owner.authorization },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ data: { code: 'UPLOAD_MALFORMED' } });
  });

  it('renames (the type stays), searches by name and deletes; a stranger reaches none of it', async () => {
    const file = randomBytes(64);
    const up = (await post(t, owner, [{ name: 'file', value: file, filename: 'Draft-Alpha.docx' }])).json() as {
      data: UploadResult;
    };
    const id = up.data.key!;
    const rename = (fileName: string, who: AuthHeader = owner, lang = 'zh') =>
      injectJson(t, 'POST', ACTION, { action: 'rename', fileId: id, fileName }, who, lang);
    expect((await rename('权利要求书 终稿.docx')).json()).toMatchObject({
      status: 1,
      data: { file: { fileId: id, fileName: '权利要求书 终稿.docx', type: 'docx' } },
    });
    const changed = await refusal((lang) => rename('权利要求书.pdf', owner, lang), 'FILE_EXTENSION_CHANGED');
    expect(changed.en).toBe('Renaming cannot change the file type: the new name must end with .docx');
    expect((await rename('a/b.docx')).json()).toMatchObject({ data: { code: 'FILE_NAME_INVALID' } });
    expect((await rename('   ')).json()).toMatchObject({ data: { code: 'FILE_NAME_INVALID' } });
    expect((await rename(`${'长'.repeat(260)}.docx`)).json()).toMatchObject({ data: { code: 'FILE_NAME_INVALID' } });

    const found = await listOf(t, owner, `?name=${encodeURIComponent('终稿')}`);
    expect(found.items.map((f) => f.fileId)).toEqual([id]);
    expect((await listOf(t, owner, '?name=%25')).total).toBe(0);
    const paged = await listOf(t, owner, '?page=1&pageSize=2');
    expect(paged.items).toHaveLength(2);
    expect(paged.total).toBeGreaterThan(2);

    // The stranger (another account, with the /user/searchFile permission) sees nothing of it.
    expect((await listOf(t, stranger)).items).toEqual([]);
    const theirDownload = await t.app.inject({ method: 'GET', url: `${DOWNLOAD}/${id}`, headers: stranger });
    expect(theirDownload.statusCode).toBe(404);
    expect(theirDownload.json()).toMatchObject({ data: { code: 'FILE_NOT_FOUND' } });
    expect((await rename('mine.docx', stranger)).json()).toMatchObject({ data: { code: 'FILE_NOT_FOUND' } });
    const theirDelete = await injectJson(t, 'POST', ACTION, { action: 'delete', fileIds: [id] }, stranger, 'en');
    expect(theirDelete.json()).toMatchObject({ message: 'The file does not exist or has been deleted' });
    const theirDelete2 = await injectJson(t, 'DELETE', `${ACTION}/${id}`, undefined, stranger);
    expect(theirDelete2.statusCode).toBe(404);
    // Nor can they add pieces to the owner's upload, nor learn of it.
    const s: Slicing = { file: randomBytes(2000), fileName: 'secret.pdf', chunkSize: 1000 };
    const ownerPiece = (await sendPiece(t, owner, s, 1)).json() as { data: UploadResult };
    const intrusion = await sendPiece(t, stranger, s, 2, { uploadId: ownerPiece.data.uploadId });
    expect(intrusion.json()).toMatchObject({ data: { code: 'FILE_UPLOAD_NOT_FOUND' } });
    expect(await stateOf(t, stranger, s)).toEqual({ uploadId: null, uploadedChunks: [] });

    const stored = path.join(t.context.config.dataDir, 'uploads', 'my-files', owner.userId, id);
    expect(existsSync(stored)).toBe(true);
    const deleted = await injectJson(t, 'POST', ACTION, { action: 'delete', fileIds: [id, 'unknown'] }, owner);
    expect(deleted.json()).toMatchObject({ status: 1, data: { deleted: [id] } });
    expect(existsSync(stored)).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: `${DOWNLOAD}/${id}`, headers: owner })).statusCode).toBe(404);
  });

  it('refuses callers without the permission or a session', async () => {
    const noPermission = await authHeader(t, ['/user/share']);
    const forbidden = await injectJson(t, 'GET', LIST, undefined, noPermission);
    expect(forbidden.statusCode).toBe(403);
    const upload = await post(t, noPermission, [{ name: 'file', value: randomBytes(5), filename: 'a.txt' }]);
    expect(upload.statusCode).toBe(403);
    const anonymous = await injectJson(t, 'GET', LIST, undefined, null);
    expect(anonymous.statusCode).toBe(401);
  });

  it('deletes with DELETE /file/my/file/{id}', async () => {
    const up = (await post(t, owner, [{ name: 'file', value: randomBytes(8), filename: 'x.png' }])).json() as {
      data: UploadResult;
    };
    const res = await injectJson(t, 'DELETE', `${ACTION}/${up.data.key}`, undefined, owner);
    expect(res.json()).toMatchObject({ status: 1, data: { deleted: [up.data.key] } });
  });
});

describe('My files: limits from the configuration and the cleanup of abandoned uploads', () => {
  let t: TestApp;
  let owner: TestUser;
  const clock = new TestClock();

  beforeAll(async () => {
    t = await buildTestApp(
      'sqlite',
      { files: { maxFileBytes: 100 * 1024, maxStorageBytes: 1024 ** 3 } },
      { now: clock.now },
    );
    owner = await authHeader(t, ['/myFiles']);
  });
  afterAll(async () => t.close());

  it('FILE_UPLOAD_MAX_BYTES lowers the limit, and the message names it', async () => {
    const over = await post(t, owner, [{ name: 'file', value: randomBytes(100 * 1024 + 1), filename: 'a.pdf' }], 'en');
    expect(over.json()).toMatchObject({ message: 'Upload file larger than 100KB, please re-upload' });
    expect((await listOf(t, owner)).maxFileBytes).toBe(100 * 1024);
    const at = await post(t, owner, [{ name: 'file', value: randomBytes(100 * 1024), filename: 'a.pdf' }]);
    expect(at.json()).toMatchObject({ status: 0, data: { complete: true } });
  });

  it('removes an upload left unfinished for a day, with its pieces; a recent one stays', async () => {
    const old: Slicing = { file: randomBytes(3000), fileName: 'old.pdf', chunkSize: 1000 };
    const oldUpload = ((await sendPiece(t, owner, old, 1)).json() as { data: UploadResult }).data.uploadId;
    const partsDir = path.join(t.context.config.dataDir, 'uploads', 'my-files', '.parts');
    expect(readdirSync(partsDir)).toContain(oldUpload);
    clock.advance(20 * 3600);
    // The session of the start has expired meanwhile.
    const later = await loginAs(t, owner.email);
    const recent: Slicing = { file: randomBytes(3000), fileName: 'recent.pdf', chunkSize: 1000 };
    const recentAnswer = await sendPiece(t, later, recent, 1);
    expect(recentAnswer.json(), recentAnswer.body).toMatchObject({ status: 0, data: { complete: false } });
    const recentUpload = (recentAnswer.json() as { data: UploadResult }).data.uploadId;
    clock.advance(5 * 3600);
    const outcomes = (await t.context.jobs.worker.runDueJobs()).filter((o) => o.kind === FILE_UPLOAD_CLEANUP_KIND);
    expect(outcomes.map((o) => o.result)).toContainEqual({ uploads: 1, folders: 0 });
    expect(readdirSync(partsDir)).toEqual([recentUpload]);
    const latest = await loginAs(t, owner.email);
    expect(await stateOf(t, latest, old)).toEqual({ uploadId: null, uploadedChunks: [] });
    expect(await stateOf(t, latest, recent)).toEqual({ uploadId: recentUpload, uploadedChunks: [1] });
    // The abandoned file's next piece is told to start again.
    const late = await sendPiece(t, latest, old, 2, { uploadId: oldUpload });
    expect(late.json()).toMatchObject({ data: { code: 'FILE_UPLOAD_NOT_FOUND' } });
  });
});

describe.each(await reachableDialects())('the storage cap of My files on %s (issue 41 §7)', (dialect) => {
  let t: TestApp;
  let owner: TestUser;

  beforeAll(async () => {
    t = await buildTestApp(dialect, { files: { maxFileBytes: 100 * 1024, maxStorageBytes: 5 * 1024 } });
    owner = await authHeader(t, ['/myFiles']);
  });
  afterAll(async () => t.close());

  it('counts the pieces of unfinished uploads, and refuses a piece or a file that would pass the cap', async () => {
    const whole = await post(t, owner, [{ name: 'file', value: randomBytes(1024), filename: 'whole.pdf' }]);
    expect(whole.json(), whole.body).toMatchObject({ status: 0, data: { complete: true } });
    // Two pieces of one upload and two of another, never finished: 5 KB held in all.
    const first: Slicing = { file: randomBytes(3 * 1024), fileName: 'first.pdf', chunkSize: 1024 };
    const second: Slicing = { file: randomBytes(3 * 1024), fileName: 'second.pdf', chunkSize: 1024 };
    for (const [s, n] of [
      [first, 1],
      [first, 2],
      [second, 1],
      [second, 2],
    ] as const) {
      expect((await sendPiece(t, owner, s, n)).json()).toMatchObject({ status: 0, data: { complete: false } });
    }
    const refused = await refusal((lang) => sendPiece(t, owner, second, 3, {}, lang), 'FILE_STORAGE_QUOTA_EXCEEDED');
    expect(refused).toEqual({
      http: 400,
      zh: '“我的文件”空间不足：上限 5KB，已用 5KB（含未完成的上传），本次上传 1KB；请删除不需要的文件后再上传（未完成的上传 24 小时后自动清除）',
      en: 'Not enough room in My files: 5KB at most, 5KB used (unfinished uploads included), this upload 1KB; delete files you no longer need, then upload again (unfinished uploads are removed after 24 hours)',
    });
    expect(await stateOf(t, owner, second)).toMatchObject({ uploadedChunks: [1, 2] });
    // A piece sent again replaces the first copy: no more room needed.
    expect((await sendPiece(t, owner, second, 2)).json()).toMatchObject({ status: 0 });
    // A whole file, and the first piece of a new upload (which is then not kept), are refused too.
    const tiny = await post(t, owner, [{ name: 'file', value: randomBytes(1), filename: 'tiny.pdf' }]);
    expect(tiny.json()).toMatchObject({ data: { code: 'FILE_STORAGE_QUOTA_EXCEEDED' } });
    const third: Slicing = { file: randomBytes(2 * 1024), fileName: 'third.pdf', chunkSize: 1024 };
    expect((await sendPiece(t, owner, third, 1)).json()).toMatchObject({
      data: { code: 'FILE_STORAGE_QUOTA_EXCEEDED' },
    });
    expect(await stateOf(t, owner, third)).toEqual({ uploadId: null, uploadedChunks: [] });
    // Deleting the stored file makes room for the last piece.
    const [file] = (await listOf(t, owner)).items;
    expect((await injectJson(t, 'DELETE', `${ACTION}/${file!.fileId}`, undefined, owner)).json()).toMatchObject({
      status: 1,
    });
    expect((await sendPiece(t, owner, second, 3)).json()).toMatchObject({ status: 0, data: { complete: true } });
  });

  it('counts unfinished uploads as files against the count cap', async () => {
    const user = await authHeader(t, ['/myFiles']);
    const now = new Date().toISOString();
    await t.context.database.db
      .insertInto('user_files')
      .values(
        Array.from({ length: MAX_USER_FILES - 1 }, (_, i) => ({
          id: `${user.userId}-f${i}`,
          user_id: user.userId,
          file_name: `f${i}.pdf`,
          file_type: 'pdf',
          size: 0,
          md5: md5Of(Buffer.alloc(0)),
          storage_key: `${user.userId}/f${i}`,
          document_type: null,
          dir_id: null,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    const open: Slicing = { file: Buffer.alloc(2), fileName: 'open.pdf', chunkSize: 1 };
    expect((await sendPiece(t, user, open, 1)).json()).toMatchObject({ status: 0, data: { complete: false } });
    // 999 files and one unfinished upload: the 1,000 a user may hold.
    const other: Slicing = { file: Buffer.from([1, 2]), fileName: 'other.pdf', chunkSize: 1 };
    expect((await sendPiece(t, user, other, 1)).json()).toMatchObject({ data: { code: 'FILE_STORAGE_FULL' } });
  });
});
