import type { Readable } from 'node:stream';
import {
  formatErrorMessage,
  HISTORY_RETENTION_DAYS,
  HISTORY_RETENTION_MS,
  MAX_EXPORT_ROWS,
  type HistoryReferenceItem,
  type ImportReport,
  type Language,
  type SearchHistoryEntry,
  type SearchHistoryItem,
} from '@patlas/contracts';
import { AppError } from '../../errors.js';
import type { AuthContext } from '../../kernel/access.plugin.js';
import type { Clock } from '../../kernel/clock.js';
import type { QueryNode } from '@patlas/query';
import type { ResultPageSearch, SearchService } from '../search/index.js';
import { HistoryCombiner, type CombineOperator } from './history-combine.js';
import { readEntryJson, readEntryValue, resultPageEntry } from './history-entry.js';
import { XlsxFileError } from '../../files/spreadsheet.js';
import type { SheetReader } from '../../files/sheet-reader.js';
import { exportFilename, readHistoryXlsx, writeHistoryXlsx } from './history-xlsx.js';
import type { SearchHistory, SearchHistoryFilter, SearchHistoryRepository } from './search-history.repository.js';

/** Rows an export reads from the database at a time. */
const EXPORT_BATCH_ROWS = 1000;

/** List/export filters as the contract names them; dates are YYYY-MM-DD, both ends inclusive. */
export interface SearchHistoryQuery {
  keyword?: string | undefined;
  startDate?: string | undefined;
  endDate?: string | undefined;
  ids?: string[] | undefined;
}

/**
 * A YYYY-MM-DD day as the instant its server-local midnight falls on (the day boundaries users
 * see in the list are the server's, as in the operation history).
 */
function localMidnight(day: string, addDays = 0): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + addDays).toISOString();
}

/** The stored entry; a row whose JSON no longer validates shows what its columns hold. */
function entryOf(row: SearchHistory): SearchHistoryEntry {
  const reading = readEntryJson(row.content, 'en');
  if (reading.ok) return reading.entry;
  return {
    operationName: 'search',
    searchExpression: row.search_expression,
    resultTotal: /^\d+$/.test(row.result_total) ? row.result_total : '0',
  };
}

function itemOf(row: SearchHistory): SearchHistoryItem {
  return { id: row.id, no: row.no, createdAt: row.created_at, entry: entryOf(row) };
}

/**
 * Which patents an entry's search selects: expression, search within, filters, data-source scope
 * (or a semantic search's text and settings). Actions that keep it (page, view, merge, sort,
 * detail, analysis…) are the same search; a filter or a search within is another one.
 */
export function searchKeyOf(entry: SearchHistoryEntry): string {
  if (entry.searchContext) {
    const { searchContext, ss_dataSources, ss_patentType, ss_dateType, ss_weights } = entry;
    return JSON.stringify(['semantic', searchContext, ss_dataSources, ss_patentType, ss_dateType, ss_weights]);
  }
  const state = entry.state;
  if (!state) {
    const filters = (entry.filterArrs ?? []).map((f) => [f.field, [...f.values].sort()]).sort();
    return JSON.stringify(['expression', entry.searchExpression.trim(), '', filters, entry.sources ?? '']);
  }
  const filters = (state.filters ?? []).map((f) => [f.field, [...f.values].sort()]).sort();
  return JSON.stringify([
    'expression',
    state.searchExpre.trim(),
    state.secondExpre?.trim() ?? '',
    filters,
    state.source ?? '',
    // A search as of a data version is another search than the same one on the corpus as it is.
    ...(state.asOf !== undefined ? [state.asOf] : []),
  ]);
}

/** How many of the user's latest entries of the same expression a follow-up action looks through. */
const FOLD_LOOKBACK = 50;

/**
 * What `#no` stands for in a user's expressions (the search service's HistoryReferenceSource):
 * read from the stored entries over the expression search only, so the search service is built
 * from it rather than the history service, which itself searches through the search service.
 */
export class HistoryReferences {
  constructor(
    private readonly repository: SearchHistoryRepository,
    private readonly combiner: HistoryCombiner,
  ) {}

  /** The entry's whole search, or undefined when the user has no entry `no`; see SearchHistoryService.searchOf. */
  async searchOf(
    userId: string,
    no: number,
    lang: Language,
    resolve: (ast: QueryNode) => Promise<QueryNode>,
  ): Promise<{ expression: string; ast: QueryNode } | undefined> {
    const row = await this.repository.findByNo(userId, no);
    if (!row) return undefined;
    return this.combiner.entrySearch({ no, entry: entryOf(row), operator: 'AND' }, lang, resolve);
  }
}

/** Search history of signed-in accounts (spec 1 §3 entries, §7 history calls). */
export class SearchHistoryService {
  private readonly combiner: HistoryCombiner;
  private readonly references: HistoryReferences;

  constructor(
    private readonly repository: SearchHistoryRepository,
    private readonly search: SearchService,
    private readonly now: Clock,
    /** Reads spreadsheet imports off the HTTP thread (files/sheet-reader.ts). */
    private readonly sheets: SheetReader,
  ) {
    this.combiner = new HistoryCombiner(search);
    this.references = new HistoryReferences(repository, this.combiner);
  }

  /** IP-login visitors have no account to keep a history under (spec 1 §4). */
  private ownerOf(auth: AuthContext): string {
    if (auth.userId === null) throw new AppError('ACCOUNT_IP_VISITOR');
    return auth.userId;
  }

  private filterOf(userId: string, query: SearchHistoryQuery): SearchHistoryFilter {
    return {
      userId,
      keyword: query.keyword,
      from: query.startDate ? localMidnight(query.startDate) : undefined,
      to: query.endDate ? localMidnight(query.endDate, 1) : undefined,
      ids: query.ids,
    };
  }

  /**
   * POST /history: `content` is the entry as JSON text (spec 1 §7). A new search (`search`) gets
   * a new row and number. Any other action on a search the user already has a row for (page,
   * view, merge, sort, detail, detail tab, analysis…, see searchKeyOf) is folded into that row,
   * the latest of them: the row keeps its number and time and takes the action's state, so the
   * history lists searches, not clicks, and `#n` keeps selecting the same patents. Answers the
   * id of the row written.
   */
  async save(auth: AuthContext, content: string, lang: Language): Promise<{ id: string; folded: boolean }> {
    const userId = this.ownerOf(auth);
    const reading = readEntryJson(content, lang);
    if (!reading.ok) throw new AppError('HISTORY_CONTENT_INVALID', { reason: reading.reason });
    return this.saveEntry(userId, reading.entry);
  }

  /**
   * Issue 42: the result page's action, recorded by its search (searchNew) with the total found,
   * as the page recorded it with POST /history before: the same entry (resultPageEntry), the same
   * folding into the row of its search. An action that is not recorded (an empty value, spec 1 §4)
   * or an entry the contract refuses (an over-long expression) is left out, as the page did.
   */
  async recordResultPage(
    userId: string,
    page: ResultPageSearch,
    lang: Language,
  ): Promise<{ id: string; folded: boolean } | undefined> {
    if (page.action.value.trim() === '') return undefined;
    const reading = readEntryValue(resultPageEntry(page), lang);
    if (!reading.ok) return undefined;
    return this.saveEntry(userId, reading.entry);
  }

  private async saveEntry(userId: string, entry: SearchHistoryEntry): Promise<{ id: string; folded: boolean }> {
    if (entry.operationName !== 'search') {
      const key = searchKeyOf(entry);
      const candidates = await this.repository.latestOfExpression(userId, entry.searchExpression, FOLD_LOOKBACK);
      const row = candidates.find((candidate) => searchKeyOf(entryOf(candidate)) === key);
      if (row) {
        await this.repository.updateEntry(userId, row.id, this.rowOf(entry, row.created_at));
        return { id: row.id, folded: true };
      }
    }
    const [id] = await this.repository.insertNumbered(userId, [this.rowOf(entry, this.now().toISOString())]);
    return { id: id!, folded: false };
  }

  private rowOf(entry: SearchHistoryEntry, createdAt: string) {
    return {
      operationName: entry.operationName,
      searchExpression: entry.searchExpression,
      resultTotal: entry.resultTotal,
      // Stored as validated (unknown keys dropped), so what is read back is a valid entry.
      content: JSON.stringify(entry),
      createdAt,
    };
  }

  async list(
    auth: AuthContext,
    query: SearchHistoryQuery & { page: number; pageSize: number },
  ): Promise<{ total: number; page: number; pageSize: number; items: SearchHistoryItem[] }> {
    const userId = this.ownerOf(auth);
    const { total, rows } = await this.repository.page(this.filterOf(userId, query), query.page, query.pageSize);
    return { total, page: query.page, pageSize: query.pageSize, items: rows.map(itemOf) };
  }

  async remove(auth: AuthContext, body: { ids: string[] } | { all: true }): Promise<{ deleted: number }> {
    const userId = this.ownerOf(auth);
    const deleted = await this.repository.deleteOwn(userId, 'all' in body ? 'all' : body.ids);
    return { deleted };
  }

  /** The chosen or matching entries, newest first, as .xlsx (at most MAX_EXPORT_ROWS). */
  async exportXlsx(
    auth: AuthContext,
    query: SearchHistoryQuery,
    lang: Language,
  ): Promise<{ file: Readable; filename: string }> {
    const userId = this.ownerOf(auth);
    const filter = this.filterOf(userId, query);
    const repository = this.repository;
    // Read in batches as the file is written (300,000 rows are never held at once).
    const records = async function* () {
      for await (const rows of repository.batches(filter, MAX_EXPORT_ROWS, EXPORT_BATCH_ROWS)) {
        for (const row of rows) yield { no: row.no, createdAt: row.created_at, entry: entryOf(row) };
      }
    };
    return { file: writeHistoryXlsx(records, lang), filename: exportFilename(this.now(), lang) };
  }

  /**
   * An exported file back: good rows become new entries (new numbers, in the order they were
   * first recorded, keeping their time); bad rows are reported by line. Rows older than the
   * retention period are refused per line: retention would delete them at its next run.
   */
  async importXlsx(auth: AuthContext, file: Buffer, lang: Language): Promise<ImportReport> {
    const userId = this.ownerOf(auth);
    const now = this.now();
    let parsed: Awaited<ReturnType<typeof readHistoryXlsx>>;
    try {
      parsed = await readHistoryXlsx(file, this.sheets, {
        lang,
        now,
        oldest: new Date(now.getTime() - HISTORY_RETENTION_MS),
        retentionDays: HISTORY_RETENTION_DAYS,
      });
    } catch (err) {
      if (err instanceof XlsxFileError) throw new AppError('IMPORT_FILE_INVALID', { reason: err.reason });
      throw err;
    }
    const nowIso = now.toISOString();
    const rows = parsed.records
      .map((record) => this.rowOf(record.entry, record.createdAt ?? nowIso))
      // Oldest first, so the numbers follow time as they do for entries recorded here.
      .sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0));
    // Entries the user holds already (the same file imported again) are not added twice.
    const ids = await this.repository.insertNumbered(userId, rows, { skipStored: true });
    return {
      imported: ids.length,
      errors: parsed.errors,
      ...(parsed.errorsOmitted > 0 ? { errorsOmitted: parsed.errorsOmitted } : {}),
    };
  }

  /** POST /history/historyRetrievalCombined: the caller's entries joined left to right, as `#3 AND #5`. */
  async combine(
    auth: AuthContext,
    items: readonly { id: string; operator: CombineOperator }[],
    lang: Language,
  ): Promise<{ expression: string; total: number }> {
    const userId = this.ownerOf(auth);
    const rows = new Map(
      (
        await this.repository.findOwn(
          userId,
          items.map((i) => i.id),
        )
      ).map((r) => [r.id, r]),
    );
    const chosen = items.map((item) => {
      const row = rows.get(item.id);
      if (!row) throw new AppError('HISTORY_NOT_FOUND');
      return { no: row.no, entry: entryOf(row), operator: item.operator };
    });
    const context = { userId };
    return this.combiner.combine(
      chosen,
      lang,
      (ast) => this.search.resolveReferences(ast, lang, context),
      async (expression) => (await this.search.totalHits(expression, undefined, 0, lang, context)).total,
    );
  }

  /**
   * What `#no` stands for in the user's expressions (the search service asks, see
   * HistoryReferenceSource): the entry's whole search, or undefined when the user has no entry
   * `no`. An entry without an expression form throws its HISTORY_COMBINE_* error.
   */
  searchOf(
    userId: string,
    no: number,
    lang: Language,
    resolve: (ast: QueryNode) => Promise<QueryNode>,
  ): Promise<{ expression: string; ast: QueryNode } | undefined> {
    return this.references.searchOf(userId, no, lang, resolve);
  }

  /**
   * POST /history/references: for the expression editor's live preview, what each `#n` stands
   * for (its whole search as an expression and its recorded hits), or why it cannot be used.
   */
  async describeReferences(
    auth: AuthContext,
    nos: readonly number[],
    lang: Language,
  ): Promise<{ items: HistoryReferenceItem[] }> {
    const userId = this.ownerOf(auth);
    const items: HistoryReferenceItem[] = [];
    for (const no of [...new Set(nos)]) {
      const row = await this.repository.findByNo(userId, no);
      if (!row) {
        items.push({ no, found: false });
        continue;
      }
      const entry = entryOf(row);
      try {
        const search = await this.searchOf(userId, no, lang, (ast) =>
          this.search.resolveReferences(ast, lang, { userId }),
        );
        items.push({
          no,
          found: true,
          expression: search?.expression ?? entry.searchExpression,
          total: entry.resultTotal,
        });
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        const message = formatErrorMessage(err.code, lang, err.params);
        items.push({ no, found: true, total: entry.resultTotal, problem: message });
      }
    }
    return { items };
  }
}
