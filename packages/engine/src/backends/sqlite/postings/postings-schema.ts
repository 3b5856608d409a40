/**
 * The engine's own postings in the index file (issue 44), beside FTS5's, written in the same
 * transactions as the documents (segment-writer.ts), so every connection (the engine's, each
 * search worker's) reads a consistent state and a crash loses nothing a commit kept.
 *
 * - `post_segs`: one row per segment. A write of a batch adds a segment; merges replace a run of
 *   segments by one. `ord` orders them by age (a merged segment takes its newest member's);
 *   `docs` lists every document whose version the segment wrote, `dead` those it removed.
 * - `post`: one row per (column, token, segment): the documents holding the token (gap-coded),
 *   each one's occurrence count, and the positions (gap-coded per document) in a stream of its
 *   own, read only for phrases and proximity. A row read for membership stops before `pos`.
 * - A lone CJK character has a document list of its own (token `\u0001` + the character): the
 *   documents with a token starting with it, which FTS5 can only answer by merging every bigram
 *   starting with it.
 *
 * A document's live version is in the newest segment listing it (segmentOwners); older
 * segments' entries for it are skipped on read and dropped when merged.
 */
export const POSTINGS_SCHEMA = `
  CREATE TABLE IF NOT EXISTS post_segs (
    seg INTEGER PRIMARY KEY,
    ord INTEGER NOT NULL,
    level INTEGER NOT NULL,
    ndocs INTEGER NOT NULL,
    docs BLOB NOT NULL,
    ndead INTEGER NOT NULL,
    dead BLOB NOT NULL
  );
  CREATE TABLE IF NOT EXISTS post (
    col INTEGER NOT NULL,
    term TEXT NOT NULL,
    seg INTEGER NOT NULL,
    n INTEGER NOT NULL,
    docs BLOB NOT NULL,
    freqs BLOB NOT NULL,
    pos BLOB NOT NULL,
    PRIMARY KEY (col, term, seg)
  ) WITHOUT ROWID;
  CREATE INDEX IF NOT EXISTS post_by_seg ON post (seg);
`;
