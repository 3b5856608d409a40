import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type {
  Database,
  LibrariesTable,
  LibraryLabelsTable,
  LibraryLogsTable,
  SavedExpressionsTable,
} from '../../db/schema.js';

export type LibraryRow = Selectable<LibrariesTable>;
export type LibraryLabelRow = Selectable<LibraryLabelsTable>;
export type SavedExpressionRow = Selectable<SavedExpressionsTable>;
export type LibraryLogRow = Selectable<LibraryLogsTable> & { user_name: string | null };

export interface NewLibraryFolder {
  ownerId: string;
  parentId: string | null;
  name: string;
  remark: string;
  createdAt: string;
}

export interface NewLibraryLog {
  rootId: string;
  folderId: string;
  folderName: string;
  userId: string;
  action: string;
  count?: number | undefined;
  detail?: string | undefined;
  createdAt: string;
}

/** Values per statement: well under SQLite's bound-parameter limit. */
const CHUNK = 500;

function chunks<T>(values: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < values.length; start += size) out.push(values.slice(start, start + size));
  return out;
}

/** The user's text as a LIKE substring (%, _ and \ escaped), lower-cased. */
function likePattern(keyword: string): string {
  return `%${keyword.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Library rows (tables libraries, library_patents, library_labels, library_patent_labels,
 * saved_expressions, library_logs). Access is decided by the service (library-access.ts); these
 * queries take the ids it has checked.
 */
export class LibraryRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
  ) {}

  // -------------------------------------------------------------------------------------------
  // Folders

  async foldersOf(ownerId: string): Promise<LibraryRow[]> {
    return this.db.selectFrom('libraries').selectAll().where('owner_id', '=', ownerId).orderBy('name').execute();
  }

  async findFolder(id: string): Promise<LibraryRow | undefined> {
    return this.db.selectFrom('libraries').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async insertFolder(folder: NewLibraryFolder): Promise<LibraryRow> {
    const row = {
      id: randomUUID(),
      owner_id: folder.ownerId,
      parent_id: folder.parentId,
      name: folder.name,
      remark: folder.remark,
      archived: 0,
      deleted_at: null,
      next_position: 1,
      created_at: folder.createdAt,
      updated_at: folder.createdAt,
    };
    await this.db.insertInto('libraries').values(row).execute();
    return row;
  }

  async updateFolders(
    ids: readonly string[],
    patch: Partial<Pick<LibraryRow, 'name' | 'remark' | 'parent_id' | 'archived' | 'deleted_at'>> & {
      updated_at: string;
    },
  ): Promise<void> {
    for (const part of chunks(ids)) {
      await this.db.updateTable('libraries').set(patch).where('id', 'in', part).execute();
    }
  }

  /** Removes folders for good, with their patents, labels and (for top-level ones) their logs. */
  async purgeFolders(ids: readonly string[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      for (const part of chunks(ids)) {
        await trx.deleteFrom('library_patent_labels').where('library_id', 'in', part).execute();
        await trx.deleteFrom('library_patents').where('library_id', 'in', part).execute();
        await trx.deleteFrom('library_logs').where('root_id', 'in', part).execute();
        await trx.deleteFrom('libraries').where('id', 'in', part).execute();
      }
    });
  }

  /** Patents per folder (folders holding none are absent). */
  async countsByFolder(ids: readonly string[]): Promise<Map<string, number>> {
    const counts = new Map<string, number>();
    for (const part of chunks(ids)) {
      const rows = await this.db
        .selectFrom('library_patents')
        .select(['library_id', (eb) => eb.fn.countAll<string | number>().as('n')])
        .where('library_id', 'in', part)
        .groupBy('library_id')
        .execute();
      for (const row of rows) counts.set(row.library_id, Number(row.n));
    }
    return counts;
  }

  // -------------------------------------------------------------------------------------------
  // A folder's patents

  async countPatents(folderId: string): Promise<number> {
    const row = await this.db
      .selectFrom('library_patents')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('library_id', '=', folderId)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** Which of `numbers` the folder holds. */
  async heldNumbers(folderId: string, numbers: readonly string[]): Promise<Set<string>> {
    const held = new Set<string>();
    for (const part of chunks(numbers)) {
      const rows = await this.db
        .selectFrom('library_patents')
        .select('publication_number')
        .where('library_id', '=', folderId)
        .where('publication_number', 'in', part)
        .execute();
      for (const row of rows) held.add(row.publication_number);
    }
    return held;
  }

  /**
   * Appends the numbers the folder does not hold yet at the end of its list, in the order given
   * (one transaction, so two collects cannot take the same positions). Answers how many were added.
   */
  async addPatents(folderId: string, numbers: readonly string[], addedBy: string, at: string): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      if (this.dialect === 'postgres') {
        await trx.selectFrom('libraries').select('id').where('id', '=', folderId).forUpdate().execute();
      }
      const held = new Set<string>();
      for (const part of chunks(numbers)) {
        const rows = await trx
          .selectFrom('library_patents')
          .select('publication_number')
          .where('library_id', '=', folderId)
          .where('publication_number', 'in', part)
          .execute();
        for (const row of rows) held.add(row.publication_number);
      }
      const fresh = [...new Set(numbers)].filter((n) => !held.has(n));
      if (fresh.length === 0) return 0;
      const folder = await trx
        .selectFrom('libraries')
        .select('next_position')
        .where('id', '=', folderId)
        .executeTakeFirstOrThrow();
      let position = Number(folder.next_position);
      for (const part of chunks(fresh)) {
        await trx
          .insertInto('library_patents')
          .values(
            part.map((pn) => ({
              library_id: folderId,
              publication_number: pn,
              position: position++,
              added_by: addedBy,
              added_at: at,
            })),
          )
          .execute();
      }
      await trx
        .updateTable('libraries')
        .set({ next_position: position, updated_at: at })
        .where('id', '=', folderId)
        .execute();
      return fresh.length;
    });
  }

  /** One page of a folder's patents in list order, optionally those carrying a label. */
  async pagePatents(
    folderId: string,
    labelId: string | undefined,
    page: number,
    pageSize: number,
  ): Promise<{ total: number; rows: { publication_number: string; position: number; added_at: string }[] }> {
    let query = this.db.selectFrom('library_patents as p').where('p.library_id', '=', folderId);
    if (labelId) {
      query = query.where((eb) =>
        eb.exists(
          eb
            .selectFrom('library_patent_labels as l')
            .select('l.label_id')
            .whereRef('l.library_id', '=', 'p.library_id')
            .whereRef('l.publication_number', '=', 'p.publication_number')
            .where('l.label_id', '=', labelId),
        ),
      );
    }
    const count = await query.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirst();
    const rows = await query
      .select(['p.publication_number', 'p.position', 'p.added_at'])
      .orderBy('p.position')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute();
    return { total: Number(count?.n ?? 0), rows: rows.map((r) => ({ ...r, position: Number(r.position) })) };
  }

  /**
   * Every number of a folder in list order (a library as a result set), optionally those carrying a
   * label. With several folders (a folder and its sub-folders, parents first) each number comes once,
   * at its first place: the folders' lists one after the other.
   */
  async numbersOf(folderIds: string | readonly string[], labelId?: string): Promise<string[]> {
    const ids = typeof folderIds === 'string' ? [folderIds] : [...folderIds];
    if (ids.length === 0) return [];
    let query = this.db
      .selectFrom('library_patents as p')
      .select(['p.library_id', 'p.publication_number'])
      .where('p.library_id', 'in', ids);
    if (labelId) {
      query = query.where((eb) =>
        eb.exists(
          eb
            .selectFrom('library_patent_labels as l')
            .select('l.label_id')
            .whereRef('l.library_id', '=', 'p.library_id')
            .whereRef('l.publication_number', '=', 'p.publication_number')
            .where('l.label_id', '=', labelId),
        ),
      );
    }
    const rows = await query.orderBy('p.position').execute();
    const byFolder = new Map<string, string[]>(ids.map((id) => [id, []]));
    for (const r of rows) byFolder.get(r.library_id)?.push(r.publication_number);
    const seen = new Set<string>();
    const out: string[] = [];
    for (const id of ids) {
      for (const pn of byFolder.get(id) ?? []) {
        if (seen.has(pn)) continue;
        seen.add(pn);
        out.push(pn);
      }
    }
    return out;
  }

  /** Numbers of a folder collected after `since` (an alert's last run: new to the library). */
  async numbersAddedSince(folderId: string, since: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('library_patents')
      .select('publication_number')
      .where('library_id', '=', folderId)
      .where('added_at', '>', since)
      .execute();
    return rows.map((r) => r.publication_number);
  }

  /** The first `limit` numbers of a folder in list order. */
  async firstNumbers(folderId: string, limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('library_patents')
      .select('publication_number')
      .where('library_id', '=', folderId)
      .orderBy('position')
      .limit(limit)
      .execute();
    return rows.map((r) => r.publication_number);
  }

  /** Removes these numbers (and their labels) from a folder; answers how many it held. */
  async removePatents(folderId: string, numbers: readonly string[]): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      let removed = 0;
      for (const part of chunks(numbers)) {
        await trx
          .deleteFrom('library_patent_labels')
          .where('library_id', '=', folderId)
          .where('publication_number', 'in', part)
          .execute();
        const result = await trx
          .deleteFrom('library_patents')
          .where('library_id', '=', folderId)
          .where('publication_number', 'in', part)
          .executeTakeFirst();
        removed += Number(result.numDeletedRows);
      }
      return removed;
    });
  }

  /** Which of these folders hold which of these numbers. */
  async holding(
    folderIds: readonly string[],
    numbers: readonly string[],
  ): Promise<{ library_id: string; publication_number: string }[]> {
    if (folderIds.length === 0 || numbers.length === 0) return [];
    const out: { library_id: string; publication_number: string }[] = [];
    for (const part of chunks(numbers, 200)) {
      for (const folders of chunks(folderIds, 200)) {
        out.push(
          ...(await this.db
            .selectFrom('library_patents')
            .select(['library_id', 'publication_number'])
            .where('publication_number', 'in', part)
            .where('library_id', 'in', folders)
            .execute()),
        );
      }
    }
    return out;
  }

  // -------------------------------------------------------------------------------------------
  // Labels

  async labelsOf(ownerId: string): Promise<LibraryLabelRow[]> {
    return this.db.selectFrom('library_labels').selectAll().where('owner_id', '=', ownerId).orderBy('name').execute();
  }

  async findLabel(id: string): Promise<LibraryLabelRow | undefined> {
    return this.db.selectFrom('library_labels').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** How many labels (top-level and sub-labels) an owner has. */
  async countLabels(ownerId: string): Promise<number> {
    const row = await this.db
      .selectFrom('library_labels')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('owner_id', '=', ownerId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async insertLabels(
    labels: readonly { ownerId: string; parentId: string | null; name: string; createdAt: string }[],
  ): Promise<LibraryLabelRow[]> {
    const rows = labels.map((l) => ({
      id: randomUUID(),
      owner_id: l.ownerId,
      parent_id: l.parentId,
      name: l.name,
      created_at: l.createdAt,
    }));
    for (const part of chunks(rows, 200)) await this.db.insertInto('library_labels').values(part).execute();
    return rows;
  }

  async renameLabel(id: string, name: string): Promise<void> {
    await this.db.updateTable('library_labels').set({ name }).where('id', '=', id).execute();
  }

  async hasSubLabels(id: string): Promise<boolean> {
    const row = await this.db.selectFrom('library_labels').select('id').where('parent_id', '=', id).executeTakeFirst();
    return row !== undefined;
  }

  async deleteLabel(id: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('library_patent_labels').where('label_id', '=', id).execute();
      await trx.deleteFrom('library_labels').where('id', '=', id).execute();
    });
  }

  /**
   * Patents per label in these folders (a folder and its sub-folders): a patent labelled alike in
   * two of them counts once.
   */
  async labelCounts(folderIds: string | readonly string[]): Promise<Map<string, number>> {
    const ids = typeof folderIds === 'string' ? [folderIds] : [...folderIds];
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('library_patent_labels')
      .select(['label_id', (eb) => eb.fn.count<string | number>('publication_number').distinct().as('n')])
      .where('library_id', 'in', ids)
      .groupBy('label_id')
      .execute();
    return new Map(rows.map((r) => [r.label_id, Number(r.n)]));
  }

  /** Sets labels on patents the folder holds (others are ignored); answers the pairs added. */
  async applyLabels(
    folderId: string,
    labelIds: readonly string[],
    numbers: readonly string[],
    at: string,
  ): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      let added = 0;
      for (const part of chunks(numbers, 200)) {
        const heldRows = await trx
          .selectFrom('library_patents')
          .select('publication_number')
          .where('library_id', '=', folderId)
          .where('publication_number', 'in', part)
          .execute();
        const held = heldRows.map((r) => r.publication_number);
        if (held.length === 0) continue;
        for (const labelId of labelIds) {
          const present = await trx
            .selectFrom('library_patent_labels')
            .select('publication_number')
            .where('library_id', '=', folderId)
            .where('label_id', '=', labelId)
            .where('publication_number', 'in', held)
            .execute();
          const has = new Set(present.map((r) => r.publication_number));
          const fresh = held.filter((pn) => !has.has(pn));
          if (fresh.length === 0) continue;
          await trx
            .insertInto('library_patent_labels')
            .values(
              fresh.map((pn) => ({ library_id: folderId, publication_number: pn, label_id: labelId, created_at: at })),
            )
            .execute();
          added += fresh.length;
        }
      }
      return added;
    });
  }

  /** Takes labels off patents of a folder; answers the pairs removed. */
  async removeLabels(folderId: string, labelIds: readonly string[], numbers: readonly string[]): Promise<number> {
    let removed = 0;
    for (const part of chunks(numbers)) {
      const result = await this.db
        .deleteFrom('library_patent_labels')
        .where('library_id', '=', folderId)
        .where('label_id', 'in', [...labelIds])
        .where('publication_number', 'in', part)
        .executeTakeFirst();
      removed += Number(result.numDeletedRows);
    }
    return removed;
  }

  /** The labels set on these patents in any of these folders (each pair once). */
  async labelsOnPatentsIn(
    folderIds: readonly string[],
    numbers: readonly string[],
  ): Promise<{ publication_number: string; label_id: string }[]> {
    if (folderIds.length === 0 || numbers.length === 0) return [];
    const out: { publication_number: string; label_id: string }[] = [];
    for (const part of chunks(numbers, 200)) {
      for (const folders of chunks(folderIds, 200)) {
        out.push(
          ...(await this.db
            .selectFrom('library_patent_labels')
            .select(['publication_number', 'label_id'])
            .distinct()
            .where('publication_number', 'in', part)
            .where('library_id', 'in', folders)
            .execute()),
        );
      }
    }
    return out;
  }

  /** The labels set on these patents of a folder. */
  async labelsOnPatents(
    folderId: string,
    numbers: readonly string[],
  ): Promise<{ publication_number: string; label_id: string }[]> {
    if (numbers.length === 0) return [];
    return this.db
      .selectFrom('library_patent_labels')
      .select(['publication_number', 'label_id'])
      .where('library_id', '=', folderId)
      .where('publication_number', 'in', [...numbers])
      .execute();
  }

  // -------------------------------------------------------------------------------------------
  // Saved expressions

  async insertExpression(row: Omit<SavedExpressionRow, 'id'>): Promise<SavedExpressionRow> {
    const full = { id: randomUUID(), ...row };
    await this.db.insertInto('saved_expressions').values(full).execute();
    return full;
  }

  async findExpressions(ownerId: string, ids: readonly string[]): Promise<SavedExpressionRow[]> {
    if (ids.length === 0) return [];
    return this.db
      .selectFrom('saved_expressions')
      .selectAll()
      .where('owner_id', '=', ownerId)
      .where('id', 'in', [...ids])
      .execute();
  }

  async pageExpressions(
    ownerId: string,
    keyword: string | undefined,
    page: number,
    pageSize: number,
  ): Promise<{ total: number; rows: SavedExpressionRow[] }> {
    let query = this.db.selectFrom('saved_expressions').where('owner_id', '=', ownerId);
    const trimmed = keyword?.trim();
    if (trimmed) {
      const pattern = likePattern(trimmed);
      query = query.where(
        sql<boolean>`(lower(name) like ${pattern} escape '\\' or lower(expression) like ${pattern} escape '\\')`,
      );
    }
    const count = await query.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirst();
    const rows = await query
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute();
    return { total: Number(count?.n ?? 0), rows };
  }

  async renameExpression(ownerId: string, id: string, name: string, at: string): Promise<boolean> {
    const result = await this.db
      .updateTable('saved_expressions')
      .set({ name, updated_at: at })
      .where('owner_id', '=', ownerId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async deleteExpressions(ownerId: string, ids: readonly string[]): Promise<number> {
    const result = await this.db
      .deleteFrom('saved_expressions')
      .where('owner_id', '=', ownerId)
      .where('id', 'in', [...ids])
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  // -------------------------------------------------------------------------------------------
  // Operation log

  async insertLog(log: NewLibraryLog): Promise<void> {
    await this.db
      .insertInto('library_logs')
      .values({
        id: randomUUID(),
        root_id: log.rootId,
        folder_id: log.folderId,
        folder_name: log.folderName,
        user_id: log.userId,
        action: log.action,
        count: log.count ?? null,
        detail: log.detail ?? null,
        created_at: log.createdAt,
      })
      .execute();
  }

  /** A library's log, newest first, with each actor's name. */
  async pageLogs(rootId: string, page: number, pageSize: number): Promise<{ total: number; rows: LibraryLogRow[] }> {
    const count = await this.db
      .selectFrom('library_logs')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('root_id', '=', rootId)
      .executeTakeFirst();
    const rows = await this.db
      .selectFrom('library_logs as g')
      .leftJoin('users as u', 'u.id', 'g.user_id')
      .selectAll('g')
      .select(sql<string | null>`coalesce(nullif(u.fullname, ''), u.email)`.as('user_name'))
      .where('g.root_id', '=', rootId)
      .orderBy('g.created_at', 'desc')
      .orderBy('g.id')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute();
    return { total: Number(count?.n ?? 0), rows };
  }
}
