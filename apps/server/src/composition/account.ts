import { accountDomain } from '../domains/account/account.domain.js';
import { AccountService } from '../domains/account/account.service.js';
import type { Repositories, Services } from '../composition.js';
import { API, routesOf, type AreaEntries, type Infrastructure } from './area.js';
import type { CollectionsServices } from './collections.js';
import type { DocumentsServices } from './documents.js';
import type { IdentityServices } from './identity.js';
import type { SearchServices } from './search.js';

/**
 * The own account (domains/account): built last, because its quota page shows what the other areas
 * count — favourites by the library, export rows, reports, rewrites — and its config the unread
 * messages; those domains check their limits through the identity area's QuotaLimits, not through it.
 */
export function accountServices(
  r: Repositories,
  infra: Infrastructure,
  before: IdentityServices & CollectionsServices & DocumentsServices & Pick<SearchServices, 'familyExpansion'>,
) {
  const { library, exports, reports, rewrite, messages, familyExpansion } = before;
  return {
    account: new AccountService({
      accounts: r.accounts,
      guide: r.userGuide,
      audit: before.audit,
      sessions: before.sessions,
      attempts: before.passwordAttempts,
      links: r.emailLinks,
      mailer: infra.mailer,
      throttle: infra.mailThrottle,
      publicUrl: infra.config.publicUrl,
      log: infra.log,
      now: infra.now,
      unreadMessages: (userId) => messages.unreadCount(userId),
      quotas: before.quotas,
      quotaUsage: {
        // Favourites count the patents of the user's own active libraries (spec 2 §6).
        favorites: (userId) => library.favouritesUsed(userId),
        // Exports count the rows of finished tasks and direct exports (issue 18).
        export: (userId) => exports.exportedRows(userId),
        // Reports count each generation (issue 20; spec 2 §6 "report generation" quota).
        report: (userId) => reports.usedBy(userId),
        // Spec 2 §6 "writing copies": each rewrite made (passage or document) that did not fail.
        writing: (userId) => rewrite.usedBy(userId),
        // Spec 2 §8: each simple-family expansion made (issue 46).
        familyExpand: (userId) => familyExpansion.usedBy(userId),
      },
    }),
  };
}
export type AccountServices = ReturnType<typeof accountServices>;

export function accountEntries(s: Services, infra: Infrastructure): AreaEntries {
  return {
    jobs: [],
    routes: [
      routesOf(accountDomain, {
        prefix: API,
        registration: s.registration,
        account: s.account,
        displayCopy: s.displayCopy,
        rateLimitPerMinute: infra.config.auth.rateLimitPerMinute,
      }),
    ],
  };
}
