/**
 * The child of merge-crash.test.ts: writes MERGE_FACTOR segments of documents into the postings
 * file given, then merges them and, once the merge has dropped its first member inside its
 * transaction, says `in-merge` and spins until it is killed (-9).
 */
import Database from 'better-sqlite3';
import { POSTINGS_SCHEMA } from '../../src/backends/sqlite/postings/segment-store.js';
import { MERGE_FACTOR, PostingsWriter } from '../../src/backends/sqlite/postings/segment-writer.js';
import { crashDocuments } from './merge-crash-docs.js';

const db = new Database(process.argv[2] as string);
db.pragma('journal_mode = WAL');
db.exec(POSTINGS_SCHEMA);
const writer = new PostingsWriter(db);
const docs = crashDocuments();
const per = Math.ceil(docs.length / MERGE_FACTOR);
for (let s = 0; s < MERGE_FACTOR - 1; s++)
  db.transaction(() => writer.writeSegment(docs.slice(s * per, (s + 1) * per)))();
// The merge's statements are the writer's own: its member drop is where the transaction is cut short.
const stmt = (writer as unknown as { stmt: Record<string, Database.Statement> }).stmt;
const dropSeg = stmt.dropSeg as Database.Statement;
stmt.dropSeg = {
  run(seg: number) {
    const result = dropSeg.run(seg);
    process.stdout.write('in-merge\n');
    for (;;) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1000);
    return result;
  },
} as unknown as Database.Statement;
// The last segment fills level 0: writeSegment does not merge, mergeFull does.
db.transaction(() => writer.writeSegment(docs.slice((MERGE_FACTOR - 1) * per)))();
writer.mergeFull();
