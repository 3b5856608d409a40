/** A registered account as the collaboration domains show it (groups, messages, shares). */
export interface Person {
  userId: string;
  email: string;
  fullname: string;
}

/**
 * Who the registered users are, for the collaboration domains: built over the accounts in
 * composition.ts, so that groups, messages and shares never read the auth domain's tables.
 * Disabled accounts are not found (an invitation to them could never be answered).
 */
export interface People {
  findByEmail(email: string): Promise<Person | undefined>;
  /** The accounts among `ids` that exist, by id. */
  findByIds(ids: readonly string[]): Promise<Map<string, Person>>;
}

/** A stand-in for an account that has gone since (its messages and shares stay readable). */
export function unknownPerson(userId: string): Person {
  return { userId, email: '', fullname: '' };
}
