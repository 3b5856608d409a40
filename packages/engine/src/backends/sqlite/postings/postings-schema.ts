/**
 * The engine's own postings in the index file (issue 44), beside FTS5's, written in the same
 * transactions as the documents (segment-writer.ts), so every connection (the engine's, each
 * search worker's) reads a consistent state and a crash loses nothing a commit kept.
 *
 * - `post_segs`: one row per segment. A write of a batch adds a segment; merges replace a run of
 *   segments by one. `ord` orders them by age (a merged segment takes its newest member's);
 *   `docs` lists every document whose version the segment wrote, `dead` those it removed; `lens`
 *   holds, for each of `docs` in order, its token count in each of the LENGTH_COLUMNS ranked fields
 *   (varints), which BM25F normalises by (own-rank.ts).
 * - `post_blocks`: a segment's entries, one per (column, token), in key order, packed into blocks
 *   of ~16 KB keyed by their first key (a row per entry was 500,000 inserts for 2,000 records).
 *   An entry holds the documents (gap-coded), each one's occurrence count, and the positions
 *   (gap-coded per document) inline when short. A long entry has a block of its own, so reading a
 *   rare token never reads a frequent one's list.
 * - `post_blocks_dir`: the blocks' keys alone (an index on a WITHOUT ROWID table holds its primary
 *   key), so a connection reads a segment's block directory from a few pages, not from every block:
 *   ~40,000 blocks at 100k records, whose rows span a page or more each.
 * - `post_pos`: the positions of entries too long to sit inline, read only for phrases and
 *   proximity.
 * - `post_skips`: a long entry's skip data (segment-skips.ts): where each run of 128 of its
 *   documents starts in its streams, so a seek or a count of a few documents jumps. Segments
 *   written before it have none and are walked as before until a merge rewrites them.
 * - A lone CJK character has a document list of its own (token `\u0001` + the character): the
 *   documents with a token starting with it, each with its count of such tokens (BM25F's term
 *   frequency of the character), which FTS5 can only answer by merging every bigram starting with it.
 *
 * Keys are the column number as one UTF-16 unit, then the token, as UTF-16BE bytes: SQLite's
 * byte order of them is JavaScript's string order (segment-keys.ts).
 */
export const POSTINGS_SCHEMA = `
  CREATE TABLE IF NOT EXISTS post_segs (
    seg INTEGER PRIMARY KEY,
    ord INTEGER NOT NULL,
    level INTEGER NOT NULL,
    ndocs INTEGER NOT NULL,
    docs BLOB NOT NULL,
    ndead INTEGER NOT NULL,
    dead BLOB NOT NULL,
    lens BLOB NOT NULL
  );
  CREATE TABLE IF NOT EXISTS post_blocks (
    seg INTEGER NOT NULL,
    key BLOB NOT NULL,
    data BLOB NOT NULL,
    PRIMARY KEY (seg, key)
  ) WITHOUT ROWID;
  CREATE INDEX IF NOT EXISTS post_blocks_dir ON post_blocks (seg);
  CREATE TABLE IF NOT EXISTS post_pos (
    seg INTEGER NOT NULL,
    key BLOB NOT NULL,
    pos BLOB NOT NULL,
    PRIMARY KEY (seg, key)
  ) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS post_skips (
    seg INTEGER NOT NULL,
    key BLOB NOT NULL,
    data BLOB NOT NULL,
    PRIMARY KEY (seg, key)
  ) WITHOUT ROWID;
`;
