import {
  MAX_APPLICANT_GROUP_NAME_LENGTH,
  MAX_APPLICANT_GROUP_SHARES,
  normaliseApplicantGroupName,
  type ApplicantGroup,
  type ApplicantGroupMember,
  type ApplicantGroupShare,
  type ApplicantSuggestion,
  type Language,
} from '@patlas/contracts';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { AppError } from '../../errors.js';
import type { Clock } from '../../kernel/clock.js';
import { unknownPerson, type People } from '../../kernel/people.js';
import { resolveRecipients } from '../../kernel/recipients.js';
import type { ApplicantGroupRepository, ApplicantGroupRow, VisibleGroupRow } from './applicant-group.repository.js';

/** Standardised applicants whose names contain a keyword, with the spellings each merges (the search domain's PA-STD). */
export type ApplicantSuggester = (keyword: string, lang: Language) => Promise<ApplicantSuggestion[]>;

/**
 * Applicant groups (申请人组, spec 2 §3, §5, §7; issue 46). The owner creates, edits, deletes and
 * shares a group with up to 5 registered users by e-mail; a recipient confirms (or declines) the
 * share, after which the group is theirs to use in expressions (`PA=@组名`) too. A group the user
 * neither owns nor was shared is "not found" to them.
 */
export class ApplicantGroupService {
  constructor(
    private readonly groups: ApplicantGroupRepository,
    private readonly people: People,
    private readonly suggester: ApplicantSuggester,
    private readonly now: Clock,
  ) {}

  async create(userId: string, rawName: string, members: readonly ApplicantGroupMember[]): Promise<ApplicantGroup> {
    const name = checkedName(rawName);
    const stored = storedMembers(members);
    if (await this.groups.findByOwnerAndName(userId, name)) throw new AppError('APPLICANT_GROUP_NAME_EXISTS');
    try {
      const row = await this.groups.create(userId, name, stored, this.now().toISOString());
      return (await this.describe([{ ...row, share_status: null }], userId))[0]!;
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('APPLICANT_GROUP_NAME_EXISTS');
      throw error;
    }
  }

  async update(
    userId: string,
    id: string,
    rawName: string,
    members: readonly ApplicantGroupMember[],
  ): Promise<ApplicantGroup> {
    const group = await this.ownedGroup(userId, id);
    const name = checkedName(rawName);
    const stored = storedMembers(members);
    const clash = await this.groups.findByOwnerAndName(userId, name);
    if (clash && clash.id !== group.id) throw new AppError('APPLICANT_GROUP_NAME_EXISTS');
    const at = this.now().toISOString();
    try {
      await this.groups.update(group.id, name, stored, at);
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('APPLICANT_GROUP_NAME_EXISTS');
      throw error;
    }
    return (await this.describe([{ ...group, name, members: stored, updated_at: at, share_status: null }], userId))[0]!;
  }

  /** The owner deletes a group (its shares go with it); a recipient removes a group shared with them from their list. */
  async delete(userId: string, id: string): Promise<void> {
    const group = await this.visibleGroup(userId, id);
    if (group.owner_id === userId) await this.groups.delete(group.id);
    else await this.groups.removeShare(group.id, userId);
  }

  async list(userId: string): Promise<ApplicantGroup[]> {
    return this.describe(await this.groups.visibleTo(userId), userId);
  }

  async page(
    userId: string,
    page: number,
    pageSize: number,
    keyword?: string,
  ): Promise<{ total: number; page: number; pageSize: number; items: ApplicantGroup[] }> {
    const needle = keyword?.trim().toUpperCase() ?? '';
    const rows = (await this.groups.visibleTo(userId)).filter(
      (row) => needle === '' || row.name.includes(needle) || row.members.toUpperCase().includes(needle),
    );
    const items = await this.describe(rows.slice((page - 1) * pageSize, page * pageSize), userId);
    return { total: rows.length, page, pageSize, items };
  }

  searchApplicant(keyword: string, lang: Language): Promise<ApplicantSuggestion[]> {
    return this.suggester(keyword, lang);
  }

  /** A registered user with exactly this address (the share dialog checks an address before adding it). */
  async searchEmail(userId: string, email: string): Promise<{ email: string; fullname: string }[]> {
    const person = await this.people.findByEmail(email.trim());
    if (!person || person.userId === userId) return [];
    return [{ email: person.email, fullname: person.fullname }];
  }

  /** Shares an owned group with registered users by e-mail: all are checked before any is added. */
  async share(userId: string, id: string, emails: readonly string[]): Promise<number> {
    const group = await this.ownedGroup(userId, id);
    const people = await resolveRecipients(this.people, emails, MAX_APPLICANT_GROUP_SHARES);
    const existing = await this.groups.sharesOf(group.id);
    for (const person of people) {
      if (person.userId === userId) throw new AppError('SHARE_TO_SELF');
      if (existing.some((share) => share.user_id === person.userId))
        throw new AppError('APPLICANT_GROUP_ALREADY_SHARED', { email: person.email });
    }
    if (existing.length + people.length > MAX_APPLICANT_GROUP_SHARES)
      throw new AppError('APPLICANT_GROUP_SHARE_LIMIT', { max: MAX_APPLICANT_GROUP_SHARES });
    await this.groups.addShares(
      group.id,
      people.map((person) => person.userId),
      this.now().toISOString(),
    );
    return people.length;
  }

  async shareInfo(userId: string, id: string): Promise<ApplicantGroupShare[]> {
    const group = await this.ownedGroup(userId, id);
    const shares = await this.groups.sharesOf(group.id);
    const people = await this.people.findByIds(shares.map((share) => share.user_id));
    return shares.map((share) => {
      const person = people.get(share.user_id) ?? unknownPerson(share.user_id);
      return {
        userId: share.user_id,
        email: person.email,
        fullname: person.fullname,
        status: share.status,
        since: share.created_at,
      };
    });
  }

  /** The recipient accepts (the group becomes usable in their expressions) or declines (it leaves their list). */
  async confirmShare(userId: string, id: string, accept: boolean): Promise<void> {
    const share = await this.groups.findShare(id, userId);
    if (share?.status !== 'pending') throw new AppError('APPLICANT_GROUP_NO_SHARE');
    if (accept) await this.groups.accept(id, userId, this.now().toISOString());
    else await this.groups.removeShare(id, userId);
  }

  private async visibleGroup(userId: string, id: string): Promise<ApplicantGroupRow> {
    const group = await this.groups.findById(id);
    if (!group) throw new AppError('APPLICANT_GROUP_NOT_FOUND');
    if (group.owner_id !== userId && !(await this.groups.findShare(id, userId)))
      throw new AppError('APPLICANT_GROUP_NOT_FOUND');
    return group;
  }

  private async ownedGroup(userId: string, id: string): Promise<ApplicantGroupRow> {
    const group = await this.visibleGroup(userId, id);
    if (group.owner_id !== userId) throw new AppError('APPLICANT_GROUP_OWNER_ONLY');
    return group;
  }

  private async describe(rows: readonly VisibleGroupRow[], viewerId: string): Promise<ApplicantGroup[]> {
    const people = await this.people.findByIds(rows.map((row) => row.owner_id));
    const counts = await this.groups.shareCounts(rows.filter((row) => row.owner_id === viewerId).map((row) => row.id));
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      members: parseMembers(row.members),
      role: row.owner_id === viewerId ? 'owner' : 'shared',
      ownerName: (people.get(row.owner_id) ?? unknownPerson(row.owner_id)).fullname,
      ...(row.share_status ? { shareStatus: row.share_status } : {}),
      sharedWith: counts.get(row.id) ?? 0,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    }));
  }
}

/**
 * The applicant names a group stands for in a user's expressions (`PA=@组名`, the search domain's
 * ApplicantGroupSource): their own group of that name, else one shared with them and accepted.
 */
export function applicantGroupNames(groups: ApplicantGroupRepository) {
  return {
    async namesOf(userId: string, rawName: string): Promise<string[] | undefined> {
      const name = rawName.trim().toUpperCase();
      const rows = (await groups.visibleTo(userId)).filter(
        (row) => row.name === name && (row.share_status === null || row.share_status === 'accepted'),
      );
      const row = rows.find((r) => r.share_status === null) ?? rows[0];
      if (!row) return undefined;
      const names = parseMembers(row.members).flatMap((member) => [member.name, ...member.variants]);
      return [...new Set(names)];
    },
    /** The names of the groups the user can write as `PA=@组名`: their own, and shared ones accepted. */
    async groupsOf(userId: string): Promise<string[]> {
      const rows = (await groups.visibleTo(userId)).filter(
        (row) => row.share_status === null || row.share_status === 'accepted',
      );
      return [...new Set(rows.map((row) => row.name))];
    },
  };
}

/** Spec 2 §5's name rules, in their order; the name as stored (uppercased). */
function checkedName(raw: string): string {
  const checked = normaliseApplicantGroupName(raw);
  if (!checked.ok) {
    throw new AppError(
      checked.code,
      checked.code === 'APPLICANT_GROUP_NAME_TOO_LONG' ? { max: MAX_APPLICANT_GROUP_NAME_LENGTH } : undefined,
    );
  }
  return checked.name;
}

/** The members as stored: names trimmed, duplicates (and variants equal to their name) dropped; at least one. */
function storedMembers(members: readonly ApplicantGroupMember[]): string {
  const seen = new Set<string>();
  const kept: { name: string; variants: string[] }[] = [];
  for (const member of members) {
    const name = member.name.trim();
    if (name === '' || seen.has(name)) continue;
    seen.add(name);
    const variants = [...new Set(member.variants.map((v) => v.trim()))].filter((v) => v !== '' && v !== name);
    kept.push({ name, variants });
  }
  if (kept.length === 0) throw new AppError('APPLICANT_GROUP_EMPTY');
  return JSON.stringify(kept);
}

function parseMembers(text: string): { name: string; variants: string[] }[] {
  return JSON.parse(text) as { name: string; variants: string[] }[];
}
