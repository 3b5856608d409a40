import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  DISCLOSURE_EXPORT_IMAGE_WIDTH,
  DISCLOSURE_IMAGE_ROUTE,
  DISCLOSURE_IMAGE_TYPES,
  DISCLOSURE_VERSION_WINDOW_MS,
  MAX_DISCLOSURE_IMAGE_BYTES,
  MAX_DISCLOSURE_IMAGE_PIXELS,
  MAX_DISCLOSURE_IMAGE_SIDE,
  MAX_DISCLOSURE_IMAGES,
  MAX_DISCLOSURE_TEXT_LENGTH,
  MAX_DISCLOSURE_TITLE_LENGTH,
  MAX_DISCLOSURE_VERSIONS,
  type DisclosureContent,
  type DisclosureDetail,
  type DisclosureImage,
  type DisclosureKind,
  type DisclosureListQuery,
  type DisclosureListResponse,
  type DisclosureSaveFields,
  type DisclosureSections,
  type DisclosureVersion,
  type DisclosureVersionDetail,
  type Language,
} from '@patlas/contracts';
import type { FastifyBaseLogger } from 'fastify';
import sharp, { type Metadata, type OutputInfo } from 'sharp';
import { AppError } from '../../errors.js';
import type { AccountAuthContext } from '../../kernel/access.plugin.js';
import type { Clock } from '../../kernel/clock.js';
import { emptyContent, readContent, type ReadContent } from './disclosure-content.js';
import type { ExportImage } from './disclosure-docx.js';
import type {
  DisclosureImageRow,
  DisclosureRepository,
  DisclosureRow,
  DisclosureVersionListRow,
  DisclosureVersionRow,
  SnapshotPlan,
} from './disclosure.repository.js';

export interface DisclosureServiceDeps {
  repository: DisclosureRepository;
  /** Where the editor's images are kept: one folder per user (DATA_DIR/uploads/disclosures). */
  imagesDir: string;
  now: Clock;
  log?: FastifyBaseLogger | undefined;
}

/** An image uploaded but not yet saved into the content counts against the limit for this long. */
const PENDING_IMAGE_MS = 24 * 60 * 60 * 1000;
/** Stored image names: never a path. */
const IMAGE_FILE = /^[A-Za-z0-9-]+\.(png|jpg)$/;

const UNTITLED = {
  disclosure: { zh: '未命名交底书', en: 'Untitled disclosure' },
  application: { zh: '未命名申请文件', en: 'Untitled application draft' },
} as const;

const TYPES_TEXT = DISCLOSURE_IMAGE_TYPES.join(', ');
const megabytes = (bytes: number) => `${bytes / 1024 / 1024}MB`;

/** A stored image as the editor and the export read it. */
export interface StoredImage {
  row: DisclosureImageRow;
  path: string;
}

function parseJson<T>(text: string): T {
  return JSON.parse(text) as T;
}

/**
 * Disclosure writing and application drafts (issue 22; spec 2 §2 /disclosurePaper/*, /disclosure,
 * /patentApply): documents saved with an optimistic version check, their versions (autosaves
 * within DISCLOSURE_VERSION_WINDOW_MS update the last autosaved one; "save version" and restores
 * add their own), and the editor's images. Every call names its owner; another user's document
 * answers DISCLOSURE_NOT_FOUND, as one that does not exist.
 */
export class DisclosureService {
  constructor(private readonly deps: DisclosureServiceDeps) {}

  private nowIso(): string {
    return this.deps.now().toISOString();
  }

  private async owned(auth: AccountAuthContext, id: string): Promise<DisclosureRow> {
    const row = await this.deps.repository.find(auth.userId, id);
    if (!row) throw new AppError('DISCLOSURE_NOT_FOUND');
    return row;
  }

  private titleOf(title: string, kind: DisclosureKind, lang: Language): string {
    const trimmed = title.trim();
    if (trimmed.length > MAX_DISCLOSURE_TITLE_LENGTH) {
      throw new AppError('DISCLOSURE_TITLE_TOO_LONG', { max: MAX_DISCLOSURE_TITLE_LENGTH });
    }
    return trimmed === '' ? UNTITLED[kind][lang] : trimmed;
  }

  /** The content of a save, checked: its length, and images uploaded to this document within the limit. */
  private async checkedContent(
    auth: AccountAuthContext,
    kind: DisclosureKind,
    documentId: string | null,
    input: Pick<DisclosureSaveFields, 'content' | 'sections'>,
    lang: Language,
  ): Promise<ReadContent> {
    const read = readContent(kind, input.content || input.sections ? input : { content: emptyContent(kind, lang) });
    if (read.chars > MAX_DISCLOSURE_TEXT_LENGTH) {
      throw new AppError('DISCLOSURE_TEXT_TOO_LONG', { max: MAX_DISCLOSURE_TEXT_LENGTH, length: read.chars });
    }
    if (read.imageIds.length > MAX_DISCLOSURE_IMAGES) {
      throw new AppError('DISCLOSURE_IMAGE_LIMIT', { max: MAX_DISCLOSURE_IMAGES });
    }
    for (const imageId of read.imageIds) {
      // A new document has no images yet; an existing one only its own.
      const image = await this.deps.repository.findImage(auth.userId, imageId);
      if (!image || image.disclosure_id !== documentId) throw new AppError('DISCLOSURE_IMAGE_FOREIGN');
    }
    return read;
  }

  private plan(source: SnapshotPlan['source'], restoredFrom: number | null = null): SnapshotPlan {
    const since = new Date(this.deps.now().getTime() - DISCLOSURE_VERSION_WINDOW_MS).toISOString();
    return {
      id: randomUUID(),
      source,
      restoredFrom,
      // A "save version" pins the last autosave when it is recent; a restore always adds one.
      mergeIntoAutoSince: source === 'restore' ? null : since,
      keep: MAX_DISCLOSURE_VERSIONS,
    };
  }

  /** Creates (no id) or updates a document; an update based on an older version is refused. */
  async save(auth: AccountAuthContext, request: DisclosureSaveFields, lang: Language): Promise<DisclosureDetail> {
    const at = this.nowIso();
    const source = request.checkpoint ? 'manual' : 'auto';
    if (request.id === undefined) {
      const { kind } = request;
      const title = this.titleOf(request.title, kind, lang);
      const read = await this.checkedContent(auth, kind, null, request, lang);
      const row: DisclosureRow = {
        id: randomUUID(),
        user_id: auth.userId,
        kind,
        title,
        sections: JSON.stringify(read.sections),
        content: JSON.stringify(read.content),
        chars: read.chars,
        images: read.imageIds.length,
        version: 1,
        created_at: at,
        updated_at: at,
      };
      await this.deps.repository.create(row, { ...this.writeOf(title, read), at }, this.plan(source));
      return this.detailOf(row);
    }
    if (request.version === undefined) {
      throw new AppError('VALIDATION_FAILED', {
        field: 'version',
        reason: lang === 'zh' ? '更新时必填' : 'is required to update',
      });
    }
    const current = await this.owned(auth, request.id);
    if (current.version !== request.version) {
      throw new AppError('DISCLOSURE_VERSION_CONFLICT', { current: current.version, base: request.version });
    }
    const title = this.titleOf(request.title, current.kind, lang);
    const read = await this.checkedContent(auth, current.kind, current.id, request, lang);
    const saved = await this.deps.repository.update(
      auth.userId,
      current.id,
      request.version,
      { ...this.writeOf(title, read), at },
      this.plan(source),
    );
    if (saved === null) {
      // Another save passed between the read above and this one.
      const now = await this.owned(auth, request.id);
      throw new AppError('DISCLOSURE_VERSION_CONFLICT', { current: now.version, base: request.version });
    }
    return this.detail(auth, current.id);
  }

  private writeOf(title: string, read: ReadContent) {
    return {
      title,
      sections: JSON.stringify(read.sections),
      content: JSON.stringify(read.content),
      chars: read.chars,
      images: read.imageIds.length,
      imageIds: read.imageIds,
    };
  }

  private detailOf(row: DisclosureRow): DisclosureDetail {
    return {
      id: row.id,
      kind: row.kind,
      title: row.title,
      sections: parseJson<DisclosureSections>(row.sections),
      content: parseJson<DisclosureContent>(row.content),
      version: row.version,
      updatedAt: row.updated_at,
      createdAt: row.created_at,
    };
  }

  async detail(auth: AccountAuthContext, id: string): Promise<DisclosureDetail> {
    return this.detailOf(await this.owned(auth, id));
  }

  async list(auth: AccountAuthContext, request: DisclosureListQuery): Promise<DisclosureListResponse> {
    const { page, pageSize } = request;
    const { total, rows } = await this.deps.repository.page(auth.userId, {
      kind: request.kind,
      title: request.title,
      page,
      pageSize,
    });
    return {
      total,
      page,
      pageSize,
      items: rows.map((r) => ({
        id: r.id,
        kind: r.kind,
        title: r.title,
        version: r.version,
        chars: r.chars,
        images: r.images,
        updatedAt: r.updated_at,
        createdAt: r.created_at,
      })),
    };
  }

  /** Deletes documents of the caller with their versions and image files; answers the ids deleted. */
  async delete(auth: AccountAuthContext, ids: readonly string[]): Promise<string[]> {
    const images = await this.deps.repository.imagesOf(auth.userId, ids);
    const deleted = await this.deps.repository.delete(auth.userId, ids);
    const gone = new Set(deleted);
    await Promise.all(
      images.filter((image) => gone.has(image.disclosure_id)).map((image) => this.removeImageFile(image)),
    );
    return deleted;
  }

  private versionOf(row: DisclosureVersionListRow): DisclosureVersion {
    return {
      id: row.id,
      version: row.version,
      fromVersion: row.first_version ?? row.version,
      title: row.title,
      source: row.source,
      restoredFrom: row.restored_from,
      chars: row.chars,
      createdAt: row.created_at,
      savedAt: row.saved_at,
    };
  }

  async versions(auth: AccountAuthContext, id: string): Promise<DisclosureVersion[]> {
    const row = await this.owned(auth, id);
    return (await this.deps.repository.versions(row.id)).map((v) => this.versionOf(v));
  }

  private async findVersion(auth: AccountAuthContext, id: string, versionId: string): Promise<DisclosureVersionRow> {
    const row = await this.owned(auth, id);
    const version = await this.deps.repository.findVersion(row.id, versionId);
    if (!version) throw new AppError('DISCLOSURE_VERSION_NOT_FOUND');
    return version;
  }

  async version(auth: AccountAuthContext, id: string, versionId: string): Promise<DisclosureVersionDetail> {
    const version = await this.findVersion(auth, id, versionId);
    return {
      ...this.versionOf(version),
      sections: parseJson<DisclosureSections>(version.sections),
      content: parseJson<DisclosureContent>(version.content),
    };
  }

  /** Makes a version the document's next one (a version of its own in the history); `base` is the current version. */
  async restore(
    auth: AccountAuthContext,
    request: { id: string; versionId: string; version: number },
  ): Promise<DisclosureDetail> {
    const current = await this.owned(auth, request.id);
    const snapshot = await this.findVersion(auth, request.id, request.versionId);
    if (current.version !== request.version) {
      throw new AppError('DISCLOSURE_VERSION_CONFLICT', { current: current.version, base: request.version });
    }
    const content = parseJson<DisclosureContent>(snapshot.content);
    const read = readContent(current.kind, { content });
    const saved = await this.deps.repository.update(
      auth.userId,
      current.id,
      request.version,
      { ...this.writeOf(snapshot.title, read), at: this.nowIso() },
      this.plan('restore', snapshot.version),
    );
    if (saved === null) {
      const now = await this.owned(auth, request.id);
      throw new AppError('DISCLOSURE_VERSION_CONFLICT', { current: now.version, base: request.version });
    }
    return this.detail(auth, current.id);
  }

  /**
   * Stores an image for a document's editor (spec 2 §5 "Rich-text image: jpg, jpeg, png", §9 "image
   * max 10"): the name's extension and the bytes must both be JPEG or PNG, at most
   * MAX_DISCLOSURE_IMAGE_BYTES; the document's saved images plus those uploaded in the last day and
   * not yet saved stay within MAX_DISCLOSURE_IMAGES. Kept upright, without metadata (EXIF, GPS) and
   * at most MAX_DISCLOSURE_IMAGE_SIDE px on the long side.
   */
  async uploadImage(
    auth: AccountAuthContext,
    documentId: string,
    upload: { file: Buffer; filename: string },
  ): Promise<DisclosureImage> {
    const row = await this.owned(auth, documentId);
    const extension = /\.([a-z0-9]+)$/i.exec(upload.filename)?.[1]?.toLowerCase() ?? '';
    if (!(DISCLOSURE_IMAGE_TYPES as readonly string[]).includes(extension)) {
      throw new AppError('DISCLOSURE_IMAGE_TYPE', { formats: TYPES_TEXT });
    }
    if (upload.file.length > MAX_DISCLOSURE_IMAGE_BYTES) {
      throw new AppError('DISCLOSURE_IMAGE_TOO_LARGE', { max: megabytes(MAX_DISCLOSURE_IMAGE_BYTES) });
    }
    const saved = readContent(row.kind, { content: parseJson<DisclosureContent>(row.content) }).imageIds;
    const since = new Date(this.deps.now().getTime() - PENDING_IMAGE_MS).toISOString();
    const pending = await this.deps.repository.pendingImages(row.id, since);
    if (new Set([...saved, ...pending]).size >= MAX_DISCLOSURE_IMAGES) {
      throw new AppError('DISCLOSURE_IMAGE_LIMIT', { max: MAX_DISCLOSURE_IMAGES });
    }
    let meta: Metadata;
    try {
      // The header only (nothing is decoded): its size is checked below with a message of its own.
      meta = await sharp(upload.file, { failOn: 'error', limitInputPixels: false }).metadata();
    } catch {
      throw new AppError('DISCLOSURE_IMAGE_UNREADABLE', { formats: TYPES_TEXT });
    }
    const { width = 0, height = 0 } = meta;
    if (width * height > MAX_DISCLOSURE_IMAGE_PIXELS) {
      throw new AppError('DISCLOSURE_IMAGE_TOO_MANY_PIXELS', {
        width,
        height,
        megapixels: MAX_DISCLOSURE_IMAGE_PIXELS / 1_000_000,
        tenThousands: MAX_DISCLOSURE_IMAGE_PIXELS / 10_000,
      });
    }
    let image: { data: Buffer; info: OutputInfo };
    let format: 'png' | 'jpg';
    try {
      if (meta.format !== 'png' && meta.format !== 'jpeg') throw new Error(`format ${meta.format}`);
      format = meta.format === 'png' ? 'png' : 'jpg';
      // limitInputPixels: the decoder holds to the header's promise too.
      const input = { failOn: 'error' as const, limitInputPixels: MAX_DISCLOSURE_IMAGE_PIXELS };
      const pipeline = sharp(upload.file, input).rotate().resize({
        width: MAX_DISCLOSURE_IMAGE_SIDE,
        height: MAX_DISCLOSURE_IMAGE_SIDE,
        fit: 'inside',
        withoutEnlargement: true,
      });
      image = await (format === 'png' ? pipeline.png() : pipeline.jpeg({ quality: 90 })).toBuffer({
        resolveWithObject: true,
      });
    } catch {
      throw new AppError('DISCLOSURE_IMAGE_UNREADABLE', { formats: TYPES_TEXT });
    }
    const id = randomUUID();
    const file = `${id}.${format}`;
    const folder = path.join(this.deps.imagesDir, auth.userId);
    await mkdir(folder, { recursive: true });
    await writeFile(path.join(folder, file), image.data);
    const stored: DisclosureImageRow = {
      id,
      user_id: auth.userId,
      disclosure_id: row.id,
      file,
      mime: format === 'png' ? 'image/png' : 'image/jpeg',
      name: upload.filename.slice(0, 200),
      bytes: image.data.length,
      width: image.info.width,
      height: image.info.height,
      created_at: this.nowIso(),
      used_at: null,
    };
    await this.deps.repository.insertImage(stored);
    return {
      id,
      ossHttpPath: `/api/product${DISCLOSURE_IMAGE_ROUTE}/${id}`,
      name: stored.name,
      bytes: stored.bytes,
      width: stored.width,
      height: stored.height,
    };
  }

  /** An image of the caller's (another user's answers DISCLOSURE_IMAGE_NOT_FOUND). */
  async image(auth: AccountAuthContext, id: string): Promise<StoredImage> {
    const row = await this.deps.repository.findImage(auth.userId, id);
    if (!row || !IMAGE_FILE.test(row.file)) throw new AppError('DISCLOSURE_IMAGE_NOT_FOUND');
    return { row, path: path.join(this.deps.imagesDir, row.user_id, row.file) };
  }

  /**
   * The images a document's content names, read for the export at most DISCLOSURE_EXPORT_IMAGE_WIDTH
   * px wide (the Word writer is synchronous JavaScript: fewer bytes, a shorter pause of the
   * event loop). Missing files are left out.
   */
  async imagesForExport(auth: AccountAuthContext, detail: DisclosureDetail): Promise<Map<string, ExportImage>> {
    const { imageIds } = readContent(detail.kind, { content: detail.content });
    const images = new Map<string, ExportImage>();
    for (const id of imageIds) {
      try {
        const { row, path: file } = await this.image(auth, id);
        const type = row.mime === 'image/png' ? 'png' : 'jpg';
        let data = await readFile(file);
        let { width, height } = row;
        if (width > DISCLOSURE_EXPORT_IMAGE_WIDTH) {
          const scaled = sharp(data, { limitInputPixels: MAX_DISCLOSURE_IMAGE_PIXELS }).resize({
            width: DISCLOSURE_EXPORT_IMAGE_WIDTH,
          });
          const out = await (type === 'png' ? scaled.png() : scaled.jpeg({ quality: 90 })).toBuffer({
            resolveWithObject: true,
          });
          data = out.data;
          ({ width, height } = out.info);
        }
        images.set(id, { data, type, width, height });
      } catch (err) {
        this.deps.log?.warn({ err, imageId: id }, 'disclosure image missing from the export');
      }
    }
    return images;
  }

  private async removeImageFile(image: DisclosureImageRow): Promise<void> {
    if (IMAGE_FILE.test(image.file)) {
      await rm(path.join(this.deps.imagesDir, image.user_id, image.file), { force: true });
    }
  }
}
