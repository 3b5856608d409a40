import type { Readable } from 'node:stream';
import {
  MAX_EXPORT_ROWS,
  type ImportReport,
  type Language,
  type OperateHistoryItem,
  type RecordType,
} from '@patlas/contracts';
import { AppError } from '../../errors.js';
import type { AuthContext } from '../../kernel/access.plugin.js';
import type { Clock } from '../../kernel/clock.js';
import type { OperateHistory, OperateHistoryFilter, OperateHistoryRepository } from './operate-history.repository.js';
import { localDayStamp, XlsxFileError } from '../../files/spreadsheet.js';
import type { SheetReader } from '../../files/sheet-reader.js';
import { readOperateHistoryXlsx, writeOperateHistoryXlsx, type OperateHistoryRecord } from './operate-history.xlsx.js';

/** Rows an export reads from the database at a time. */
const EXPORT_BATCH_ROWS = 1000;

export interface SaveOperateHistoryInput {
  recordType: RecordType;
  title: string;
  router?: string | undefined;
  resultTotal?: string | undefined;
  data: Record<string, unknown>;
}

/** List/export filters as the contract names them; dates are YYYY-MM-DD, both ends inclusive. */
export interface OperateHistoryQuery {
  recordType?: RecordType | undefined;
  keyword?: string | undefined;
  startDate?: string | undefined;
  endDate?: string | undefined;
  ids?: string[] | undefined;
}

/**
 * A YYYY-MM-DD day as the instant its server-local midnight falls on (the day boundaries users
 * see in the list are the server's, like the retention hour).
 */
function localMidnight(day: string, addDays = 0): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + addDays).toISOString();
}

function dataOf(row: OperateHistory): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(row.data);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch {
    // a row written by hand; reopening gets an empty object rather than an error
  }
  return {};
}

function itemOf(row: OperateHistory): OperateHistoryItem {
  return {
    id: row.id,
    recordType: row.record_type as RecordType,
    title: row.title,
    ...(row.router === null ? {} : { router: row.router }),
    ...(row.result_total === null ? {} : { resultTotal: row.result_total }),
    createdAt: row.created_at,
  };
}

function recordOf(row: OperateHistory): OperateHistoryRecord {
  const item = itemOf(row);
  return {
    recordType: item.recordType,
    title: item.title,
    ...(item.router === undefined ? {} : { router: item.router }),
    ...(item.resultTotal === undefined ? {} : { resultTotal: item.resultTotal }),
    data: dataOf(row),
    createdAt: item.createdAt,
  };
}

/** Operation history (searches, analyses, exports, favourites) of signed-in accounts. */
export class OperateHistoryService {
  constructor(
    private readonly repository: OperateHistoryRepository,
    private readonly now: Clock,
    /** Reads spreadsheet imports off the HTTP thread (files/sheet-reader.ts). */
    private readonly sheets: SheetReader,
  ) {}

  /** IP-login visitors have no account to keep a history under (spec 1 §4). */
  private ownerOf(auth: AuthContext): string {
    if (auth.userId === null) throw new AppError('ACCOUNT_IP_VISITOR');
    return auth.userId;
  }

  private filterOf(userId: string, query: OperateHistoryQuery): OperateHistoryFilter {
    return {
      userId,
      recordType: query.recordType,
      keyword: query.keyword,
      from: query.startDate ? localMidnight(query.startDate) : undefined,
      to: query.endDate ? localMidnight(query.endDate, 1) : undefined,
      ids: query.ids,
    };
  }

  async save(auth: AuthContext, input: SaveOperateHistoryInput): Promise<{ id: string }> {
    const userId = this.ownerOf(auth);
    const [id] = await this.repository.insertMany([
      {
        userId,
        recordType: input.recordType,
        title: input.title,
        router: input.router ?? null,
        resultTotal: input.resultTotal ?? null,
        data: JSON.stringify(input.data),
        createdAt: this.now().toISOString(),
      },
    ]);
    return { id: id! };
  }

  async list(
    auth: AuthContext,
    query: OperateHistoryQuery & { page: number; pageSize: number },
  ): Promise<{ total: number; page: number; pageSize: number; items: OperateHistoryItem[] }> {
    const { total, rows } = await this.repository.page(
      this.filterOf(this.ownerOf(auth), query),
      query.page,
      query.pageSize,
    );
    return { total, page: query.page, pageSize: query.pageSize, items: rows.map(itemOf) };
  }

  async remove(auth: AuthContext, request: { ids: string[] } | { all: true }): Promise<{ deleted: number }> {
    const userId = this.ownerOf(auth);
    return { deleted: await this.repository.deleteOwn(userId, 'all' in request ? 'all' : request.ids) };
  }

  /** One own row with what reopening it needs; someone else's id answers HISTORY_NOT_FOUND like a missing one. */
  async getData(auth: AuthContext, id: string): Promise<OperateHistoryItem & { data: Record<string, unknown> }> {
    const row = await this.repository.findOwn(this.ownerOf(auth), id);
    if (!row) throw new AppError('HISTORY_NOT_FOUND');
    return { ...itemOf(row), data: dataOf(row) };
  }

  /** The matching rows (all of the user's by default) as an .xlsx file named in the user's language. */
  async exportXlsx(
    auth: AuthContext,
    query: OperateHistoryQuery,
    lang: Language,
  ): Promise<{ file: Readable; filename: string }> {
    const filter = this.filterOf(this.ownerOf(auth), query);
    const repository = this.repository;
    // Read in batches as the file is written (300,000 rows are never held at once).
    const records = async function* () {
      for await (const rows of repository.batches(filter, MAX_EXPORT_ROWS, EXPORT_BATCH_ROWS))
        yield* rows.map(recordOf);
    };
    const file = writeOperateHistoryXlsx(records, lang);
    const stamp = localDayStamp(this.now());
    return { file, filename: `${lang === 'zh' ? '操作历史' : 'operation-history'}-${stamp}.xlsx` };
  }

  /** Imports an exported file into the caller's history: good rows are kept, bad ones reported by line. */
  async importXlsx(auth: AuthContext, file: Buffer, lang: Language): Promise<ImportReport> {
    const userId = this.ownerOf(auth);
    if (file.length === 0) throw new AppError('IMPORT_FILE_REQUIRED');
    let parsed;
    try {
      parsed = await readOperateHistoryXlsx(file, this.sheets, lang, this.now());
    } catch (err) {
      if (err instanceof XlsxFileError) throw new AppError('IMPORT_FILE_INVALID', { reason: err.reason });
      throw err;
    }
    // Rows the user holds already (the same file imported again, or after a lost answer) are not added twice.
    const ids = await this.repository.insertMany(
      parsed.records.map((record) => ({
        userId,
        recordType: record.recordType,
        title: record.title,
        router: record.router ?? null,
        resultTotal: record.resultTotal ?? null,
        data: JSON.stringify(record.data),
        // Stored as UTC like every other row, whatever offset the file carried.
        createdAt: new Date(record.createdAt).toISOString(),
      })),
      { skipStored: true },
    );
    return {
      imported: ids.length,
      errors: parsed.errors,
      ...(parsed.errorsOmitted > 0 ? { errorsOmitted: parsed.errorsOmitted } : {}),
    };
  }
}
