/*
 * patlas-segments: writing and merging the engine's own postings segments in C (issue 44), byte
 * for byte as postings/segment-writer.ts does in JavaScript, which stays the reference and the path
 * for what is rare (a merge whose members hold replaced documents).
 *
 * A bulk load's writer thread spent most of its time copying entries in JavaScript: each batch's
 * collected entries into blocks, then each level's merge (10 segments into one) again, ~2 µs an
 * entry, several million entries a merge. Here the entries never leave SQLite's process memory as
 * JavaScript objects:
 *
 *   patlas_post_write(seg, entries): a blob of entries (the collector's `patlas_post_take()`
 *     format, sorted by key) written as segment `seg`'s blocks, apart positions and skip data.
 *   patlas_post_merge(seg, member, ...): the entries of the member segments, none of which holds a
 *     document a newer segment replaced, merged by key into segment `seg`; each key's lists are
 *     concatenated when their id ranges follow each other (a bulk load's batches), merged by id
 *     otherwise. The members' rows are left to the caller, which drops them in the same transaction.
 *
 * The formats are postings-schema.ts's: a block is entries (key length, key, document count,
 * documents, counts, positions flag, inline positions) packed to BLOCK_BYTES, an entry whose
 * documents and counts exceed OWN_BLOCK_BYTES alone, positions over INLINE_POSITIONS bytes in
 * post_pos, and an entry of SKIP_MIN documents or more has skip data (segment-skips.ts).
 */
#include "sqlite3ext.h"
SQLITE_EXTENSION_INIT3
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "patlas-buf.h"

/* segment-blocks.ts and segment-skips.ts: the same constants. */
#define INLINE_POSITIONS 512
#define BLOCK_BYTES (16 * 1024)
#define OWN_BLOCK_BYTES (4 * 1024)
#define SKIP_EVERY 128
#define SKIP_MIN (4 * SKIP_EVERY)
#define AT_NONE 0
#define AT_INLINE 1
#define AT_APART 2

/* The varint at *at in p (bounded by end: a truncated one reads as what it has). */
static uint32_t varintAt(const unsigned char *p, sqlite3_int64 *at, sqlite3_int64 end) {
  uint32_t v = 0;
  int shift = 0;
  while (*at < end) {
    unsigned char byte = p[(*at)++];
    v |= (uint32_t)(byte & 0x7f) << shift;
    if (byte < 0x80) break;
    shift += 7;
  }
  return v;
}

/* One entry, as views into a block's bytes (or an apart positions buffer). */
typedef struct SEntry {
  const unsigned char *key;
  sqlite3_int64 nKey;
  uint32_t n;
  const unsigned char *docs;
  sqlite3_int64 nDocs;
  const unsigned char *freqs;
  sqlite3_int64 nFreqs;
  int at;
  const unsigned char *pos;
  sqlite3_int64 nPos;
} SEntry;

/* A varint of an entry's framing into *v; 0 when the bytes end inside it (a truncated entry). */
static int framingVarint(const unsigned char *p, sqlite3_int64 *at, sqlite3_int64 end, uint32_t *v) {
  int shift = 0;
  *v = 0;
  while (*at < end && shift < 35) {
    unsigned char byte = p[(*at)++];
    *v |= (uint32_t)(byte & 0x7f) << shift;
    if (byte < 0x80) return 1;
    shift += 7;
  }
  return 0;
}

/* The bytes of a length-prefixed field: 0 when they run past the end. */
static int framingBytes(const unsigned char *p, sqlite3_int64 *at, sqlite3_int64 end, const unsigned char **out,
                        sqlite3_int64 *n) {
  uint32_t len;
  if (!framingVarint(p, at, end, &len) || len > end - *at) return 0;
  *out = p + *at;
  *n = len;
  *at += len;
  return 1;
}

/* The entry at *at in a block (or the collector's blob); 0 at its end, -1 when malformed or truncated. */
static int readEntry(const unsigned char *p, sqlite3_int64 n, sqlite3_int64 *at, SEntry *e) {
  uint32_t flag;
  if (*at >= n) return 0;
  e->pos = 0;
  e->nPos = 0;
  if (!framingBytes(p, at, n, &e->key, &e->nKey) || !framingVarint(p, at, n, &e->n) ||
      !framingBytes(p, at, n, &e->docs, &e->nDocs) || !framingBytes(p, at, n, &e->freqs, &e->nFreqs) ||
      !framingVarint(p, at, n, &flag) || flag > AT_APART || e->n == 0)
    return -1;
  e->at = (int)flag;
  if (e->at == AT_INLINE && !framingBytes(p, at, n, &e->pos, &e->nPos)) return -1;
  return 1;
}

/* A segment's output: SegmentOutput of segment-writer.ts. */
typedef struct SegOut {
  sqlite3_int64 seg;
  sqlite3_stmt *insBlock, *insPos, *insSkips;
  Buf block, firstKey, skips;
  int hasFirst;
  int rc;
} SegOut;

static int stepInsert(sqlite3_stmt *s) {
  int rc = sqlite3_step(s);
  sqlite3_reset(s);
  return rc == SQLITE_DONE ? SQLITE_OK : rc;
}

static int insertKeyed(SegOut *o, sqlite3_stmt *s, const unsigned char *key, sqlite3_int64 nKey,
                       const unsigned char *data, sqlite3_int64 nData) {
  sqlite3_bind_int64(s, 1, o->seg);
  sqlite3_bind_blob64(s, 2, key, (sqlite3_uint64)nKey, SQLITE_STATIC);
  sqlite3_bind_blob64(s, 3, data ? (const void *)data : (const void *)"", (sqlite3_uint64)nData, SQLITE_STATIC);
  return stepInsert(s);
}

static void segFlush(SegOut *o) {
  if (o->rc || !o->hasFirst) return;
  o->rc = insertKeyed(o, o->insBlock, o->firstKey.p, o->firstKey.n, o->block.p, o->block.n);
  o->block.n = 0;
  o->hasFirst = 0;
}

/* encodeSkips of segment-skips.ts: per run of SKIP_EVERY documents, the id before it and its three stream offsets as differences, then its largest count. */
static int encodeSkips(Buf *out, uint32_t n, const unsigned char *docs, sqlite3_int64 nDocs,
                       const unsigned char *freqs, sqlite3_int64 nFreqs, const unsigned char *pos,
                       sqlite3_int64 nPos, int hasPositions) {
  sqlite3_int64 d = 0, f = 0, p = 0;
  uint32_t id = 0;
  uint32_t last[4] = {0, 0, 0, 0};
  out->n = 0;
  for (uint32_t start = 0; start < n; start += SKIP_EVERY) {
    uint32_t record[4] = {id, (uint32_t)d, (uint32_t)f, (uint32_t)p};
    uint32_t max = 0, end = n < start + SKIP_EVERY ? n : start + SKIP_EVERY;
    for (int k = 0; k < 4; k++) {
      if (bufVarint(out, record[k] - last[k])) return 1;
      last[k] = record[k];
    }
    for (uint32_t i = start; i < end; i++) {
      uint32_t count;
      id += varintAt(docs, &d, nDocs);
      count = varintAt(freqs, &f, nFreqs);
      if (count > max) max = count;
      /* A document's positions are `count` varints: passed by their ends (a byte below 0x80). */
      if (hasPositions)
        for (uint32_t left = count; left > 0 && p < nPos; p++)
          if (pos[p] < 0x80) left--;
    }
    if (bufVarint(out, max)) return 1;
  }
  return 0;
}

static void segAdd(SegOut *o, const unsigned char *key, sqlite3_int64 nKey, uint32_t n, const unsigned char *docs,
                   sqlite3_int64 nDocs, const unsigned char *freqs, sqlite3_int64 nFreqs, int at,
                   const unsigned char *pos, sqlite3_int64 nPos) {
  int positionsAt = at, alone;
  Buf *b = &o->block;
  if (o->rc) return;
  if (n >= SKIP_MIN) {
    if (encodeSkips(&o->skips, n, docs, nDocs, freqs, nFreqs, pos, nPos, at != AT_NONE)) {
      o->rc = SQLITE_NOMEM;
      return;
    }
    o->rc = insertKeyed(o, o->insSkips, key, nKey, o->skips.p, o->skips.n);
    if (o->rc) return;
  }
  if (at == AT_INLINE && nPos > INLINE_POSITIONS) {
    o->rc = insertKeyed(o, o->insPos, key, nKey, pos, nPos);
    if (o->rc) return;
    positionsAt = AT_APART;
  }
  alone = nDocs + nFreqs > OWN_BLOCK_BYTES;
  if (alone) segFlush(o);
  if (o->rc) return;
  if (!o->hasFirst) {
    o->firstKey.n = 0;
    if (bufBytes(&o->firstKey, key, nKey)) {
      o->rc = SQLITE_NOMEM;
      return;
    }
    o->hasFirst = 1;
  }
  if (bufVarint(b, (uint32_t)nKey) || bufBytes(b, key, nKey) || bufVarint(b, n) ||
      bufVarint(b, (uint32_t)nDocs) || bufBytes(b, docs, nDocs) || bufVarint(b, (uint32_t)nFreqs) ||
      bufBytes(b, freqs, nFreqs) || bufVarint(b, (uint32_t)positionsAt) ||
      (positionsAt == AT_INLINE && (bufVarint(b, (uint32_t)nPos) || bufBytes(b, pos, nPos)))) {
    o->rc = SQLITE_NOMEM;
    return;
  }
  if (alone || b->n >= BLOCK_BYTES) segFlush(o);
}

static int segOpen(sqlite3 *db, SegOut *o, sqlite3_int64 seg) {
  int rc;
  memset(o, 0, sizeof(SegOut));
  o->seg = seg;
  rc = sqlite3_prepare_v2(db, "INSERT INTO post_blocks (seg, key, data) VALUES (?, ?, ?)", -1, &o->insBlock, 0);
  if (rc == SQLITE_OK)
    rc = sqlite3_prepare_v2(db, "INSERT INTO post_pos (seg, key, pos) VALUES (?, ?, ?)", -1, &o->insPos, 0);
  if (rc == SQLITE_OK)
    rc = sqlite3_prepare_v2(db, "INSERT INTO post_skips (seg, key, data) VALUES (?, ?, ?)", -1, &o->insSkips, 0);
  return rc;
}

/* Flushes the last block and frees the output; answers its first error. */
static int segClose(SegOut *o) {
  segFlush(o);
  sqlite3_finalize(o->insBlock);
  sqlite3_finalize(o->insPos);
  sqlite3_finalize(o->insSkips);
  sqlite3_free(o->block.p);
  sqlite3_free(o->firstKey.p);
  sqlite3_free(o->skips.p);
  return o->rc;
}

static void resultRc(sqlite3_context *ctx, sqlite3 *db, int rc) {
  if (rc == SQLITE_OK) sqlite3_result_null(ctx);
  else if (rc == SQLITE_NOMEM) sqlite3_result_error_nomem(ctx);
  else if (rc == SQLITE_CORRUPT) sqlite3_result_error(ctx, "patlas: malformed postings entry", -1);
  else sqlite3_result_error(ctx, sqlite3_errmsg(db), -1);
}

/* patlas_post_write(seg, entries) */
static void postWriteFunc(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  sqlite3 *db = sqlite3_context_db_handle(ctx);
  sqlite3_int64 seg = sqlite3_value_int64(argv[0]);
  const unsigned char *p = (const unsigned char *)sqlite3_value_blob(argv[1]);
  sqlite3_int64 n = sqlite3_value_bytes(argv[1]), at = 0;
  SegOut o;
  SEntry e;
  int r, rc;
  (void)argc;
  rc = segOpen(db, &o, seg);
  while (rc == SQLITE_OK && !o.rc && (r = readEntry(p, n, &at, &e)) != 0) {
    /* The collector's entries have no positions apart. */
    if (r < 0 || e.at == AT_APART) {
      o.rc = SQLITE_CORRUPT;
      break;
    }
    segAdd(&o, e.key, e.nKey, e.n, e.docs, e.nDocs, e.freqs, e.nFreqs, e.at, e.pos, e.nPos);
  }
  r = segClose(&o);
  resultRc(ctx, db, rc ? rc : r);
}

/* One member of a merge: its entries in key order, a block at a time (copied: no statement stays open while the output writes). */
typedef struct Member {
  sqlite3_int64 seg;
  Buf block;
  sqlite3_int64 at;
  Buf blockKey;
  Buf apart; /* the current entry's positions when they are apart */
  int exhausted;
  int has;
  SEntry e;
  /* while merging by id */
  uint32_t id, left, last;
  sqlite3_int64 d, f, p;
} Member;

static int memberPeek(Member *m, sqlite3_stmt *nextBlock, sqlite3_stmt *positions) {
  while (!m->has && !m->exhausted) {
    int r = readEntry(m->block.p, m->block.n, &m->at, &m->e);
    if (r < 0) return SQLITE_CORRUPT;
    if (r > 0) {
      m->has = 1;
      break;
    }
    sqlite3_bind_int64(nextBlock, 1, m->seg);
    sqlite3_bind_blob64(nextBlock, 2, m->blockKey.p ? (const void *)m->blockKey.p : (const void *)"",
                        (sqlite3_uint64)m->blockKey.n, SQLITE_TRANSIENT);
    r = sqlite3_step(nextBlock);
    if (r == SQLITE_ROW) {
      const void *key = sqlite3_column_blob(nextBlock, 0);
      sqlite3_int64 nKey = sqlite3_column_bytes(nextBlock, 0);
      const void *data = sqlite3_column_blob(nextBlock, 1);
      sqlite3_int64 nData = sqlite3_column_bytes(nextBlock, 1);
      m->blockKey.n = m->block.n = 0;
      m->at = 0;
      if (bufBytes(&m->blockKey, (const unsigned char *)key, nKey) ||
          bufBytes(&m->block, (const unsigned char *)data, nData)) {
        sqlite3_reset(nextBlock);
        return SQLITE_NOMEM;
      }
    } else if (r == SQLITE_DONE) {
      m->exhausted = 1;
    } else {
      sqlite3_reset(nextBlock);
      return r;
    }
    sqlite3_reset(nextBlock);
  }
  if (m->has && m->e.at == AT_APART) {
    /* Positions apart: read once per entry, into the member's own buffer. */
    int r;
    sqlite3_bind_int64(positions, 1, m->seg);
    sqlite3_bind_blob64(positions, 2, m->e.key, (sqlite3_uint64)m->e.nKey, SQLITE_STATIC);
    r = sqlite3_step(positions);
    m->apart.n = 0;
    if (r == SQLITE_ROW &&
        bufBytes(&m->apart, (const unsigned char *)sqlite3_column_blob(positions, 0), sqlite3_column_bytes(positions, 0))) {
      sqlite3_reset(positions);
      return SQLITE_NOMEM;
    }
    sqlite3_reset(positions);
    if (r != SQLITE_ROW) return r == SQLITE_DONE ? SQLITE_CORRUPT : r;
    m->e.pos = m->apart.p;
    m->e.nPos = m->apart.n;
    m->e.at = AT_INLINE;
  }
  return SQLITE_OK;
}

static int compareKeys(const unsigned char *a, sqlite3_int64 na, const unsigned char *b, sqlite3_int64 nb) {
  int c = memcmp(a, b, (size_t)(na < nb ? na : nb));
  return c ? c : (na < nb ? -1 : na > nb ? 1 : 0);
}

static uint32_t firstId(const SEntry *e) {
  sqlite3_int64 at = 0;
  return varintAt(e->docs, &at, e->nDocs);
}

static uint32_t lastId(const SEntry *e) {
  sqlite3_int64 at = 0;
  uint32_t id = 0;
  for (uint32_t i = 0; i < e->n; i++) id += varintAt(e->docs, &at, e->nDocs);
  return id;
}

static int byFirstId(const void *a, const void *b) {
  uint32_t x = firstId(&(*(Member *const *)a)->e), y = firstId(&(*(Member *const *)b)->e);
  return x < y ? -1 : x > y ? 1 : 0;
}

/* Bytes of `count` varints from p[at]. */
static sqlite3_int64 varintsEnd(const unsigned char *p, sqlite3_int64 at, sqlite3_int64 end, uint32_t count) {
  for (uint32_t left = count; left > 0 && at < end; at++)
    if (p[at] < 0x80) left--;
  return at;
}

/* One key's entries from several members (parts, sorted by first id) as one: docs, freqs and pos into the buffers. */
static int mergeParts(Member **parts, int nParts, int charList, Buf *docs, Buf *freqs, Buf *pos, uint32_t *n) {
  int follow = 1;
  docs->n = freqs->n = pos->n = 0;
  *n = 0;
  /* Each list's last id, decoded once: for the check below and for re-basing the next list's first gap. */
  for (int k = 0; k < nParts; k++) parts[k]->last = lastId(&parts[k]->e);
  for (int k = 1; k < nParts && follow; k++)
    if (parts[k - 1]->last >= firstId(&parts[k]->e)) follow = 0;
  if (follow) {
    /* Id ranges follow each other: each list's first gap re-based on the list before, the rest copied. */
    uint32_t prevLast = 0;
    for (int k = 0; k < nParts; k++) {
      SEntry *e = &parts[k]->e;
      sqlite3_int64 at = 0;
      uint32_t first = varintAt(e->docs, &at, e->nDocs);
      if (bufVarint(docs, first - prevLast) || bufBytes(docs, e->docs + at, e->nDocs - at) ||
          bufBytes(freqs, e->freqs, e->nFreqs) || bufBytes(pos, e->pos, e->nPos))
        return SQLITE_NOMEM;
      prevLast = parts[k]->last;
      *n += e->n;
    }
    return SQLITE_OK;
  }
  /* Interleaved: merged by id, each document's count and positions copied as they are. */
  for (int k = 0; k < nParts; k++) {
    Member *m = parts[k];
    m->d = m->f = m->p = 0;
    m->left = m->e.n;
    m->id = m->left ? varintAt(m->e.docs, &m->d, m->e.nDocs) : 0;
  }
  {
    uint32_t lastOut = 0;
    for (;;) {
      Member *min = 0;
      sqlite3_int64 f0, p0;
      uint32_t count;
      for (int k = 0; k < nParts; k++)
        if (parts[k]->left && (!min || parts[k]->id < min->id)) min = parts[k];
      if (!min) break;
      f0 = min->f;
      count = varintAt(min->e.freqs, &min->f, min->e.nFreqs);
      p0 = min->p;
      if (!charList) min->p = varintsEnd(min->e.pos, min->p, min->e.nPos, count);
      if (bufVarint(docs, min->id - lastOut) || bufBytes(freqs, min->e.freqs + f0, min->f - f0) ||
          bufBytes(pos, min->e.pos + p0, min->p - p0))
        return SQLITE_NOMEM;
      lastOut = min->id;
      (*n)++;
      if (--min->left) min->id += varintAt(min->e.docs, &min->d, min->e.nDocs);
    }
  }
  return SQLITE_OK;
}

/* patlas_post_merge(seg, member, ...) */
static void postMergeFunc(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  sqlite3 *db = sqlite3_context_db_handle(ctx);
  int nMembers = argc - 1, rc;
  Member *members = 0;
  Member **parts = 0;
  sqlite3_stmt *nextBlock = 0, *positions = 0;
  Buf docs = {0, 0, 0}, freqs = {0, 0, 0}, pos = {0, 0, 0}, key = {0, 0, 0};
  SegOut o;
  if (nMembers < 1) {
    sqlite3_result_error(ctx, "patlas_post_merge(seg, member, ...): no member", -1);
    return;
  }
  rc = segOpen(db, &o, sqlite3_value_int64(argv[0]));
  if (rc == SQLITE_OK)
    rc = sqlite3_prepare_v2(db, "SELECT key, data FROM post_blocks WHERE seg = ? AND key > ? ORDER BY key LIMIT 1",
                            -1, &nextBlock, 0);
  if (rc == SQLITE_OK)
    rc = sqlite3_prepare_v2(db, "SELECT pos FROM post_pos WHERE seg = ? AND key = ?", -1, &positions, 0);
  if (rc == SQLITE_OK) {
    members = (Member *)sqlite3_malloc64(sizeof(Member) * (sqlite3_uint64)nMembers);
    parts = (Member **)sqlite3_malloc64(sizeof(Member *) * (sqlite3_uint64)nMembers);
    if (!members || !parts) rc = SQLITE_NOMEM;
    else memset(members, 0, sizeof(Member) * (size_t)nMembers);
  }
  for (int k = 0; rc == SQLITE_OK && k < nMembers; k++) members[k].seg = sqlite3_value_int64(argv[k + 1]);
  while (rc == SQLITE_OK && !o.rc) {
    Member *head = 0;
    int nParts = 0;
    for (int k = 0; rc == SQLITE_OK && k < nMembers; k++) {
      Member *m = &members[k];
      rc = memberPeek(m, nextBlock, positions);
      if (rc == SQLITE_OK && m->has && (!head || compareKeys(m->e.key, m->e.nKey, head->e.key, head->e.nKey) < 0))
        head = m;
    }
    if (rc != SQLITE_OK || !head) break;
    key.n = 0;
    if (bufBytes(&key, head->e.key, head->e.nKey)) {
      rc = SQLITE_NOMEM;
      break;
    }
    for (int k = 0; k < nMembers; k++) {
      Member *m = &members[k];
      if (m->has && compareKeys(m->e.key, m->e.nKey, key.p, key.n) == 0) parts[nParts++] = m;
    }
    {
      int charList = parts[0]->e.at == AT_NONE;
      int at = charList ? AT_NONE : AT_INLINE;
      if (nParts == 1) {
        SEntry *e = &parts[0]->e;
        segAdd(&o, key.p, key.n, e->n, e->docs, e->nDocs, e->freqs, e->nFreqs, at, e->pos, e->nPos);
      } else {
        uint32_t n;
        qsort(parts, (size_t)nParts, sizeof(Member *), byFirstId);
        rc = mergeParts(parts, nParts, charList, &docs, &freqs, &pos, &n);
        if (rc == SQLITE_OK) segAdd(&o, key.p, key.n, n, docs.p, docs.n, freqs.p, freqs.n, at, pos.p, pos.n);
      }
    }
    for (int k = 0; k < nParts; k++) parts[k]->has = 0;
  }
  {
    int closed = segClose(&o);
    if (rc == SQLITE_OK) rc = closed;
  }
  for (int k = 0; members && k < nMembers; k++) {
    sqlite3_free(members[k].block.p);
    sqlite3_free(members[k].blockKey.p);
    sqlite3_free(members[k].apart.p);
  }
  sqlite3_free(members);
  sqlite3_free(parts);
  sqlite3_free(docs.p);
  sqlite3_free(freqs.p);
  sqlite3_free(pos.p);
  sqlite3_free(key.p);
  sqlite3_finalize(nextBlock);
  sqlite3_finalize(positions);
  resultRc(ctx, db, rc);
}

/* Registers patlas_post_write and patlas_post_merge on a connection. */
int patlasSegmentsInit(sqlite3 *db) {
  int rc = sqlite3_create_function_v2(db, "patlas_post_write", 2, SQLITE_UTF8, 0, postWriteFunc, 0, 0, 0);
  if (rc == SQLITE_OK) rc = sqlite3_create_function_v2(db, "patlas_post_merge", -1, SQLITE_UTF8, 0, postMergeFunc, 0, 0, 0);
  return rc;
}
