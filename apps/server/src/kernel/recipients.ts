import { AppError } from '../errors.js';
import type { People, Person } from './people.js';

/**
 * The accounts of the e-mails a user invites or shares with (spec 2 §5 "at most 5 e-mails at a
 * time; a pre-shared e-mail may not be duplicated"): too many, a duplicate or an unknown address
 * refuses the whole list, so that nothing is half sent.
 */
export async function resolveRecipients(people: People, emails: readonly string[], max: number): Promise<Person[]> {
  if (emails.length > max) throw new AppError('SHARE_TOO_MANY_RECIPIENTS', { max });
  const seen = new Set<string>();
  for (const email of emails) {
    const key = email.trim().toLowerCase();
    if (seen.has(key)) throw new AppError('EMAIL_DUPLICATED', { email: email.trim() });
    seen.add(key);
  }
  const found: Person[] = [];
  for (const email of emails) {
    const person = await people.findByEmail(email.trim());
    if (!person) throw new AppError('EMAIL_NOT_REGISTERED', { email: email.trim() });
    found.push(person);
  }
  return found;
}
