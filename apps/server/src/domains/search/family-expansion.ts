import { randomUUID } from 'node:crypto';
import {
  MAX_EXPRESSION_LENGTH,
  MAX_FAMILY_EXPAND_SEEDS,
  type FamilyExpandBody,
  type FamilyExpandResponse,
  type Language,
  type Patent,
} from '@patlas/contracts';
import type { SearchEngine } from '@patlas/engine';
import { toAppError, type ResultSetParams, type SearchContext, type SearchService } from './search.service.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { AuthContext } from '../../kernel/access.plugin.js';

/** The expansions each account made (table family_expansions): what its `familyExpand` quota counts. */
export class FamilyExpansionRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async record(userId: string, seeds: number, members: number, at: Date): Promise<void> {
    await this.db
      .insertInto('family_expansions')
      .values({ id: randomUUID(), user_id: userId, seeds, members, created_at: at.toISOString() })
      .execute();
  }

  async countBy(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom('family_expansions')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }
}

/** `PN=(a OR b …)`: the expanded set as a result page's expression (numbers are written without spaces). */
export function familyExpression(publicationNumbers: readonly string[]): string {
  return `PN=(${publicationNumbers.map((pn) => pn.replace(/\s+/g, '')).join(' OR ')})`;
}

/** The patent store as the expansion reads it (the patent domain's PatentService). */
export interface FamilyRecords {
  getByPublicationNumbers(pns: readonly string[]): Promise<Map<string, Patent>>;
  /** Written numbers (any form) → the held publication number, for those held. */
  resolveHeldNumbers(numbers: readonly string[]): Promise<Record<string, string>>;
}

/**
 * Simple-family expansion (spec 2 §4, §7, §8): the selected patents' simple families, at most
 * MAX_FAMILY_EXPAND_SEEDS selected, within the account's `familyExpand` quota (users.quotas; one
 * expansion counts one). IP visitors have no personal quota and nothing is counted for them.
 */
export class FamilyExpansionService {
  constructor(
    private readonly deps: {
      engine: Pick<SearchEngine, 'expandFamily' | 'count' | 'texts'>;
      /** Reads a whole result set's patents (a `resultSet` request). */
      search: Pick<SearchService, 'scope'>;
      /**
       * The seeds' records: the members their simple-family lists name (a record without a family
       * id has no family group in the index), resolved across number forms.
       */
      patents?: FamilyRecords;
      repository: FamilyExpansionRepository;
      /** The caller's operator-set limit (null: unlimited). */
      limit: (auth: AuthContext) => Promise<number | null>;
      now?: () => Date;
    },
  ) {}

  /** How many expansions the account has made (its quota page). */
  usedBy(userId: string): Promise<number> {
    return this.deps.repository.countBy(userId);
  }

  /** The patents of a whole result set, refused above MAX_FAMILY_EXPAND_SEEDS. */
  private async numbersOf(resultSet: ResultSetParams, lang: Language, context: SearchContext): Promise<string[]> {
    const { ast, options } = await this.deps.search.scope(resultSet, lang, context);
    try {
      const total = await this.deps.engine.count(ast, options);
      if (total > MAX_FAMILY_EXPAND_SEEDS)
        throw new AppError('FAMILY_EXPAND_TOO_MANY', { max: MAX_FAMILY_EXPAND_SEEDS });
      const sample = await this.deps.engine.texts(ast, options, { limit: MAX_FAMILY_EXPAND_SEEDS });
      return sample.docs.map((d) => d.publicationNumber);
    } catch (err) {
      throw toAppError(err);
    }
  }

  /** The held members of the seeds' simple families: the index's family groups and the records' own lists. */
  private async membersOf(seeds: readonly string[]): Promise<string[]> {
    const found = new Set(await this.deps.engine.expandFamily(seeds));
    const patents = this.deps.patents;
    if (patents) {
      const records = [...(await patents.getByPublicationNumbers(seeds)).values()];
      const written = records.flatMap((r) => r.family?.simple ?? []);
      if (written.length > 0) for (const pn of Object.values(await patents.resolveHeldNumbers(written))) found.add(pn);
      for (const r of records) found.add(r.publicationNumber);
    }
    return [...found].sort();
  }

  async expand(auth: AuthContext, request: FamilyExpandBody, lang: Language): Promise<FamilyExpandResponse> {
    const userId = auth.userId;
    const limit = await this.deps.limit(auth);
    const usedBefore = userId === null ? 0 : await this.usedBy(userId);
    if (limit !== null && usedBefore >= limit) {
      throw new AppError('FAMILY_EXPAND_QUOTA_EXCEEDED', { used: usedBefore, limit });
    }
    const chosen = request.resultSet
      ? await this.numbersOf(request.resultSet, lang, { userId })
      : (request.publicationNumbers ?? []);
    const seeds = [...new Set(chosen.map((pn) => pn.trim()).filter((pn) => pn !== ''))];
    if (seeds.length > MAX_FAMILY_EXPAND_SEEDS)
      throw new AppError('FAMILY_EXPAND_TOO_MANY', { max: MAX_FAMILY_EXPAND_SEEDS });
    const members = await this.membersOf(seeds);
    const expression = familyExpression(members.length > 0 ? members : seeds);
    if (expression.length > MAX_EXPRESSION_LENGTH) {
      throw new AppError('FAMILY_EXPAND_TOO_LARGE', { count: members.length, max: MAX_EXPRESSION_LENGTH });
    }
    if (userId !== null)
      await this.deps.repository.record(userId, seeds.length, members.length, (this.deps.now ?? (() => new Date()))());
    return {
      publicationNumbers: members,
      expression,
      quota: { limit, used: userId === null ? 0 : usedBefore + 1 },
    };
  }
}
