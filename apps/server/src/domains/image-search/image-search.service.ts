import { randomBytes } from 'node:crypto';
import {
  DEFAULT_RETENTION_DAYS,
  HISTORY_RETENTION_MS,
  MAX_IMAGE_HISTORY,
  MAX_IMAGE_SEARCH_RESULTS,
  type ImageHistoryItem,
  type ImageSearchFilters,
  type ImageSearchHit,
  type ImageSearchResult,
} from '@patlas/contracts';
import sharp from 'sharp';
import { AppError } from '../../errors.js';
import type { AuthContext } from '../../kernel/access.plugin.js';
import type { Clock } from '../../kernel/clock.js';
import { extractQueryFeatures, MAX_INPUT_PIXELS, type ImageEmbedder, type QueryFeatures } from './image-features.js';
import type { DrawingIndex, LoadedIndex, PatentLookup } from './drawing-index.js';
import { bandOf } from './image-calibration.js';
import { filterDrawings, locarnoClassesOf } from './image-filters.js';
import { rankPatents, type PatentMatch } from './image-ranking.js';
import {
  decodeVector,
  encodeVector,
  type ImageSearchRepository,
  type ImageSearchRow,
} from './image-search.repository.js';

/** Stored results open by key for as long as histories are kept (spec 1 §9: 180 days). */
export const IMAGE_RESULT_RETENTION_MS = HISTORY_RETENTION_MS;

export type { PatentLookup } from './drawing-index.js';

/** What it needs to know of the stored drawings: how many are waiting for features. */
export interface IndexProgress {
  readonly pendingDrawings: number;
}

interface StoredMatch {
  publicationNumber: string;
  file: string;
  similarity: number;
  /** absent in searches stored before issue 43 */
  hashDistance?: number;
  cnnSimilarity?: number;
}

interface StoredQuery {
  phashes: string[];
  embeddings: string[];
  /** the filters it was ranked under (absent: none) */
  filters?: ImageSearchFilters;
  /** drawings left to rank by the filters (absent: all indexed) */
  candidateDrawings?: number;
}

/** The query's filters with empty parts dropped, so `{}` means "none". */
function cleanFilters(filters: ImageSearchFilters): ImageSearchFilters {
  return {
    ...(filters.locarno?.length ? { locarno: [...new Set(filters.locarno)] } : {}),
    ...(filters.dateFrom || filters.dateTo ? { dateField: filters.dateField ?? 'publication' } : {}),
    ...(filters.dateFrom ? { dateFrom: filters.dateFrom } : {}),
    ...(filters.dateTo ? { dateTo: filters.dateTo } : {}),
  };
}

/** The drawings the filters leave, ranked: at most MAX_IMAGE_SEARCH_RESULTS patents. */
function rankFiltered(query: QueryFeatures, index: LoadedIndex, filters: ImageSearchFilters) {
  const candidates = filterDrawings(index.drawings, index.facts, filters);
  return { candidates: candidates.length, matches: rankPatents(query, candidates, MAX_IMAGE_SEARCH_RESULTS) };
}

/** The kinds of images accepted, by their first bytes (the name alone proves nothing). */
export function sniffImageType(file: Buffer): 'png' | 'jpeg' | undefined {
  if (file.length >= 8 && file.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'png';
  }
  if (file.length >= 3 && file[0] === 0xff && file[1] === 0xd8 && file[2] === 0xff) return 'jpeg';
  return undefined;
}

function newKey(): string {
  return randomBytes(12).toString('base64url');
}

/**
 * Image search: ranks the indexed drawings against an uploaded image (image-ranking.ts), keeps each
 * search under a key (deep link /search/img?key=…) and, per user, as the image history.
 */
export class ImageSearchService {
  constructor(
    private readonly repository: ImageSearchRepository,
    /** The feature index in memory, dropped by the indexer when it saved drawings. */
    private readonly drawings: DrawingIndex,
    private readonly patents: PatentLookup,
    private readonly progress: IndexProgress,
    private readonly embedder: ImageEmbedder,
    private readonly now: Clock,
    /** How long a search without an account (an IP visitor's: no history holds it) opens by its key (issue 41). */
    private readonly anonymousKeyMs: number = DEFAULT_RETENTION_DAYS.imageSearchKeys * 86_400_000,
  ) {}

  /** Checks the upload is a jpg/png that decodes; answers its thumbnail (data URL). */
  private async checkImage(file: Buffer): Promise<string> {
    if (!sniffImageType(file)) throw new AppError('IMAGE_SEARCH_FILE_TYPE');
    try {
      const meta = await sharp(file, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS }).metadata();
      if (meta.format !== 'png' && meta.format !== 'jpeg') throw new AppError('IMAGE_SEARCH_FILE_TYPE');
      const thumbnail = await sharp(file, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS })
        .rotate()
        .flatten({ background: '#ffffff' })
        .resize(240, 240, { fit: 'inside', withoutEnlargement: true })
        .jpeg({ quality: 75 })
        .toBuffer();
      return `data:image/jpeg;base64,${thumbnail.toString('base64')}`;
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw new AppError('IMAGE_SEARCH_FILE_UNREADABLE');
    }
  }

  /**
   * Runs a search on an uploaded image and stores it (and, for an account, lists it in the
   * history). The filters limit the indexed drawings before they are ranked.
   */
  async search(
    auth: AuthContext,
    file: Buffer,
    fileName: string,
    filters: ImageSearchFilters = {},
  ): Promise<ImageSearchResult> {
    const started = performance.now();
    const thumbnail = await this.checkImage(file);
    let query: QueryFeatures;
    try {
      query = await extractQueryFeatures(this.embedder, file);
    } catch {
      throw new AppError('IMAGE_SEARCH_FILE_UNREADABLE');
    }
    const index = await this.drawings.load();
    const applied = cleanFilters(filters);
    const { candidates, matches } = rankFiltered(query, index, applied);
    const row: ImageSearchRow = {
      key: newKey(),
      user_id: auth.loginType === 'ip' ? null : auth.userId,
      file_name: fileName.slice(0, 255),
      thumbnail,
      query: JSON.stringify({
        phashes: query.phashes,
        embeddings: query.embeddings.map(encodeVector),
        filters: applied,
        candidateDrawings: candidates,
      } satisfies StoredQuery),
      results: JSON.stringify(matches.map(storedMatch)),
      indexed_drawings: index.drawings.length,
      created_at: this.now().toISOString(),
    };
    await this.repository.insertSearch(row, MAX_IMAGE_HISTORY);
    return this.present(row, performance.now() - started);
  }

  /**
   * A stored search by key; with `rerun`, its query ranked again against the current index, under
   * `filters` when given (they replace the stored ones) or else the stored filters.
   */
  async getResult(key: string, rerun = false, filters?: ImageSearchFilters): Promise<ImageSearchResult> {
    const started = performance.now();
    const row = await this.repository.findSearch(key);
    if (!row || this.isExpired(row)) throw new AppError('IMAGE_SEARCH_KEY_NOT_FOUND');
    if (!rerun) return this.present(row, performance.now() - started);
    const stored = JSON.parse(row.query) as StoredQuery;
    const query: QueryFeatures = { phashes: stored.phashes, embeddings: stored.embeddings.map(decodeVector) };
    const applied = cleanFilters(filters ?? stored.filters ?? {});
    const index = await this.drawings.load();
    const { candidates, matches } = rankFiltered(query, index, applied);
    const results = JSON.stringify(matches.map(storedMatch));
    const storedQuery = JSON.stringify({
      ...stored,
      filters: applied,
      candidateDrawings: candidates,
    } satisfies StoredQuery);
    await this.repository.updateResults(key, results, index.drawings.length, storedQuery);
    return this.present(
      { ...row, query: storedQuery, results, indexed_drawings: index.drawings.length },
      performance.now() - started,
    );
  }

  private isExpired(row: ImageSearchRow): boolean {
    const kept = row.user_id === null ? this.anonymousKeyMs : IMAGE_RESULT_RETENTION_MS;
    return Date.parse(row.created_at) < this.now().getTime() - kept;
  }

  private async present(row: ImageSearchRow, tookMs: number): Promise<ImageSearchResult> {
    const matches = JSON.parse(row.results) as StoredMatch[];
    const stored = JSON.parse(row.query) as StoredQuery;
    const [records, index] = await Promise.all([
      this.patents.getByPublicationNumbers(matches.map((m) => m.publicationNumber)),
      this.drawings.load(),
    ]);
    const items: ImageSearchHit[] = [];
    for (const match of matches) {
      const record = records.get(match.publicationNumber);
      if (!record) continue; // removed from the store since
      const caption = record.drawings?.find((d) => d.file === match.file)?.caption;
      items.push({
        rank: items.length + 1,
        publicationNumber: match.publicationNumber,
        ...(record.title?.text ? { title: record.title.text } : {}),
        applicants: (record.applicants ?? []).map((a) => a.name),
        ...(record.publicationDate ? { publicationDate: record.publicationDate } : {}),
        ...(record.applicationDate ? { applicationDate: record.applicationDate } : {}),
        locarno: record.classifications?.loc ?? [],
        drawing: match.file,
        ...(caption ? { drawingCaption: caption } : {}),
        similarity: match.similarity,
        band: bandOf(match),
      });
    }
    return {
      key: row.key,
      fileName: row.file_name,
      thumbnail: row.thumbnail,
      total: items.length,
      items,
      indexedDrawings: row.indexed_drawings,
      candidateDrawings: stored.candidateDrawings ?? row.indexed_drawings,
      filters: stored.filters ?? {},
      locarnoClasses: locarnoClassesOf(index.facts),
      pendingDrawings: this.progress.pendingDrawings,
      createdAt: row.created_at,
      tookMs: Math.round(tookMs),
    };
  }

  private ownerOf(auth: AuthContext): string {
    if (auth.userId === null || auth.loginType === 'ip') throw new AppError('ACCOUNT_IP_VISITOR');
    return auth.userId;
  }

  /** The caller's image searches, newest first (at most MAX_IMAGE_HISTORY, within the retention). */
  async listHistory(auth: AuthContext): Promise<ImageHistoryItem[]> {
    const cutoff = this.now().getTime() - IMAGE_RESULT_RETENTION_MS;
    const rows = await this.repository.listByUser(this.ownerOf(auth), MAX_IMAGE_HISTORY);
    return rows
      .filter((row) => Date.parse(row.created_at) >= cutoff)
      .map((row) => {
        const matches = JSON.parse(row.results) as StoredMatch[];
        return {
          key: row.key,
          fileName: row.file_name,
          thumbnail: row.thumbnail,
          total: matches.length,
          ...(matches[0] ? { topPublicationNumber: matches[0].publicationNumber } : {}),
          createdAt: row.created_at,
        };
      });
  }

  /** Deletes the caller's image searches (their keys stop opening). */
  async clearHistory(auth: AuthContext): Promise<number> {
    return this.repository.clearUser(this.ownerOf(auth));
  }
}

function storedMatch(match: PatentMatch): StoredMatch {
  return {
    publicationNumber: match.publicationNumber,
    file: match.file,
    similarity: Math.round(match.similarity * 10000) / 10000,
    hashDistance: match.hashDistance,
    cnnSimilarity: Math.round(match.cnnSimilarity * 10000) / 10000,
  };
}
