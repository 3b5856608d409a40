/*
 * patlas-postings: the engine's own postings (issue 44), collected while FTS5 indexes a record.
 *
 * The `patlas` FTS5 tokenizer wraps another (the table's `unicode61 remove_diacritics 0`): every
 * token it hands FTS5 for a document is also recorded for the document set by
 * `patlas_post_doc(id)`, under the column being tokenized (FTS5 tokenizes a row's columns in
 * order, one call each). `patlas_post_take()` answers what was recorded since the last call as
 * one blob of segment entries (postings/segment-blocks.ts), sorted by key, and starts afresh:
 *
 *   key length, key (the column as one UTF-16 unit, then the token, UTF-16BE), document count,
 *   documents (gap-coded), occurrence counts, positions flag (0 none, 1 inline), positions
 *   (gap-coded per document)
 *
 * with every length and number a LEB128 varint. A token starting with a character at or above
 * U+1100 (the CJK scripts) also puts the document in that character's list (key: column, 0x0001,
 * the character; documents and their counts of such tokens, no positions). Documents must be given in
 * ascending id order.
 *
 * The tokens are FTS5's own, so the two indexes hold the same terms by construction.
 *
 * `patlas_post_lengths()` answers, for each document recorded since its last call, the token
 * counts of its first LENGTH_COLUMNS columns (the ranked text fields: clm, ti, ab, desc, tiw), as
 * varints, in the order the documents were given: BM25F normalises each field by its length.
 * It is called before `patlas_post_take()`, which forgets them.
 */
#include "sqlite3ext.h"
SQLITE_EXTENSION_INIT3
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "patlas-buf.h"

/*
 * A token's postings while a batch is collected: one stream per term, appended as FTS5 hands the
 * tokens over: per document its id gap, then each position gap + 1, then 0. Terms live in an
 * arena freed at once by `take`, and a term's first bytes sit inside it: most tokens of a batch
 * occur in one or two documents, and a malloc each made collecting slower than FTS5's own work.
 */
#define INLINE_BYTES 24

typedef struct Term {
  struct Term *next;
  unsigned hash;
  int col;
  int charList;
  sqlite3_int64 lastDoc;
  uint32_t nDocs;
  uint32_t lastPos;
  uint32_t n;   /* bytes of the stream */
  uint32_t cap; /* its capacity: INLINE_BYTES while inline */
  unsigned char *heap; /* the stream once it outgrew the inline bytes */
  unsigned char inl[INLINE_BYTES];
  int nToken;
  unsigned char token[1]; /* nToken bytes, UTF-8 */
} Term;

typedef struct Chunk {
  struct Chunk *next;
  size_t used, cap;
  unsigned char bytes[1];
} Chunk;

/* The columns whose lengths are recorded: FTS_COLUMNS' first five (index-schema.ts). */
#define LENGTH_COLUMNS 5

typedef struct Collector {
  fts5_api *fts5;
  fts5_tokenizer unicode61;      /* patlas_post_index's tokenizer, made on first use */
  Fts5Tokenizer *unicode61Tok;
  Buf lengths;                   /* LENGTH_COLUMNS varints per finished document */
  uint32_t length[LENGTH_COLUMNS]; /* the current document's */
  int lengthPending;
  Term **buckets;
  unsigned nBucket;
  unsigned nTerm;
  Chunk *arena;
  sqlite3_int64 doc; /* -1: not recording */
  int col;
  int pos;
  int failed;
} Collector;

typedef struct Wrapper {
  fts5_tokenizer inner;
  Fts5Tokenizer *innerTok;
  Collector *collector;
} Wrapper;

static unsigned hashOf(int col, const unsigned char *p, int n) {
  unsigned h = 2166136261u ^ (unsigned)col;
  for (int i = 0; i < n; i++) h = (h ^ p[i]) * 16777619u;
  return h;
}

static void *arenaAlloc(Collector *c, size_t n) {
  n = (n + 7) & ~(size_t)7;
  if (!c->arena || c->arena->used + n > c->arena->cap) {
    size_t cap = n > (1 << 20) ? n : (1 << 20);
    Chunk *k = (Chunk *)sqlite3_malloc64(sizeof(Chunk) + cap);
    if (!k) return 0;
    k->next = c->arena;
    k->used = 0;
    k->cap = cap;
    c->arena = k;
  }
  void *p = c->arena->bytes + c->arena->used;
  c->arena->used += n;
  return p;
}

static void collectorReset(Collector *c) {
  for (unsigned i = 0; i < c->nBucket; i++) {
    for (Term *t = c->buckets[i]; t; t = t->next) sqlite3_free(t->heap);
    c->buckets[i] = 0;
  }
  while (c->arena) {
    Chunk *next = c->arena->next;
    sqlite3_free(c->arena);
    c->arena = next;
  }
  c->nTerm = 0;
  c->failed = 0;
  c->lengths.n = 0;
  c->lengthPending = 0;
}

/* The current document's column lengths, appended to the lengths answered next. */
static void flushLengths(Collector *c) {
  if (!c->lengthPending) return;
  for (int i = 0; i < LENGTH_COLUMNS; i++)
    if (bufVarint(&c->lengths, c->length[i])) c->failed = 1;
  c->lengthPending = 0;
}

static int collectorGrow(Collector *c) {
  unsigned n = c->nBucket ? c->nBucket * 2 : 4096;
  Term **b = (Term **)sqlite3_malloc64(sizeof(Term *) * n);
  if (!b) return 1;
  memset(b, 0, sizeof(Term *) * n);
  for (unsigned i = 0; i < c->nBucket; i++) {
    Term *t = c->buckets[i];
    while (t) {
      Term *next = t->next;
      t->next = b[t->hash & (n - 1)];
      b[t->hash & (n - 1)] = t;
      t = next;
    }
  }
  sqlite3_free(c->buckets);
  c->buckets = b;
  c->nBucket = n;
  return 0;
}

static Term *termOf(Collector *c, int col, int charList, const unsigned char *p, int n) {
  unsigned h = hashOf(col * 2 + charList, p, n);
  if (c->nTerm >= c->nBucket && collectorGrow(c)) return 0;
  Term **slot = &c->buckets[h & (c->nBucket - 1)];
  for (Term *t = *slot; t; t = t->next) {
    if (t->hash == h && t->col == col && t->charList == charList && t->nToken == n && memcmp(t->token, p, (size_t)n) == 0)
      return t;
  }
  Term *t = (Term *)arenaAlloc(c, sizeof(Term) + (size_t)n);
  if (!t) return 0;
  memset(t, 0, sizeof(Term));
  t->hash = h;
  t->col = col;
  t->charList = charList;
  t->lastDoc = -1;
  t->cap = INLINE_BYTES;
  t->nToken = n;
  memcpy(t->token, p, (size_t)n);
  t->next = *slot;
  *slot = t;
  c->nTerm++;
  return t;
}

static unsigned char *termBytes(Term *t) {
  return t->heap ? t->heap : t->inl;
}

/* Appends a varint to the term's stream. */
static int termPut(Term *t, uint32_t v) {
  if (t->n + 5 > t->cap) {
    uint32_t cap = t->cap * 2;
    unsigned char *p = (unsigned char *)sqlite3_malloc64(cap);
    if (!p) return 1;
    memcpy(p, termBytes(t), t->n);
    sqlite3_free(t->heap);
    t->heap = p;
    t->cap = cap;
  }
  unsigned char *out = termBytes(t);
  while (v >= 0x80) {
    out[t->n++] = (unsigned char)((v & 0x7f) | 0x80);
    v >>= 7;
  }
  out[t->n++] = (unsigned char)v;
  return 0;
}

static int termAdd(Collector *c, Term *t, int pos) {
  if (t->lastDoc != c->doc) {
    /* The previous document's positions end with a 0. */
    if (t->lastDoc >= 0 && termPut(t, 0)) return 1;
    if (termPut(t, (uint32_t)(c->doc - (t->lastDoc < 0 ? 0 : t->lastDoc)))) return 1;
    t->lastDoc = c->doc;
    t->nDocs++;
    t->lastPos = 0;
  }
  /* A character list records positions too while collecting: its entry keeps only their count. */
  if (termPut(t, (uint32_t)pos - t->lastPos + 1)) return 1;
  t->lastPos = (uint32_t)pos;
  return 0;
}

static uint32_t readVarint(const unsigned char *p, uint32_t *at) {
  uint32_t v = 0;
  int shift = 0;
  unsigned char b;
  do {
    b = p[(*at)++];
    v |= (uint32_t)(b & 0x7f) << shift;
    shift += 7;
  } while (b & 0x80);
  return v;
}

/* The first code point of a UTF-8 token, and its byte length. */
static uint32_t firstCodePoint(const unsigned char *p, int n, int *len) {
  uint32_t c = p[0];
  int k = c < 0x80 ? 1 : c < 0xe0 ? 2 : c < 0xf0 ? 3 : 4;
  if (k > n) k = n;
  if (k == 2) c &= 0x1f;
  else if (k == 3) c &= 0x0f;
  else if (k == 4) c &= 0x07;
  for (int i = 1; i < k; i++) c = (c << 6) | (p[i] & 0x3f);
  *len = k;
  return c;
}

typedef struct TokenCtx {
  void *ctx;
  int (*xToken)(void *, int, const char *, int, int, int);
  Collector *c;
} TokenCtx;

static int recordToken(void *pCtx, int tflags, const char *pToken, int nToken, int iStart, int iEnd) {
  TokenCtx *tc = (TokenCtx *)pCtx;
  Collector *c = tc->c;
  if (!(tflags & FTS5_TOKEN_COLOCATED) && nToken > 0 && !c->failed) {
    const unsigned char *p = (const unsigned char *)pToken;
    Term *t = termOf(c, c->col, 0, p, nToken);
    if (!t || termAdd(c, t, c->pos)) c->failed = 1;
    int len;
    if (firstCodePoint(p, nToken, &len) >= 0x1100) {
      Term *ch = termOf(c, c->col, 1, p, len);
      if (!ch || termAdd(c, ch, c->pos)) c->failed = 1;
    }
    c->pos++;
  }
  return tc->xToken(tc->ctx, tflags, pToken, nToken, iStart, iEnd);
}

static int wrapperCreate(void *pUserData, const char **azArg, int nArg, Fts5Tokenizer **ppOut) {
  Collector *c = (Collector *)pUserData;
  void *innerData = 0;
  Wrapper *w;
  int rc;
  if (nArg < 1) return SQLITE_ERROR;
  w = (Wrapper *)sqlite3_malloc64(sizeof(Wrapper));
  if (!w) return SQLITE_NOMEM;
  memset(w, 0, sizeof(Wrapper));
  w->collector = c;
  rc = c->fts5->xFindTokenizer(c->fts5, azArg[0], &innerData, &w->inner);
  if (rc == SQLITE_OK) rc = w->inner.xCreate(innerData, azArg + 1, nArg - 1, &w->innerTok);
  if (rc != SQLITE_OK) {
    sqlite3_free(w);
    return rc;
  }
  *ppOut = (Fts5Tokenizer *)w;
  return SQLITE_OK;
}

static void wrapperDelete(Fts5Tokenizer *tok) {
  Wrapper *w = (Wrapper *)tok;
  if (w->innerTok) w->inner.xDelete(w->innerTok);
  sqlite3_free(w);
}

static int wrapperTokenize(Fts5Tokenizer *tok, void *pCtx, int flags, const char *pText, int nText,
                           int (*xToken)(void *, int, const char *, int, int, int)) {
  Wrapper *w = (Wrapper *)tok;
  Collector *c = w->collector;
  if (!(flags & FTS5_TOKENIZE_DOCUMENT) || c->doc < 0)
    return w->inner.xTokenize(w->innerTok, pCtx, flags, pText, nText, xToken);
  TokenCtx tc = {pCtx, xToken, c};
  c->pos = 0;
  int rc = w->inner.xTokenize(w->innerTok, &tc, flags, pText, nText, recordToken);
  if (c->col < LENGTH_COLUMNS) c->length[c->col] = (uint32_t)c->pos;
  c->col++;
  return rc;
}

/* patlas_post_doc(id): the next row FTS5 indexes is this document (its columns counted from 0). */
static void postDocFunc(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  Collector *c = (Collector *)sqlite3_user_data(ctx);
  (void)argc;
  flushLengths(c);
  c->doc = sqlite3_value_int64(argv[0]);
  c->col = 0;
  memset(c->length, 0, sizeof(c->length));
  c->lengthPending = 1;
  sqlite3_result_null(ctx);
}

/* patlas_post_lengths(): the recorded documents' column lengths (see the top), then forgotten. */
static void postLengthsFunc(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  Collector *c = (Collector *)sqlite3_user_data(ctx);
  (void)argc;
  (void)argv;
  flushLengths(c);
  if (c->failed) {
    sqlite3_result_error_nomem(ctx);
    return;
  }
  sqlite3_result_blob64(ctx, c->lengths.p ? c->lengths.p : (unsigned char *)"", (sqlite3_uint64)c->lengths.n,
                        SQLITE_TRANSIENT);
  c->lengths.n = 0;
}

static int noToken(void *ctx, int tflags, const char *p, int n, int iStart, int iEnd) {
  (void)ctx, (void)tflags, (void)p, (void)n, (void)iStart, (void)iEnd;
  return SQLITE_OK;
}

/*
 * patlas_post_index(id, text…): records a document's postings from its columns' token strings
 * (FTS_COLUMNS order), cut by `unicode61 remove_diacritics 0` as the `patlas` tokenizer cuts them
 * for FTS5, for a file that keeps only the engine's own postings: no FTS5 row is written.
 */
static void postIndexFunc(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  Collector *c = (Collector *)sqlite3_user_data(ctx);
  if (!c->unicode61Tok) {
    static const char *args[] = {"remove_diacritics", "0"};
    void *data = 0;
    int rc = c->fts5->xFindTokenizer(c->fts5, "unicode61", &data, &c->unicode61);
    if (rc == SQLITE_OK) rc = c->unicode61.xCreate(data, args, 2, &c->unicode61Tok);
    if (rc != SQLITE_OK) {
      c->unicode61Tok = 0;
      sqlite3_result_error_code(ctx, rc);
      return;
    }
  }
  flushLengths(c);
  c->doc = sqlite3_value_int64(argv[0]);
  c->col = 0;
  memset(c->length, 0, sizeof(c->length));
  c->lengthPending = 1;
  for (int i = 1; i < argc; i++) {
    const char *text = (const char *)sqlite3_value_text(argv[i]);
    int n = sqlite3_value_bytes(argv[i]);
    TokenCtx tc = {0, noToken, c};
    c->pos = 0;
    if (text && n > 0) {
      int rc = c->unicode61.xTokenize(c->unicode61Tok, &tc, FTS5_TOKENIZE_DOCUMENT, text, n, recordToken);
      if (rc != SQLITE_OK) {
        sqlite3_result_error_code(ctx, rc);
        return;
      }
    }
    if (c->col < LENGTH_COLUMNS) c->length[c->col] = (uint32_t)c->pos;
    c->col++;
  }
  if (c->failed) {
    sqlite3_result_error_nomem(ctx);
    return;
  }
  sqlite3_result_null(ctx);
}

/* A token's key: the column as one UTF-16 unit, a 0x0001 unit for a character list, the token; UTF-16BE. */
typedef struct Keyed {
  Term *t;
  unsigned char *key;
  int nKey;
} Keyed;

static int keyOf(Collector *c, Keyed *k) {
  Term *t = k->t;
  unsigned char *b = (unsigned char *)arenaAlloc(c, 4 + (size_t)t->nToken * 2);
  int n = 0, i = 0;
  if (!b) return 1;
  b[n++] = (unsigned char)(t->col >> 8);
  b[n++] = (unsigned char)(t->col & 0xff);
  if (t->charList) {
    b[n++] = 0;
    b[n++] = 1;
  }
  while (i < t->nToken) {
    int len;
    uint32_t cp = firstCodePoint(t->token + i, t->nToken - i, &len);
    i += len;
    if (cp >= 0x10000) {
      uint32_t v = cp - 0x10000;
      uint32_t hi = 0xd800 + (v >> 10), lo = 0xdc00 + (v & 0x3ff);
      b[n++] = (unsigned char)(hi >> 8);
      b[n++] = (unsigned char)(hi & 0xff);
      b[n++] = (unsigned char)(lo >> 8);
      b[n++] = (unsigned char)(lo & 0xff);
    } else {
      b[n++] = (unsigned char)(cp >> 8);
      b[n++] = (unsigned char)(cp & 0xff);
    }
  }
  k->key = b;
  k->nKey = n;
  return 0;
}

static int compareKeyed(const void *a, const void *b) {
  const Keyed *x = (const Keyed *)a;
  const Keyed *y = (const Keyed *)b;
  int n = x->nKey < y->nKey ? x->nKey : y->nKey;
  int c = memcmp(x->key, y->key, (size_t)n);
  return c ? c : x->nKey - y->nKey;
}

/* One term's stream as the entry format's documents, counts and positions, after `out`'s key and count. */
static int writeEntry(Buf *out, Buf *docs, Buf *freqs, Buf *pos, Term *t) {
  const unsigned char *p = termBytes(t);
  uint32_t at = 0;
  docs->n = freqs->n = pos->n = 0;
  while (at < t->n) {
    uint32_t gap = readVarint(p, &at);
    uint32_t freq = 0;
    if (bufVarint(docs, gap)) return 1;
    for (uint32_t v = readVarint(p, &at); v; v = at < t->n ? readVarint(p, &at) : 0) {
      /* A character list keeps each document's count of tokens, no positions. */
      if (!t->charList && bufVarint(pos, v - 1)) return 1;
      freq++;
    }
    if (bufVarint(freqs, freq)) return 1;
  }
  return bufVarint(out, t->nDocs) || bufVarint(out, (uint32_t)docs->n) || bufBytes(out, docs->p, docs->n) ||
         bufVarint(out, (uint32_t)freqs->n) || bufBytes(out, freqs->p, freqs->n) ||
         bufVarint(out, t->charList ? 0 : 1) ||
         (!t->charList && (bufVarint(out, (uint32_t)pos->n) || bufBytes(out, pos->p, pos->n)));
}

/* patlas_post_take(): the recorded entries as one blob, sorted by key; the collector starts afresh. */
static void postTakeFunc(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  Collector *c = (Collector *)sqlite3_user_data(ctx);
  Keyed *all = 0;
  Buf out = {0, 0, 0}, docs = {0, 0, 0}, freqs = {0, 0, 0}, pos = {0, 0, 0};
  unsigned n = 0;
  int failed = c->failed;
  (void)argc;
  (void)argv;
  c->doc = -1;
  if (!failed && c->nTerm) {
    all = (Keyed *)sqlite3_malloc64(sizeof(Keyed) * c->nTerm);
    if (!all) failed = 1;
    for (unsigned i = 0; !failed && i < c->nBucket; i++)
      for (Term *t = c->buckets[i]; t && !failed; t = t->next) {
        all[n].t = t;
        if (keyOf(c, &all[n])) failed = 1;
        n++;
      }
    if (!failed) qsort(all, n, sizeof(Keyed), compareKeyed);
    for (unsigned i = 0; !failed && i < n; i++) {
      failed = bufVarint(&out, (uint32_t)all[i].nKey) || bufBytes(&out, all[i].key, all[i].nKey) ||
               writeEntry(&out, &docs, &freqs, &pos, all[i].t);
    }
  }
  sqlite3_free(all);
  sqlite3_free(docs.p);
  sqlite3_free(freqs.p);
  sqlite3_free(pos.p);
  collectorReset(c);
  if (failed) {
    sqlite3_free(out.p);
    sqlite3_result_error_nomem(ctx);
    return;
  }
  if (!out.n) {
    sqlite3_free(out.p);
    sqlite3_result_zeroblob(ctx, 0);
    return;
  }
  sqlite3_result_blob64(ctx, out.p, (sqlite3_uint64)out.n, sqlite3_free);
}

static void collectorDestroy(void *p) {
  Collector *c = (Collector *)p;
  collectorReset(c);
  if (c->unicode61Tok) c->unicode61.xDelete(c->unicode61Tok);
  sqlite3_free(c->buckets);
  sqlite3_free(c->lengths.p);
  sqlite3_free(c);
}

/* Registers the tokenizer and the two functions on a connection, sharing one collector. */
int patlasPostingsInit(sqlite3 *db, fts5_api *fts5) {
  fts5_tokenizer wrapper = {wrapperCreate, wrapperDelete, wrapperTokenize};
  Collector *c = (Collector *)sqlite3_malloc64(sizeof(Collector));
  int rc;
  if (!c) return SQLITE_NOMEM;
  memset(c, 0, sizeof(Collector));
  c->fts5 = fts5;
  c->doc = -1;
  if (collectorGrow(c)) {
    sqlite3_free(c);
    return SQLITE_NOMEM;
  }
  /* The functions own the collector: freed with the connection (the tokenizer has no destructor of its own). */
  rc = sqlite3_create_function_v2(db, "patlas_post_doc", 1, SQLITE_UTF8, c, postDocFunc, 0, 0, 0);
  if (rc == SQLITE_OK)
    rc = sqlite3_create_function_v2(db, "patlas_post_index", -1, SQLITE_UTF8, c, postIndexFunc, 0, 0, 0);
  if (rc == SQLITE_OK)
    rc = sqlite3_create_function_v2(db, "patlas_post_lengths", 0, SQLITE_UTF8, c, postLengthsFunc, 0, 0, 0);
  if (rc == SQLITE_OK)
    rc = sqlite3_create_function_v2(db, "patlas_post_take", 0, SQLITE_UTF8, c, postTakeFunc, 0, 0, collectorDestroy);
  if (rc == SQLITE_OK) rc = fts5->xCreateTokenizer(fts5, "patlas", c, &wrapper, 0);
  return rc;
}
