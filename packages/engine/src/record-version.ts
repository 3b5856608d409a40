import { createHash } from 'node:crypto';

/**
 * The version of a record: a hash of its JSON as the app store keeps it (`patents.doc`). The store
 * writes it beside each record and the index beside what it indexed (computed from the same
 * record, `JSON.stringify` of it), so a verify pass compares the two by publication number without
 * reading the records (issue 16 §3: an index left behind by a crash or a concurrent import).
 */
export function recordVersion(json: string): string {
  // 96 bits: a collision between two versions of one record is out of reach.
  return createHash('sha1').update(json).digest('base64url').slice(0, 16);
}
