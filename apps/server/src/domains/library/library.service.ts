import {
  formatErrorMessage,
  MAX_COLLECT_PATENTS,
  MAX_COLLECT_TOTAL,
  MAX_EXPORT_ROWS,
  MAX_IMPORT_LABELS,
  MAX_LIBRARY_LABELS_PER_OWNER,
  MAX_LIBRARY_DEPTH,
  MAX_LIBRARY_REMOVE,
  MAX_PAGE_SIZE,
  RECORD_TYPES,
  type CollectRequestSchema,
  type CollectResult,
  type CreateFolderRequestSchema,
  type LabelCancelRequestSchema,
  type LabelSetRequestSchema,
  type LibraryDeleteRequestSchema,
  type LibraryUpdateRequestSchema,
  type SaveExpressionRequestSchema,
  type LabelCancelResponse,
  type LabelListResponse,
  type LabelSetResponse,
  type Language,
  type LibraryCombineResponse,
  type LibraryDeleteResponse,
  type LibraryExportFormat,
  type LibraryFolder,
  type LibraryFolderList,
  type LibraryHolding,
  type LibraryImportResponse,
  type LibraryLabel,
  type LibraryLogAction,
  type LibraryLogItem,
  type LibraryPatent,
  type LibraryPatentPage,
  type LibraryQuota,
  type LibraryUpdateResponse,
  type SavedExpression,
  type SavedExpressionPage,
  type SearchHistoryEntry,
  type SearchState,
} from '@patlas/contracts';
import type { SearchEngine } from '@patlas/engine';
import { makeAnd, printExpression, type QueryNode } from '@patlas/query';
import type { z } from 'zod';
import { AppError } from '../../errors.js';
import { ImportErrors } from '../../files/import-errors.js';
import { localDayStamp } from '../../files/spreadsheet.js';
import type { SheetReader } from '../../files/sheet-reader.js';
import type { AuthContext } from '../../kernel/access.plugin.js';
import type { Clock } from '../../kernel/clock.js';
import { HistoryCombiner, type CombineOperator, type SearchHistoryService } from '../history/index.js';
import type { OperateHistoryService } from '../operate-history/index.js';
import type { PatentService } from '../patent/index.js';
import { toAppError, type SearchContext, type SearchService } from '../search/index.js';
import { locateFolder, type LocatedFolder } from './library-access.js';
import { writeLibraryExport, type LibraryExportRow } from './library-export.js';
import { readTxtImport, readWorkbookImport, type ImportReading } from './library-import.js';
import type { LibraryLabelRow, LibraryRepository, LibraryRow, SavedExpressionRow } from './library.repository.js';
import { folderDto, FolderTree } from './library-tree.js';
import type { LibraryMembersRepository } from './library-members.repository.js';

/** Patents read at a time for an export. */
const EXPORT_PAGE = 500;

type CreateFolderBody = z.output<typeof CreateFolderRequestSchema>;
type CollectBody = z.output<typeof CollectRequestSchema>;
type SaveExpressionBody = z.output<typeof SaveExpressionRequestSchema>;
type UpdateBody = z.output<typeof LibraryUpdateRequestSchema>;
type DeleteBody = z.output<typeof LibraryDeleteRequestSchema>;
type LabelSetBody = z.output<typeof LabelSetRequestSchema>;
type LabelCancelBody = z.output<typeof LabelCancelRequestSchema>;

export interface LibraryServiceDeps {
  repository: LibraryRepository;
  /** Who each collaborative library is shared with (library-share.service.ts keeps it). */
  members: LibraryMembersRepository;
  /** Number lookups of the patent store (any written form → stored publication number). */
  patents: Pick<PatentService, 'resolveHeldNumbers'>;
  search: SearchService;
  engine: SearchEngine;
  /** Records collects in search history (the spec's `collect` entry). */
  history: Pick<SearchHistoryService, 'save'>;
  /** Records collects and imports in operation history (record type 4, favourite). */
  operateHistory: Pick<OperateHistoryService, 'save'>;
  /** The caller's favourites limit (users.quotas; null: unlimited), from the account domain. */
  favouritesLimit: (auth: AuthContext) => Promise<number | null>;
  /** Another user's favourites limit: a collaborative library's owner, whose quota members' additions count against. */
  favouritesLimitOf: (userId: string) => Promise<number | null>;
  /** Reads spreadsheet imports off the HTTP thread (files/sheet-reader.ts). */
  sheets: SheetReader;
  now: Clock;
}

/** A folder the caller may reach, with its tree and the caller's role. */
type Opened = LocatedFolder;

/** Result sets up to this size are collected in the result page's order (page by page); larger ones in one read. */
const ORDERED_COLLECT_MAX = 2_000;

/** A limit as the spec's messages write it: 30,000. */
const grouped = (n: number) => n.toLocaleString('en-US');

const IMPORT_PROBLEM: Record<'tooLong' | 'notANumber' | 'notFound', Record<Language, string>> = {
  tooLong: { zh: '内容过长，不是公开号或申请号', en: 'Too long to be a publication or application number' },
  notANumber: { zh: '不是有效的公开号或申请号', en: 'Not a valid publication or application number' },
  notFound: { zh: '本库未收录该号码', en: 'This number is not in the database' },
};

const STATE_REASON = {
  notTop: { zh: '只有顶层专利库可以归档', en: 'only a top-level library can be archived' },
  notDeleted: { zh: '该文件夹不在回收站中', en: 'the folder is not in the recycle bin' },
  parentDeleted: { zh: '请先恢复其上级文件夹', en: 'restore its parent folder first' },
  deleted: { zh: '该文件夹已在回收站中', en: 'the folder is in the recycle bin' },
} as const;

function stateConflict(reason: keyof typeof STATE_REASON, lang: Language): AppError {
  return new AppError('LIBRARY_STATE_CONFLICT', { reason: STATE_REASON[reason][lang] });
}

function labelDto(row: LibraryLabelRow, count?: number): LibraryLabel {
  return {
    id: row.id,
    parentId: row.parent_id,
    name: row.name,
    ...(count !== undefined ? { count } : {}),
    createdAt: row.created_at,
  };
}

function expressionDto(row: SavedExpressionRow): SavedExpression {
  let state: SearchState;
  try {
    state = JSON.parse(row.state) as SearchState;
  } catch {
    state = { searchExpre: row.expression };
  }
  return {
    id: row.id,
    name: row.name,
    state,
    expression: row.expression,
    total: Number(row.total),
    ...(row.data_version !== null && row.data_version !== undefined ? { dataVersion: Number(row.data_version) } : {}),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Labels in list order: top-level labels by name, each followed by its sub-labels by name. */
function orderedLabels(rows: readonly LibraryLabelRow[]): LibraryLabelRow[] {
  const byName = (a: LibraryLabelRow, b: LibraryLabelRow) => a.name.localeCompare(b.name, 'zh');
  const tops = rows.filter((r) => r.parent_id === null).sort(byName);
  const out: LibraryLabelRow[] = [];
  for (const top of tops) {
    out.push(top, ...rows.filter((r) => r.parent_id === top.id).sort(byName));
  }
  return out;
}

/**
 * Patent libraries (spec 2 §3–§9, issue 17): folders, collecting, the recycle bin, saved
 * expressions, indexing labels, imports and each library's log. Every call opens its folders
 * through `open`, which asks library-access.ts whether the caller may.
 */
export class LibraryService {
  private readonly combiner: HistoryCombiner;

  constructor(private readonly deps: LibraryServiceDeps) {
    this.combiner = new HistoryCombiner(deps.search);
  }

  private get repo(): LibraryRepository {
    return this.deps.repository;
  }

  private nowIso(): string {
    return this.deps.now().toISOString();
  }

  /** IP-login visitors have no account to keep libraries under (spec 1 §4). */
  private userOf(auth: AuthContext): string {
    if (auth.userId === null) throw new AppError('ACCOUNT_IP_VISITOR');
    return auth.userId;
  }

  /**
   * The folder if the user may reach it (library-access.ts). A member finds an archived or deleted
   * library unavailable (spec 2 §8: "The patent library has been deleted or archived, and cannot
   * be viewed"); its owner can still open an archived one.
   */
  private async open(folderId: string, userId: string): Promise<Opened> {
    const opened = await locateFolder(this.repo, this.deps.members, folderId, userId);
    if (opened.role === 'member' && opened.tree.stateOf(opened.root) !== 'active') {
      throw new AppError('LIBRARY_UNAVAILABLE');
    }
    return opened;
  }

  /** As `open`, for what only the library's owner may do: change folders (spec 2 §3). */
  private async openOwned(folderId: string, userId: string): Promise<Opened> {
    const opened = await this.open(folderId, userId);
    if (opened.role !== 'owner') throw new AppError('LIBRARY_OWNER_ONLY');
    return opened;
  }

  /** As `open`, for a change to the folder's patents: it must be active (not archived, not in the bin). */
  private async openWritable(folderId: string, userId: string): Promise<Opened> {
    const opened = await this.open(folderId, userId);
    if (opened.tree.stateOf(opened.folder) !== 'active') throw new AppError('LIBRARY_UNAVAILABLE');
    return opened;
  }

  /** The caller's role in the library holding the folder, or LIBRARY_NOT_FOUND (the one access check). */
  async access(folderId: string, userId: string): Promise<LocatedFolder['role']> {
    return (await this.open(folderId, userId)).role;
  }

  private async log(
    opened: Pick<Opened, 'root' | 'folder'>,
    userId: string,
    action: LibraryLogAction,
    extra: { count?: number; detail?: string } = {},
  ): Promise<void> {
    await this.repo.insertLog({
      rootId: opened.root.id,
      folderId: opened.folder.id,
      folderName: opened.folder.name,
      userId,
      action,
      count: extra.count,
      detail: extra.detail,
      createdAt: this.nowIso(),
    });
  }

  private async describeFolder(folderId: string): Promise<LibraryFolder> {
    const folder = await this.repo.findFolder(folderId);
    if (!folder) throw new AppError('LIBRARY_NOT_FOUND');
    const tree = new FolderTree(await this.repo.foldersOf(folder.owner_id));
    const row = tree.get(folderId)!;
    const counts = await this.repo.countsByFolder(tree.subtree(row).map((f) => f.id));
    return folderDto(tree, row, counts);
  }

  private assertNameFree(tree: FolderTree, parentId: string | null, name: string, except?: string): void {
    const taken = tree
      .childrenOf(parentId)
      .some((f) => f.id !== except && f.deleted_at === null && f.name.toLowerCase() === name.toLowerCase());
    if (taken) throw new AppError('LIBRARY_NAME_TAKEN', { name });
  }

  // -------------------------------------------------------------------------------------------
  // Quota

  /** Patents in the user's own active folders (spec 2 §6: archived, deleted and shared ones do not count). */
  async favouritesUsed(userId: string): Promise<number> {
    const tree = new FolderTree(await this.repo.foldersOf(userId));
    const active = tree.rows.filter((f) => tree.stateOf(f) === 'active').map((f) => f.id);
    const counts = await this.repo.countsByFolder(active);
    let used = 0;
    for (const n of counts.values()) used += n;
    return used;
  }

  private async quotaOf(auth: AuthContext, userId: string): Promise<LibraryQuota> {
    return { used: await this.favouritesUsed(userId), limit: await this.deps.favouritesLimit(auth) };
  }

  /**
   * Refuses when the patents added would pass a library owner's favourites limit: `adding` counts
   * them per owner. The caller's own folders count against the caller's limit; a collaborative
   * library's against its owner's (issue 41: members added without limit) — what members add is
   * the owner's, counted in the owner's `used` (spec 2 §6: shared libraries do not count for the
   * member), as a shared workspace's content counts against the workspace's owner.
   */
  private async checkQuota(auth: AuthContext, userId: string, adding: ReadonlyMap<string, number>): Promise<void> {
    for (const [ownerId, count] of adding) {
      if (count === 0) continue;
      const own = ownerId === userId;
      const limit = own ? await this.deps.favouritesLimit(auth) : await this.deps.favouritesLimitOf(ownerId);
      if (limit === null) continue;
      const used = await this.favouritesUsed(ownerId);
      if (used + count <= limit) continue;
      throw new AppError(own ? 'COLLECT_QUOTA_EXCEEDED' : 'COLLECT_OWNER_QUOTA_EXCEEDED', {
        limit: grouped(limit),
        used: grouped(used),
      });
    }
  }

  // -------------------------------------------------------------------------------------------
  // /archive/v2/save

  async createFolder(auth: AuthContext, body: CreateFolderBody): Promise<LibraryFolder> {
    const userId = this.userOf(auth);
    const parentId = body.parentId ?? null;
    let ownerId = userId;
    if (parentId) {
      const parent = await this.openWritable(parentId, userId);
      // Spec 2 §3: "regular members cannot create sub-folders".
      if (parent.role !== 'owner') throw new AppError('LIBRARY_OWNER_ONLY');
      if (parent.tree.levelOf(parent.folder) + 1 > MAX_LIBRARY_DEPTH) {
        throw new AppError('LIBRARY_TOO_DEEP', { max: MAX_LIBRARY_DEPTH });
      }
      this.assertNameFree(parent.tree, parent.folder.id, body.name);
      ownerId = parent.root.owner_id;
    } else {
      this.assertNameFree(new FolderTree(await this.repo.foldersOf(userId)), null, body.name);
    }
    const row = await this.repo.insertFolder({
      ownerId,
      parentId,
      name: body.name,
      remark: body.remark,
      createdAt: this.nowIso(),
    });
    const opened = await this.open(row.id, userId);
    await this.log(opened, userId, 'create', { detail: opened.tree.pathOf(opened.folder) });
    return folderDto(opened.tree, opened.folder, new Map());
  }

  /**
   * Spec 2 §8/§9: at most MAX_COLLECT_PATENTS per collect ("Selected patents cannot exceed 30,000
   * entries"), and patents × folders at most MAX_COLLECT_TOTAL ("The total number of collections
   * in multiple folders cannot exceed 30,000 entries"), counted on what was asked for.
   */
  private checkCollectSize(patents: number, folders: number): void {
    if (patents > MAX_COLLECT_PATENTS) throw new AppError('COLLECT_TOO_MANY', { max: grouped(MAX_COLLECT_PATENTS) });
    if (patents * folders > MAX_COLLECT_TOTAL) {
      throw new AppError('COLLECT_TOTAL_TOO_MANY', { max: grouped(MAX_COLLECT_TOTAL) });
    }
  }

  /**
   * The patents of a result set: up to ORDERED_COLLECT_MAX in the result page's order; a larger
   * set in one read, in its set source's order when it has one (else the engine's).
   */
  private async numbersOfResultSet(
    resultSet: NonNullable<CollectBody['resultSet']>,
    folders: number,
    lang: Language,
    context: SearchContext,
  ): Promise<{ numbers: string[]; total: number }> {
    const { ast, options, resolved } = await this.deps.search.scope(resultSet, lang, context);
    try {
      const total = await this.deps.engine.count(ast, options);
      this.checkCollectSize(total, folders);
      if (total === 0) return { numbers: [], total };
      if (total <= ORDERED_COLLECT_MAX) {
        // The result page's order (its sort, else relevance or the set's rank), page by page.
        const numbers: string[] = [];
        for (let page = 1; numbers.length < total; page++) {
          const result = await this.deps.engine.search({
            ast,
            ...options,
            page,
            pageSize: MAX_PAGE_SIZE,
            ...(resultSet.sort ? { sort: resultSet.sort } : {}),
            facets: [],
            highlight: false,
          });
          if (result.items.length === 0) break;
          numbers.push(...result.items.map((item) => item.publicationNumber));
        }
        return { numbers: [...new Set(numbers)], total };
      }
      const sample = await this.deps.engine.texts(ast, options, { limit: MAX_COLLECT_PATENTS });
      let numbers = sample.docs.map((d) => d.publicationNumber);
      if (resolved) {
        const rank = new Map(resolved.ranking.map((r, i) => [r.publicationNumber, i]));
        numbers = numbers.sort((a, b) => (rank.get(a) ?? 0) - (rank.get(b) ?? 0));
      }
      return { numbers, total };
    } catch (err) {
      throw toAppError(err);
    }
  }

  /**
   * Collects the chosen numbers or a whole result set into folders. Patents a folder holds are
   * skipped and counted; numbers not in the database are answered in `notFound`.
   */
  async collect(auth: AuthContext, body: CollectBody, lang: Language): Promise<CollectResult> {
    const userId = this.userOf(auth);
    const folderIds = [...new Set(body.folderIds)];
    const targets: Opened[] = [];
    for (const id of folderIds) targets.push(await this.openWritable(id, userId));

    let numbers: string[];
    let notFound: string[] = [];
    let total: number | undefined;
    if (body.publicationNumbers) {
      const inputs = [...new Set(body.publicationNumbers.map((n) => n.trim()))];
      this.checkCollectSize(inputs.length, targets.length);
      const held = await this.deps.patents.resolveHeldNumbers(inputs);
      numbers = [...new Set(inputs.map((n) => held[n]).filter((n): n is string => n !== undefined))];
      notFound = inputs.filter((n) => held[n] === undefined);
    } else {
      ({ numbers, total } = await this.numbersOfResultSet(body.resultSet!, targets.length, lang, { userId }));
    }
    if (numbers.length === 0) throw new AppError('COLLECT_NOTHING');

    // Each folder's new patents count against its library owner's quota.
    const adding = new Map<string, number>();
    for (const target of targets) {
      const owner = target.root.owner_id;
      const added = numbers.length - (await this.repo.heldNumbers(target.folder.id, numbers)).size;
      adding.set(owner, (adding.get(owner) ?? 0) + added);
    }
    await this.checkQuota(auth, userId, adding);

    const at = this.nowIso();
    const folders: CollectResult['folders'] = [];
    for (const target of targets) {
      const added = await this.repo.addPatents(target.folder.id, numbers, userId, at);
      folders.push({ folderId: target.folder.id, added, skipped: numbers.length - added });
      await this.log(target, userId, 'collect', { count: added });
    }
    const result: CollectResult = {
      added: folders.reduce((s, f) => s + f.added, 0),
      skipped: folders.reduce((s, f) => s + f.skipped, 0),
      folders,
      notFound,
    };
    await this.recordCollect(auth, targets, result, lang, body.resultSet, total);
    return result;
  }

  /** Operation history (favourite) and, for a result set, the search's `collect` history entry. */
  private async recordCollect(
    auth: AuthContext,
    targets: readonly Opened[],
    result: CollectResult,
    lang: Language,
    resultSet?: CollectBody['resultSet'],
    total?: number,
  ): Promise<void> {
    const names = targets.map((t) => t.tree.pathOf(t.folder)).join(lang === 'zh' ? '、' : ', ');
    const title =
      lang === 'zh'
        ? `收藏 ${result.added} 件专利到“${names}”`
        : `Collected ${result.added} patent${result.added === 1 ? '' : 's'} into "${names}"`;
    const first = targets[0]!;
    await this.deps.operateHistory.save(auth, {
      recordType: RECORD_TYPES.favourite,
      title,
      router: `/innovationSpace/collect?folderId=${encodeURIComponent(first.folder.id)}`,
      resultTotal: String(result.added),
      data: {
        folderIds: targets.map((t) => t.folder.id),
        added: result.added,
        skipped: result.skipped,
        ...(resultSet ? { resultSet } : {}),
      },
    });
    if (!resultSet) return;
    const entry: SearchHistoryEntry = {
      operationName: 'collect',
      searchExpression: resultSet.searchExpre,
      resultTotal: String(total ?? result.added + result.skipped),
      collect: {
        creatorId: first.root.owner_id,
        favName: targets.map((t) => t.folder.name).join(','),
        favoritesId: targets.map((t) => t.folder.id).join(','),
        path: first.tree
          .chain(first.folder)
          .reverse()
          .map((f) => f.id)
          .join('/'),
        pathName: first.tree.pathOf(first.folder),
      },
      state: {
        searchExpre: resultSet.searchExpre,
        ...(resultSet.secondExpre ? { secondExpre: resultSet.secondExpre } : {}),
        ...(resultSet.set ? { set: resultSet.set } : {}),
        ...(resultSet.filters.length > 0 ? { filters: resultSet.filters } : {}),
        ...(resultSet.mergeType ? { mergeType: resultSet.mergeType } : {}),
        ...(resultSet.source ? { source: resultSet.source } : {}),
        ...(resultSet.sort ? { sort: resultSet.sort } : {}),
      },
    };
    try {
      await this.deps.history.save(auth, JSON.stringify(entry), lang);
    } catch (err) {
      // An entry the history refuses (an over-long expression) does not undo the collect.
      if (!(err instanceof AppError)) throw err;
    }
  }

  /**
   * The whole state written as one expression (search within ANDed), its hits and the data version
   * they were counted against (its `asOf`, else the newest: issue 48 item 5).
   */
  private async describeState(
    state: SearchState,
    lang: Language,
    userId: string,
  ): Promise<{ expression: string; total: number; dataVersion: number | null }> {
    const search = this.deps.search;
    const parts: QueryNode[] = [];
    if (state.searchExpre.trim()) parts.push(search.parseWritten(state.searchExpre, lang));
    if (state.secondExpre?.trim()) parts.push(search.parseWritten(state.secondExpre, lang));
    const expression = parts.length > 0 ? printExpression(makeAnd(parts)) : '';
    const { ast, options } = await search.scope(
      {
        searchExpre: state.searchExpre,
        secondExpre: state.secondExpre,
        set: state.set,
        filters: state.filters ?? [],
        mergeType: (state.mergeType ?? 0) as 0 | 1 | 2,
        source: state.source,
        asOf: state.asOf,
      },
      lang,
      { userId },
    );
    const dataVersion = (await search.dataVersionOf(state.asOf)) ?? null;
    try {
      return { expression, total: await this.deps.engine.count(ast, options), dataVersion };
    } catch (err) {
      throw toAppError(err);
    }
  }

  async saveExpression(auth: AuthContext, body: SaveExpressionBody, lang: Language): Promise<SavedExpression> {
    const userId = this.userOf(auth);
    const { expression, total, dataVersion } = await this.describeState(body.state, lang, userId);
    const at = this.nowIso();
    const row = await this.repo.insertExpression({
      owner_id: userId,
      name: body.name,
      state: JSON.stringify(body.state),
      expression,
      total,
      data_version: dataVersion,
      created_at: at,
      updated_at: at,
    });
    return expressionDto(row);
  }

  /**
   * Imports the numbers of a .txt or .xlsx file into a folder (spec 2 §5, §9): values that are no
   * number and numbers not in the database are answered with their line; more than
   * MAX_COLLECT_PATENTS numbers or MAX_IMPORT_LABELS distinct labels are refused.
   */
  async importFile(
    auth: AuthContext,
    folderId: string,
    kind: 'txt' | 'xlsx',
    file: Buffer,
    lang: Language,
  ): Promise<LibraryImportResponse> {
    const userId = this.userOf(auth);
    const target = await this.openWritable(folderId, userId);
    const reading: ImportReading =
      kind === 'txt' ? readTxtImport(file) : await readWorkbookImport(file, lang, this.deps.sheets);
    if (reading.numbers.length > MAX_COLLECT_PATENTS) {
      throw new AppError('COLLECT_TOO_MANY', { max: grouped(MAX_COLLECT_PATENTS) });
    }
    const labelNames = [...new Set(reading.numbers.flatMap((n) => n.labels))];
    if (labelNames.length > MAX_IMPORT_LABELS) {
      throw new AppError('IMPORT_TOO_MANY_LABELS', { max: grouped(MAX_IMPORT_LABELS), count: labelNames.length });
    }
    const held = await this.deps.patents.resolveHeldNumbers(reading.numbers.map((n) => n.value));
    const problems = [
      ...reading.problems.map((p) => ({ line: p.line, value: p.value, message: IMPORT_PROBLEM[p.problem][lang] })),
      ...reading.numbers
        .filter((n) => held[n.value] === undefined)
        .map((n) => ({ line: n.line, value: n.value, message: IMPORT_PROBLEM.notFound[lang] })),
    ].sort((a, b) => a.line - b.line);
    const errors = new ImportErrors<LibraryImportResponse['notFound'][number]>();
    for (const problem of problems) errors.push(problem);

    const found = reading.numbers.filter((n) => held[n.value] !== undefined);
    const numbers = [...new Set(found.map((n) => held[n.value]!))];
    const ownerId = target.root.owner_id;
    const adding = numbers.length - (await this.repo.heldNumbers(target.folder.id, numbers)).size;
    await this.checkQuota(auth, userId, new Map([[ownerId, adding]]));
    // Labels of the second column: the library owner's, created (top-level) when missing; refused
    // as a whole, before anything is added, when they would pass the owner's label limit.
    const ownerLabels = labelNames.length > 0 ? await this.repo.labelsOf(ownerId) : [];
    const byName = new Map(ownerLabels.filter((l) => l.parent_id === null).map((l) => [l.name.toLowerCase(), l.id]));
    const missing = [
      ...new Map(labelNames.filter((n) => !byName.has(n.toLowerCase())).map((n) => [n.toLowerCase(), n])).values(),
    ];
    this.assertLabelRoom(ownerLabels.length, missing.length);
    const at = this.nowIso();
    const added = numbers.length > 0 ? await this.repo.addPatents(target.folder.id, numbers, userId, at) : 0;

    let labelsCreated = 0;
    if (labelNames.length > 0) {
      const created = await this.repo.insertLabels(
        missing.map((name) => ({ ownerId, parentId: null, name, createdAt: at })),
      );
      labelsCreated = created.length;
      for (const label of created) byName.set(label.name.toLowerCase(), label.id);
      const byLabel = new Map<string, string[]>();
      for (const n of found) {
        for (const name of n.labels) {
          const id = byName.get(name.toLowerCase());
          if (!id) continue;
          byLabel.set(id, [...(byLabel.get(id) ?? []), held[n.value]!]);
        }
      }
      for (const [labelId, pns] of byLabel) await this.repo.applyLabels(target.folder.id, [labelId], pns, at);
    }
    await this.log(target, userId, 'import', { count: added });
    await this.deps.operateHistory.save(auth, {
      recordType: RECORD_TYPES.favourite,
      title:
        lang === 'zh'
          ? `导入 ${added} 件专利到“${target.tree.pathOf(target.folder)}”`
          : `Imported ${added} patent${added === 1 ? '' : 's'} into "${target.tree.pathOf(target.folder)}"`,
      router: `/innovationSpace/collect?folderId=${encodeURIComponent(target.folder.id)}`,
      resultTotal: String(added),
      data: { folderIds: [target.folder.id], added, skipped: numbers.length - added },
    });
    return {
      action: 'import',
      read: reading.numbers.length,
      added,
      skipped: numbers.length - added,
      notFound: errors.list(lang, { value: '…' }),
      ...(errors.omittedCount > 0 ? { notFoundOmitted: errors.omittedCount } : {}),
      labelsCreated,
    };
  }

  // -------------------------------------------------------------------------------------------
  // /archive/v2/update

  async update(auth: AuthContext, body: UpdateBody, lang: Language): Promise<LibraryUpdateResponse> {
    const userId = this.userOf(auth);
    const at = this.nowIso();
    if (body.action === 'renameExpression') {
      if (!(await this.repo.renameExpression(userId, body.expressionId, body.name, at))) {
        throw new AppError('SAVED_EXPRESSION_NOT_FOUND');
      }
      const [row] = await this.repo.findExpressions(userId, [body.expressionId]);
      return { expression: expressionDto(row!) };
    }
    const opened = await this.openOwned(body.folderId, userId);
    const { tree, folder } = opened;
    const state = tree.stateOf(folder);
    if (state === 'deleted') throw new AppError('LIBRARY_UNAVAILABLE');
    switch (body.action) {
      case 'rename':
        this.assertNameFree(tree, tree.parentOf(folder)?.id ?? null, body.name, folder.id);
        await this.repo.updateFolders([folder.id], { name: body.name, updated_at: at });
        await this.log(opened, userId, 'rename', { detail: `${folder.name} → ${body.name}` });
        break;
      case 'remark':
        await this.repo.updateFolders([folder.id], { remark: body.remark, updated_at: at });
        await this.log(opened, userId, 'remark', { detail: body.remark });
        break;
      case 'move': {
        if (body.parentId === (tree.parentOf(folder)?.id ?? null)) break;
        let newParent: LibraryRow | null = null;
        if (body.parentId !== null) {
          const parent = await this.openWritable(body.parentId, userId);
          if (parent.role !== 'owner' || parent.root.owner_id !== opened.root.owner_id)
            throw new AppError('LIBRARY_NOT_FOUND');
          if (tree.subtree(folder).some((f) => f.id === parent.folder.id)) throw new AppError('LIBRARY_MOVE_CYCLE');
          if (tree.levelOf(parent.folder) + tree.heightOf(folder) > MAX_LIBRARY_DEPTH) {
            throw new AppError('LIBRARY_TOO_DEEP', { max: MAX_LIBRARY_DEPTH });
          }
          newParent = parent.folder;
        }
        this.assertNameFree(tree, newParent?.id ?? null, folder.name, folder.id);
        // A folder leaving the top takes no archive flag with it; it follows its new library.
        await this.repo.updateFolders([folder.id], { parent_id: newParent?.id ?? null, archived: 0, updated_at: at });
        const moved = await this.open(folder.id, userId);
        await this.log(opened, userId, 'move', { detail: moved.tree.pathOf(moved.folder) });
        if (moved.root.id !== opened.root.id) {
          await this.log(moved, userId, 'move', { detail: moved.tree.pathOf(moved.folder) });
        }
        break;
      }
      case 'archive':
      case 'unarchive':
        if (tree.parentOf(folder)) throw stateConflict('notTop', lang);
        await this.repo.updateFolders([folder.id], { archived: body.action === 'archive' ? 1 : 0, updated_at: at });
        await this.log(opened, userId, body.action);
        break;
    }
    return { folder: await this.describeFolder(folder.id) };
  }

  // -------------------------------------------------------------------------------------------
  // /archive/v2/delete

  async remove(auth: AuthContext, body: DeleteBody, lang: Language): Promise<LibraryDeleteResponse> {
    const userId = this.userOf(auth);
    const at = this.nowIso();
    switch (body.action) {
      case 'deleteExpressions': {
        const affected = await this.repo.deleteExpressions(userId, body.expressionIds);
        if (affected === 0) throw new AppError('SAVED_EXPRESSION_NOT_FOUND');
        return { affected };
      }
      case 'removePatents': {
        const opened = await this.openWritable(body.folderId, userId);
        // Spec 2 §9: at most 30,000 at once, the first in list order.
        const numbers = body.all
          ? await this.repo.firstNumbers(opened.folder.id, MAX_LIBRARY_REMOVE)
          : [...new Set(body.publicationNumbers!.map((n) => n.trim()))];
        const affected = await this.repo.removePatents(opened.folder.id, numbers);
        await this.log(opened, userId, 'remove', { count: affected });
        return { affected, remaining: await this.repo.countPatents(opened.folder.id) };
      }
      case 'delete': {
        const opened = await this.openAll(body.folderIds, userId);
        const live = opened.filter((o) => o.tree.stateOf(o.folder) !== 'deleted');
        await this.repo.updateFolders(
          live.map((o) => o.folder.id),
          { deleted_at: at, updated_at: at },
        );
        for (const o of live) await this.log(o, userId, 'delete');
        return { affected: live.length };
      }
      case 'restore': {
        const opened = await this.openAll(body.folderIds, userId);
        for (const o of opened) {
          if (o.folder.deleted_at === null) throw stateConflict('notDeleted', lang);
          const parent = o.tree.parentOf(o.folder);
          if (parent && o.tree.stateOf(parent) === 'deleted') throw stateConflict('parentDeleted', lang);
        }
        await this.repo.updateFolders(
          opened.map((o) => o.folder.id),
          { deleted_at: null, updated_at: at },
        );
        for (const o of opened) await this.log(o, userId, 'restore');
        return { affected: opened.length };
      }
      case 'purge': {
        const opened = await this.openAll(body.folderIds, userId);
        const ids = new Set<string>();
        for (const o of opened) {
          if (o.tree.stateOf(o.folder) !== 'deleted') throw stateConflict('notDeleted', lang);
          for (const f of o.tree.subtree(o.folder)) ids.add(f.id);
        }
        await this.repo.purgeFolders([...ids]);
        return { affected: opened.length };
      }
    }
  }

  /** Folders to delete, restore or purge: the owner's only. */
  private async openAll(ids: readonly string[], userId: string): Promise<Opened[]> {
    const out: Opened[] = [];
    for (const id of new Set(ids)) out.push(await this.openOwned(id, userId));
    return out;
  }

  // -------------------------------------------------------------------------------------------
  // /archive/v2/list

  async listFolders(
    auth: AuthContext,
    state: 'current' | 'active' | 'archived' | 'deleted' | 'all',
  ): Promise<LibraryFolderList> {
    const userId = this.userOf(auth);
    const tree = new FolderTree(await this.repo.foldersOf(userId));
    const counts = await this.repo.countsByFolder(tree.rows.map((f) => f.id));
    const shown = tree.ordered().filter((f) => {
      const s = tree.stateOf(f);
      switch (state) {
        case 'all':
          return true;
        case 'current':
          return s !== 'deleted';
        case 'deleted': {
          // The recycle bin: what was deleted itself, not what went along with a deleted parent.
          const parent = tree.parentOf(f);
          return f.deleted_at !== null && (!parent || tree.stateOf(parent) !== 'deleted');
        }
        default:
          return s === state;
      }
    });
    return {
      type: 'folders',
      folders: shown.map((f) => folderDto(tree, f, counts)),
      quota: await this.quotaOf(auth, userId),
    };
  }

  async listPatents(
    auth: AuthContext,
    query: { folderId: string; labelId?: string | undefined; page: number; pageSize: number },
  ): Promise<LibraryPatentPage> {
    const userId = this.userOf(auth);
    const opened = await this.open(query.folderId, userId);
    if (opened.tree.stateOf(opened.folder) === 'deleted') throw new AppError('LIBRARY_UNAVAILABLE');
    const { total, rows } = await this.repo.pagePatents(opened.folder.id, query.labelId, query.page, query.pageSize);
    const counts = await this.repo.countsByFolder(opened.tree.subtree(opened.folder).map((f) => f.id));
    return {
      type: 'patents',
      folder: folderDto(opened.tree, opened.folder, counts),
      total,
      page: query.page,
      pageSize: query.pageSize,
      items: await this.patentsOf(opened.folder.id, opened.root.owner_id, rows),
    };
  }

  /** The stored rows of a folder's patents with their records' fields and labels. */
  private async patentsOf(
    folderId: string,
    ownerId: string,
    rows: readonly { publication_number: string; position: number; added_at: string }[],
  ): Promise<LibraryPatent[]> {
    const numbers = rows.map((r) => r.publication_number);
    const hits = new Map((await this.deps.engine.get(numbers)).map((h) => [h.publicationNumber, h]));
    const labels = new Map((await this.repo.labelsOf(ownerId)).map((l) => [l.id, l]));
    const onPatent = new Map<string, { id: string; name: string }[]>();
    for (const pair of await this.repo.labelsOnPatents(folderId, numbers)) {
      const label = labels.get(pair.label_id);
      if (!label) continue;
      onPatent.set(pair.publication_number, [
        ...(onPatent.get(pair.publication_number) ?? []),
        { id: label.id, name: label.name },
      ]);
    }
    return rows.map((row) => {
      const hit = hits.get(row.publication_number);
      return {
        publicationNumber: row.publication_number,
        position: row.position,
        addedAt: row.added_at,
        ...(hit?.title ? { title: hit.title } : {}),
        applicants: hit?.applicants ?? [],
        ...(hit?.applicationNumber ? { applicationNumber: hit.applicationNumber } : {}),
        ...(hit?.applicationDate ? { applicationDate: hit.applicationDate } : {}),
        ...(hit?.publicationDate ? { publicationDate: hit.publicationDate } : {}),
        labels: onPatent.get(row.publication_number) ?? [],
      };
    });
  }

  // -------------------------------------------------------------------------------------------
  // /archive/v2/export

  /**
   * A folder and its sub-folders (those in the recycle bin left out) as a spreadsheet: whoever may
   * open the library may export it (spec 2 §2 "export"); one row per patent of each folder.
   */
  async exportFolder(
    auth: AuthContext,
    folderId: string,
    format: LibraryExportFormat,
    lang: Language,
  ): Promise<{ filename: string; contentType: string; body: Buffer }> {
    const userId = this.userOf(auth);
    const opened = await this.open(folderId, userId);
    if (opened.tree.stateOf(opened.folder) === 'deleted') throw new AppError('LIBRARY_UNAVAILABLE');
    const folders = opened.tree.subtree(opened.folder).filter((f) => opened.tree.stateOf(f) !== 'deleted');
    const rows: LibraryExportRow[] = [];
    for (const folder of folders) {
      const path = opened.tree.pathOf(folder);
      for (let page = 1; ; page += 1) {
        const batch = await this.repo.pagePatents(folder.id, undefined, page, EXPORT_PAGE);
        for (const patent of await this.patentsOf(folder.id, opened.root.owner_id, batch.rows)) {
          rows.push({ folder: path, patent });
        }
        if (batch.rows.length < EXPORT_PAGE || rows.length >= MAX_EXPORT_ROWS) break;
      }
      if (rows.length >= MAX_EXPORT_ROWS) break;
    }
    const file = await writeLibraryExport(rows.slice(0, MAX_EXPORT_ROWS), format, lang);
    const name = opened.folder.name.replace(/[\\/:*?"<>|\s]+/g, '_') || 'library';
    return { filename: `${name}-${localDayStamp(this.deps.now())}.${format}`, ...file };
  }

  async listExpressions(
    auth: AuthContext,
    query: { keyword?: string | undefined; page: number; pageSize: number },
  ): Promise<SavedExpressionPage> {
    const userId = this.userOf(auth);
    const { total, rows } = await this.repo.pageExpressions(userId, query.keyword, query.page, query.pageSize);
    return { type: 'expressions', total, page: query.page, pageSize: query.pageSize, items: rows.map(expressionDto) };
  }

  async holding(auth: AuthContext, numbers: readonly string[]): Promise<LibraryHolding> {
    const userId = this.userOf(auth);
    const tree = new FolderTree(await this.repo.foldersOf(userId));
    const live = tree.rows.filter((f) => tree.stateOf(f) !== 'deleted');
    const names = new Map(live.map((f) => [f.id, tree.pathOf(f)]));
    const holding: LibraryHolding['holding'] = {};
    for (const row of await this.repo.holding(
      live.map((f) => f.id),
      [...new Set(numbers)],
    )) {
      (holding[row.publication_number] ??= []).push({ folderId: row.library_id, name: names.get(row.library_id)! });
    }
    // The caller's labels on these patents, in whichever of their folders they were set (issue 43).
    const labelRows = orderedLabels(await this.repo.labelsOf(userId));
    const order = new Map(labelRows.map((l, i) => [l.id, i]));
    const byId = new Map(labelRows.map((l) => [l.id, l]));
    const labels: LibraryHolding['labels'] = {};
    const pairs = await this.repo.labelsOnPatentsIn(
      live.map((f) => f.id),
      [...new Set(numbers)],
    );
    pairs.sort((a, b) => (order.get(a.label_id) ?? 0) - (order.get(b.label_id) ?? 0));
    for (const pair of pairs) {
      const label = byId.get(pair.label_id);
      if (!label) continue;
      const list = (labels[pair.publication_number] ??= []);
      if (!list.some((l) => l.id === label.id)) list.push({ id: label.id, name: label.name });
    }
    return { type: 'holding', holding, labels };
  }

  // -------------------------------------------------------------------------------------------
  // /archive/v2/combined

  /** Saved expressions joined left to right with AND / OR / NOT (search history's combining rules). */
  async combine(
    auth: AuthContext,
    body: { items: { id: string; operator: CombineOperator }[]; name?: string | undefined },
    lang: Language,
  ): Promise<LibraryCombineResponse> {
    const userId = this.userOf(auth);
    const rows = new Map(
      (
        await this.repo.findExpressions(
          userId,
          body.items.map((i) => i.id),
        )
      ).map((r) => [r.id, r]),
    );
    const context = { userId };
    let expression = '';
    for (const [index, item] of body.items.entries()) {
      const row = rows.get(item.id);
      if (!row) throw new AppError('SAVED_EXPRESSION_NOT_FOUND');
      const saved = expressionDto(row);
      let part: string;
      try {
        if (saved.state.set) throw new AppError('HISTORY_COMBINE_SEMANTIC', { no: index + 1 });
        const entry: SearchHistoryEntry = {
          operationName: 'search',
          searchExpression: saved.state.searchExpre,
          resultTotal: String(saved.total),
          state: saved.state,
        };
        part = (
          await this.combiner.entrySearch({ no: index + 1, entry, operator: item.operator }, lang, (ast) =>
            this.deps.search.resolveReferences(ast, lang, context),
          )
        ).expression;
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        throw new AppError('SAVED_EXPRESSION_NOT_COMBINABLE', {
          name: saved.name,
          reason: formatErrorMessage(err.code, lang, err.params),
        });
      }
      expression = index === 0 ? `(${part})` : `(${expression}) ${item.operator} (${part})`;
    }
    // Printed canonically: the brackets the join added go where they are not needed.
    const canonical = printExpression(this.deps.search.parseWritten(expression, lang));
    const { total } = await this.deps.search.totalHits(canonical, undefined, 0, lang, context);
    if (!body.name) return { expression: canonical, total };
    const at = this.nowIso();
    const row = await this.repo.insertExpression({
      owner_id: userId,
      name: body.name,
      state: JSON.stringify({ searchExpre: canonical }),
      expression: canonical,
      total,
      // Counted on the corpus as it is.
      data_version: (await this.deps.search.dataVersionOf(undefined)) ?? null,
      created_at: at,
      updated_at: at,
    });
    return { expression: canonical, total, saved: expressionDto(row) };
  }

  // -------------------------------------------------------------------------------------------
  // /archive/v2/oper/log/list

  async logs(
    auth: AuthContext,
    query: { folderId: string; page: number; pageSize: number },
  ): Promise<{ total: number; page: number; pageSize: number; items: LibraryLogItem[] }> {
    const userId = this.userOf(auth);
    const opened = await this.open(query.folderId, userId);
    const { total, rows } = await this.repo.pageLogs(opened.root.id, query.page, query.pageSize);
    return {
      total,
      page: query.page,
      pageSize: query.pageSize,
      items: rows.map((row) => ({
        id: row.id,
        folderId: row.folder_id,
        folderName: row.folder_name,
        userId: row.user_id,
        userName: row.user_name ?? '',
        action: row.action as LibraryLogAction,
        ...(row.count !== null ? { count: Number(row.count) } : {}),
        ...(row.detail !== null ? { detail: row.detail } : {}),
        createdAt: row.created_at,
      })),
    };
  }

  // -------------------------------------------------------------------------------------------
  // /labelmanage/*

  async listLabels(auth: AuthContext, folderId: string | undefined): Promise<LabelListResponse> {
    const userId = this.userOf(auth);
    if (!folderId) return { labels: orderedLabels(await this.repo.labelsOf(userId)).map((l) => labelDto(l)) };
    const opened = await this.open(folderId, userId);
    // A label's count in a folder includes its sub-folders (not those in the recycle bin).
    const folders = opened.tree.subtree(opened.folder).filter((f) => opened.tree.stateOf(f) !== 'deleted');
    const counts = await this.repo.labelCounts(folders.map((f) => f.id));
    const rows = orderedLabels(await this.repo.labelsOf(opened.root.owner_id));
    return { labels: rows.map((l) => labelDto(l, counts.get(l.id) ?? 0)) };
  }

  /** A label of the owner, or LABEL_NOT_FOUND. */
  private async ownLabel(labelId: string, ownerId: string): Promise<LibraryLabelRow> {
    const label = await this.repo.findLabel(labelId);
    if (!label || label.owner_id !== ownerId) throw new AppError('LABEL_NOT_FOUND');
    return label;
  }

  private async assertLabelNameFree(ownerId: string, parentId: string | null, name: string, except?: string) {
    const taken = (await this.repo.labelsOf(ownerId)).some(
      (l) => l.id !== except && l.parent_id === parentId && l.name.toLowerCase() === name.toLowerCase(),
    );
    if (taken) throw new AppError('LABEL_NAME_TAKEN', { name });
  }

  /** Refuses `adding` more labels in a namespace holding `held` (MAX_LIBRARY_LABELS_PER_OWNER, issue 41). */
  private assertLabelRoom(held: number, adding: number): void {
    if (adding > 0 && held + adding > MAX_LIBRARY_LABELS_PER_OWNER) {
      throw new AppError('LABEL_LIMIT_REACHED', { max: grouped(MAX_LIBRARY_LABELS_PER_OWNER) });
    }
  }

  async setLabel(auth: AuthContext, body: LabelSetBody): Promise<LabelSetResponse> {
    const userId = this.userOf(auth);
    switch (body.action) {
      case 'create': {
        const parentId = body.parentId ?? null;
        if (parentId) {
          const parent = await this.ownLabel(parentId, userId);
          if (parent.parent_id !== null) throw new AppError('LABEL_TOO_DEEP');
        }
        await this.assertLabelNameFree(userId, parentId, body.name);
        this.assertLabelRoom(await this.repo.countLabels(userId), 1);
        const [row] = await this.repo.insertLabels([
          { ownerId: userId, parentId, name: body.name, createdAt: this.nowIso() },
        ]);
        return { label: labelDto(row!) };
      }
      case 'rename': {
        const label = await this.ownLabel(body.labelId, userId);
        await this.assertLabelNameFree(userId, label.parent_id, body.name, label.id);
        await this.repo.renameLabel(label.id, body.name);
        return { label: labelDto({ ...label, name: body.name }) };
      }
      case 'apply': {
        const opened = await this.openWritable(body.folderId, userId);
        for (const id of body.labelIds) await this.ownLabel(id, opened.root.owner_id);
        const numbers = [...new Set(body.publicationNumbers.map((n) => n.trim()))];
        const affected = await this.repo.applyLabels(
          opened.folder.id,
          [...new Set(body.labelIds)],
          numbers,
          this.nowIso(),
        );
        await this.log(opened, userId, 'label', { count: affected });
        return { affected };
      }
    }
  }

  async cancelLabel(auth: AuthContext, body: LabelCancelBody): Promise<LabelCancelResponse> {
    const userId = this.userOf(auth);
    if (body.action === 'delete') {
      const label = await this.ownLabel(body.labelId, userId);
      // Spec 2 §5: "Tags can be deleted only when they have no sub-tags".
      if (await this.repo.hasSubLabels(label.id)) throw new AppError('LABEL_HAS_CHILDREN');
      await this.repo.deleteLabel(label.id);
      return { affected: 1 };
    }
    const opened = await this.openWritable(body.folderId, userId);
    for (const id of body.labelIds) await this.ownLabel(id, opened.root.owner_id);
    const numbers = [...new Set(body.publicationNumbers.map((n) => n.trim()))];
    const affected = await this.repo.removeLabels(opened.folder.id, [...new Set(body.labelIds)], numbers);
    await this.log(opened, userId, 'unlabel', { count: affected });
    return { affected };
  }

  // -------------------------------------------------------------------------------------------
  // A library watched by an alert (domains/alert)

  /**
   * What an alert of `userId` watches in a folder: its name, its patents, and those collected
   * after `since`. The user must still be allowed to open it; a folder in the recycle bin is
   * refused (LIBRARY_UNAVAILABLE).
   */
  async watchedPatents(
    folderId: string,
    userId: string,
    since: string,
  ): Promise<{ name: string; numbers: string[]; addedSince: string[] }> {
    const opened = await this.open(folderId, userId);
    if (opened.tree.stateOf(opened.folder) === 'deleted') throw new AppError('LIBRARY_UNAVAILABLE');
    return {
      name: opened.tree.pathOf(opened.folder),
      numbers: await this.repo.numbersOf(opened.folder.id),
      addedSince: await this.repo.numbersAddedSince(opened.folder.id, since),
    };
  }

  /** The folder's name when `userId` may open it, else undefined (an alert's list shows it). */
  async folderName(folderId: string, userId: string): Promise<string | undefined> {
    try {
      const opened = await this.open(folderId, userId);
      return opened.tree.stateOf(opened.folder) === 'deleted' ? undefined : opened.tree.pathOf(opened.folder);
    } catch {
      return undefined;
    }
  }
}
