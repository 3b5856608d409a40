import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database, DisclosureImagesTable, DisclosuresTable, DisclosureVersionsTable } from '../../db/schema.js';

export type DisclosureRow = Selectable<DisclosuresTable>;
export type DisclosureVersionRow = Selectable<DisclosureVersionsTable>;
export type DisclosureImageRow = Selectable<DisclosureImagesTable>;

/** The list's columns: everything but the texts. */
const LIST_COLUMNS = [
  'id',
  'user_id',
  'kind',
  'title',
  'chars',
  'images',
  'version',
  'created_at',
  'updated_at',
] as const;
export type DisclosureListRow = Pick<DisclosureRow, (typeof LIST_COLUMNS)[number]>;

const VERSION_LIST_COLUMNS = [
  'id',
  'disclosure_id',
  'version',
  'title',
  'chars',
  'source',
  'restored_from',
  'created_at',
  'saved_at',
  'first_version',
] as const;
export type DisclosureVersionListRow = Pick<DisclosureVersionRow, (typeof VERSION_LIST_COLUMNS)[number]>;

/** What a save writes: the document's texts, and how its snapshot is kept. */
export interface DisclosureWrite {
  title: string;
  sections: string;
  content: string;
  chars: number;
  images: number;
  /** The image ids the content names (marked as used). */
  imageIds: readonly string[];
  at: string;
}

/** How the save's snapshot is kept: update the last one (an autosave within the window) or add one. */
export interface SnapshotPlan {
  id: string;
  source: DisclosureVersionsTable['source'];
  restoredFrom: number | null;
  /** Update the last snapshot when it is an autosave saved after this time (ISO); null: always add. */
  mergeIntoAutoSince: string | null;
  /** Snapshots kept per document; the oldest beyond it are removed. */
  keep: number;
}

/** Disclosures, their versions and images (domains/disclosure). Every read and write names the owner. */
export class DisclosureRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Creates a document and its first snapshot. */
  async create(row: DisclosureRow, write: DisclosureWrite, plan: SnapshotPlan): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto('disclosures').values(row).execute();
      await this.keepSnapshot(trx, row.id, row.version, write, plan);
    });
  }

  find(userId: string, id: string): Promise<DisclosureRow | undefined> {
    return this.db
      .selectFrom('disclosures')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  /**
   * Saves a new version of a document when its stored version is still `base` (the optimistic
   * check: one UPDATE … WHERE version = base, so two saves on the same base cannot both pass).
   * Answers the new version, or null when the document moved on (or is not the user's).
   */
  async update(
    userId: string,
    id: string,
    base: number,
    write: DisclosureWrite,
    plan: SnapshotPlan,
  ): Promise<number | null> {
    return this.db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('disclosures')
        .set({
          title: write.title,
          sections: write.sections,
          content: write.content,
          chars: write.chars,
          images: write.images,
          version: base + 1,
          updated_at: write.at,
        })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where('version', '=', base)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return null;
      await this.keepSnapshot(trx, id, base + 1, write, plan);
      return base + 1;
    });
  }

  private async keepSnapshot(
    trx: Transaction<Database>,
    disclosureId: string,
    version: number,
    write: DisclosureWrite,
    plan: SnapshotPlan,
  ): Promise<void> {
    if (write.imageIds.length > 0) {
      await trx
        .updateTable('disclosure_images')
        .set({ used_at: write.at })
        .where('disclosure_id', '=', disclosureId)
        .where('id', 'in', write.imageIds)
        .where('used_at', 'is', null)
        .execute();
    }
    const texts = { title: write.title, sections: write.sections, content: write.content, chars: write.chars };
    if (plan.mergeIntoAutoSince !== null) {
      const last = await trx
        .selectFrom('disclosure_versions')
        .select(['id', 'source', 'saved_at', 'version', 'first_version'])
        .where('disclosure_id', '=', disclosureId)
        .orderBy('version', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (last && last.source === 'auto' && last.saved_at >= plan.mergeIntoAutoSince) {
        await trx
          .updateTable('disclosure_versions')
          // The snapshot keeps the first version it took: the list shows the range (issue 43).
          .set({
            ...texts,
            version,
            first_version: last.first_version ?? last.version,
            saved_at: write.at,
            source: plan.source,
          })
          .where('id', '=', last.id)
          .execute();
        return;
      }
    }
    await trx
      .insertInto('disclosure_versions')
      .values({
        id: plan.id,
        disclosure_id: disclosureId,
        version,
        first_version: version,
        ...texts,
        source: plan.source,
        restored_from: plan.restoredFrom,
        created_at: write.at,
        saved_at: write.at,
      })
      .execute();
    const beyond = await trx
      .selectFrom('disclosure_versions')
      .select('id')
      .where('disclosure_id', '=', disclosureId)
      .orderBy('version', 'desc')
      .offset(plan.keep)
      .limit(1000)
      .execute();
    if (beyond.length > 0) {
      await trx
        .deleteFrom('disclosure_versions')
        .where(
          'id',
          'in',
          beyond.map((r) => r.id),
        )
        .execute();
    }
  }

  /** A user's documents of a kind (or all), newest change first, the title containing `title` (any case). */
  async page(
    userId: string,
    options: { kind?: DisclosureRow['kind'] | undefined; title?: string | undefined; page: number; pageSize: number },
  ): Promise<{ total: number; rows: DisclosureListRow[] }> {
    let query = this.db.selectFrom('disclosures').where('user_id', '=', userId);
    if (options.kind) query = query.where('kind', '=', options.kind);
    const title = options.title?.trim();
    if (title) {
      const pattern = `%${title.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      // The same LIKE … ESCAPE on SQLite and PostgreSQL: % and _ typed by the user match themselves.
      query = query.where(sql<boolean>`lower(title) like ${pattern} escape '\\'`);
    }
    const count = await query.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow();
    const rows = await query
      .select(LIST_COLUMNS)
      .orderBy('updated_at', 'desc')
      .orderBy('id', 'desc')
      .limit(options.pageSize)
      .offset((options.page - 1) * options.pageSize)
      .execute();
    return { total: Number(count.n), rows };
  }

  /** Deletes documents of the user (their versions and image rows with them); answers the ids deleted. */
  async delete(userId: string, ids: readonly string[]): Promise<string[]> {
    return this.db.transaction().execute(async (trx) => {
      const owned = await trx
        .selectFrom('disclosures')
        .select('id')
        .where('user_id', '=', userId)
        .where('id', 'in', ids)
        .execute();
      const found = owned.map((r) => r.id);
      if (found.length === 0) return [];
      await trx.deleteFrom('disclosure_images').where('disclosure_id', 'in', found).execute();
      await trx.deleteFrom('disclosure_versions').where('disclosure_id', 'in', found).execute();
      await trx.deleteFrom('disclosures').where('id', 'in', found).execute();
      return found;
    });
  }

  versions(disclosureId: string): Promise<DisclosureVersionListRow[]> {
    return this.db
      .selectFrom('disclosure_versions')
      .select(VERSION_LIST_COLUMNS)
      .where('disclosure_id', '=', disclosureId)
      .orderBy('version', 'desc')
      .execute();
  }

  findVersion(disclosureId: string, versionId: string): Promise<DisclosureVersionRow | undefined> {
    return this.db
      .selectFrom('disclosure_versions')
      .selectAll()
      .where('disclosure_id', '=', disclosureId)
      .where('id', '=', versionId)
      .executeTakeFirst();
  }

  async insertImage(row: DisclosureImageRow): Promise<void> {
    await this.db.insertInto('disclosure_images').values(row).execute();
  }

  findImage(userId: string, id: string): Promise<DisclosureImageRow | undefined> {
    return this.db
      .selectFrom('disclosure_images')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  /** Images of a document uploaded after `since` that no save has named yet (being inserted). */
  async pendingImages(disclosureId: string, since: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('disclosure_images')
      .select('id')
      .where('disclosure_id', '=', disclosureId)
      .where('used_at', 'is', null)
      .where('created_at', '>=', since)
      .execute();
    return rows.map((r) => r.id);
  }

  /** The images of the user's documents `disclosureIds`. */
  imagesOf(userId: string, disclosureIds: readonly string[]): Promise<DisclosureImageRow[]> {
    if (disclosureIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('disclosure_images')
      .selectAll()
      .where('user_id', '=', userId)
      .where('disclosure_id', 'in', disclosureIds)
      .execute();
  }
}
