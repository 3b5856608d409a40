import { QUOTA_KINDS, type QuotaKind } from '@patlas/contracts';
import { AppError } from '../../errors.js';
import type { AuthContext } from '../../kernel/access.plugin.js';
import type { AccountRepository } from './account.repository.js';

/** The operator-set quotas of a user (users.quotas): null for an unlimited kind. */
export type QuotaLimitsOf = Record<QuotaKind, number | null>;

/** A stored quota, when it is one (an integer); anything else is unlimited. */
function limitIn(limits: Record<string, unknown>, kind: QuotaKind): number | null {
  const limit = limits[kind];
  return typeof limit === 'number' && Number.isInteger(limit) ? limit : null;
}

function parsedQuotas(json: string): Record<string, unknown> | undefined {
  try {
    return JSON.parse(json) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

/**
 * The operator-set quota limits (spec 2 §6), read from the account rows alone. The domains that
 * count a quota (library, export, report, rewrite) check their limit through it; the account
 * service, built after them, adds what each has counted (its quota page).
 */
export class QuotaLimits {
  constructor(private readonly accounts: AccountRepository) {}

  /**
   * The caller's limits; IP visitors: the organisation's access has no per-person quota. An
   * account gone since its token was issued answers UNAUTHORIZED.
   */
  async limitsOf(auth: AuthContext): Promise<QuotaLimitsOf> {
    let limits: Record<string, unknown> = {};
    if (auth.userId !== null) {
      const user = await this.accounts.findUserById(auth.userId);
      if (!user) throw new AppError('UNAUTHORIZED');
      limits = parsedQuotas(user.quotas) ?? {};
    }
    const result = {} as QuotaLimitsOf;
    for (const kind of QUOTA_KINDS) result[kind] = limitIn(limits, kind);
    return result;
  }

  /** The caller's limit of one kind (see `limitsOf`). */
  async limitOf(auth: AuthContext, kind: QuotaKind): Promise<number | null> {
    return (await this.limitsOf(auth))[kind];
  }

  /**
   * A user's operator-set limit of one quota kind (null: unlimited or no such user): what a
   * collaborative library's member is held to when adding to the owner's library (issue 41).
   */
  async limitOfUser(userId: string, kind: QuotaKind): Promise<number | null> {
    const user = await this.accounts.findUserById(userId);
    if (!user) return null;
    const limits = parsedQuotas(user.quotas);
    return limits ? limitIn(limits, kind) : null;
  }
}
