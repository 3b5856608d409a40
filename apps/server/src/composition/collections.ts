import type { DatabaseHandle } from '../db/database.js';
import { applicantGroupDomain } from '../domains/applicant-group/applicant-group.domain.js';
import { ApplicantGroupRepository } from '../domains/applicant-group/applicant-group.repository.js';
import { ApplicantGroupService } from '../domains/applicant-group/applicant-group.service.js';
import type { UserRepository } from '../domains/auth/user.repository.js';
import { groupDomain } from '../domains/group/group.domain.js';
import { GroupRepository } from '../domains/group/group.repository.js';
import { GroupService } from '../domains/group/group.service.js';
import { libraryDomain } from '../domains/library/library.domain.js';
import { LibraryMembersRepository } from '../domains/library/library-members.repository.js';
import { LibraryShareService } from '../domains/library/library-share.service.js';
import { LibraryRepository } from '../domains/library/library.repository.js';
import { LibraryService } from '../domains/library/library.service.js';
import { messageDomain } from '../domains/message/message.domain.js';
import { MessageRepository } from '../domains/message/message.repository.js';
import { MessageService } from '../domains/message/message.service.js';
import { shareDomain } from '../domains/share/share.domain.js';
import { ShareRepository } from '../domains/share/share.repository.js';
import { ShareService } from '../domains/share/share.service.js';
import type { People, Person } from '../kernel/people.js';
import { costlyRateLimit } from '../plugins/costly-rate-limit.js';
import type { Repositories, Services } from '../composition.js';
import { PRODUCT, routesOf, type AreaEntries, type Infrastructure } from './area.js';
import type { IdentityServices } from './identity.js';
import type { SearchServices } from './search.js';

/**
 * Collections and collaboration (issue 17): patent libraries with their members and sharing, the
 * message centre, groups, shared patents. Invitations call back the domain that sent them (each
 * registers its kind with the message service when built).
 */

export function collectionsRepositories(database: DatabaseHandle) {
  const { db, dialect } = database;
  return {
    libraries: new LibraryRepository(db, dialect),
    libraryMembers: new LibraryMembersRepository(db),
    groups: new GroupRepository(db),
    applicantGroups: new ApplicantGroupRepository(db),
    messages: new MessageRepository(db),
    shares: new ShareRepository(db),
  };
}
export type CollectionsRepositories = ReturnType<typeof collectionsRepositories>;

/** Registered, enabled accounts for the collaboration domains (kernel/people.ts). */
function peopleOf(users: UserRepository): People {
  const personOf = (row: { id: string; email: string; fullname: string; disabled: number } | undefined) =>
    row && row.disabled !== 1 ? { userId: row.id, email: row.email, fullname: row.fullname } : undefined;
  return {
    findByEmail: async (email) => personOf(await users.findByEmail(email)),
    findByIds: async (ids) => {
      const found = new Map<string, Person>();
      for (const id of new Set(ids)) {
        const row = await users.findById(id);
        // Messages and shares from an account disabled since still show who sent them.
        if (row) found.set(id, { userId: row.id, email: row.email, fullname: row.fullname });
      }
      return found;
    },
  };
}

export function collectionsServices(r: Repositories, infra: Infrastructure, before: IdentityServices & SearchServices) {
  const { engine, now } = infra;
  const { patents, search, history, operateHistory, quotas } = before;
  const people = peopleOf(r.users);
  const messages = new MessageService(r.messages, people, now);
  const groups = new GroupService(r.groups, messages, people, now);
  return {
    /** the message centre; other domains notify and invite through it */
    messages,
    groups,
    /** applicant groups (domains/applicant-group); names suggested from the standardised applicants */
    applicantGroups: new ApplicantGroupService(
      r.applicantGroups,
      people,
      async (keyword, lang) => {
        const result = await search.search(
          {
            searchExpre: `PA=("${keyword.replace(/"/g, '')}")`,
            page: 1,
            pageSize: 1,
            mergeType: 0,
            filters: [],
            facets: ['applicant'],
            highlight: false,
          },
          lang,
        );
        return (result.facets.applicant ?? []).slice(0, 20).map((bucket) => ({
          name: bucket.value,
          count: bucket.count,
          variants: (bucket.variants ?? []).map((v) => v.value).filter((v) => v !== bucket.value),
        }));
      },
      now,
    ),
    shares: new ShareService(
      r.shares,
      messages,
      people,
      async (pn) => {
        const detail = await patents.getDetail(pn);
        return { pn: detail.publicationNumber, title: detail.title?.text };
      },
      now,
    ),
    /** Patent libraries, saved expressions and indexing labels (domains/library) */
    library: new LibraryService({
      repository: r.libraries,
      members: r.libraryMembers,
      patents,
      search,
      engine,
      history,
      operateHistory,
      favouritesLimit: (auth) => quotas.limitOf(auth, 'favorites'),
      favouritesLimitOf: (userId) => quotas.limitOfUser(userId, 'favorites'),
      sheets: infra.sheets,
      now,
    }),
    /** collaborative libraries: sharing, members, invitations */
    libraryShare: new LibraryShareService({
      libraries: r.libraries,
      members: r.libraryMembers,
      messages,
      groupMembers: async (userId, groupId) => {
        const [group] = await groups.list(userId, groupId);
        return {
          name: group!.name,
          userIds: group!.members.filter((m) => m.status === 'active').map((m) => m.userId),
        };
      },
      people,
      now,
    }),
  };
}
export type CollectionsServices = ReturnType<typeof collectionsServices>;

export function collectionsEntries(s: Services, infra: Infrastructure): AreaEntries {
  // Invitations and shares by e-mail tell whether an address is registered: per user and minute (issue 41).
  const lookups = costlyRateLimit(infra.config.auth.recipientLookupsPerMinute);
  return {
    jobs: [],
    routes: [
      routesOf(libraryDomain, { prefix: PRODUCT, library: s.library, libraryShare: s.libraryShare, lookups }),
      routesOf(messageDomain, { prefix: PRODUCT, messages: s.messages }),
      routesOf(groupDomain, { prefix: PRODUCT, groups: s.groups, lookups }),
      routesOf(applicantGroupDomain, { prefix: PRODUCT, applicantGroups: s.applicantGroups, lookups }),
      routesOf(shareDomain, { prefix: PRODUCT, shares: s.shares, lookups }),
    ],
  };
}
