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
 * the character; documents only). Documents must be given in ascending id order.
 *
 * The tokens are FTS5's own, so the two indexes hold the same terms by construction.
 */
#include "sqlite3ext.h"
SQLITE_EXTENSION_INIT3
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef struct Buf {
  unsigned char *p;
  sqlite3_int64 n;
  sqlite3_int64 cap;
} Buf;

static int bufGrow(Buf *b, sqlite3_int64 more) {
  if (b->n + more <= b->cap) return 0;
  sqlite3_int64 cap = b->cap ? b->cap * 2 : 16;
  while (cap < b->n + more) cap *= 2;
  unsigned char *p = (unsigned char *)sqlite3_realloc64(b->p, (sqlite3_uint64)cap);
  if (!p) return 1;
  b->p = p;
  b->cap = cap;
  return 0;
}

static int bufVarint(Buf *b, uint32_t v) {
  if (bufGrow(b, 5)) return 1;
  while (v >= 0x80) {
    b->p[b->n++] = (unsigned char)((v & 0x7f) | 0x80);
    v >>= 7;
  }
  b->p[b->n++] = (unsigned char)v;
  return 0;
}

static int bufBytes(Buf *b, const unsigned char *p, sqlite3_int64 n) {
  if (bufGrow(b, n)) return 1;
  if (n) memcpy(b->p + b->n, p, (size_t)n);
  b->n += n;
  return 0;
}

typedef struct Term {
  struct Term *next;
  unsigned hash;
  int col;
  int charList;
  sqlite3_int64 lastDoc;
  uint32_t nDocs;
  uint32_t freq;
  uint32_t lastPos;
  Buf docs, freqs, pos;
  int nToken;
  unsigned char *key16; /* set when taken: the key as UTF-16BE */
  int nKey16;
  unsigned char token[1]; /* nToken bytes, UTF-8 */
} Term;

typedef struct Collector {
  fts5_api *fts5;
  Term **buckets;
  unsigned nBucket;
  unsigned nTerm;
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

static void termFree(Term *t) {
  sqlite3_free(t->docs.p);
  sqlite3_free(t->freqs.p);
  sqlite3_free(t->pos.p);
  sqlite3_free(t->key16);
  sqlite3_free(t);
}

static void collectorReset(Collector *c) {
  for (unsigned i = 0; i < c->nBucket; i++) {
    Term *t = c->buckets[i];
    while (t) {
      Term *next = t->next;
      termFree(t);
      t = next;
    }
    c->buckets[i] = 0;
  }
  c->nTerm = 0;
  c->failed = 0;
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
  Term *t = (Term *)sqlite3_malloc64(sizeof(Term) + (sqlite3_uint64)n);
  if (!t) return 0;
  memset(t, 0, sizeof(Term));
  t->hash = h;
  t->col = col;
  t->charList = charList;
  t->lastDoc = -1;
  t->nToken = n;
  memcpy(t->token, p, (size_t)n);
  t->next = *slot;
  *slot = t;
  c->nTerm++;
  return t;
}

/* The previous document's occurrence count, once the term moves to another document. */
static int termEndDoc(Term *t) {
  if (t->lastDoc < 0 || t->charList) return 0;
  return bufVarint(&t->freqs, t->freq);
}

static int termAdd(Collector *c, Term *t, int pos) {
  if (t->lastDoc != c->doc) {
    if (termEndDoc(t)) return 1;
    if (bufVarint(&t->docs, (uint32_t)(c->doc - (t->lastDoc < 0 ? 0 : t->lastDoc)))) return 1;
    t->lastDoc = c->doc;
    t->nDocs++;
    t->freq = 0;
    t->lastPos = 0;
  }
  if (t->charList) return 0;
  if (bufVarint(&t->pos, (uint32_t)pos - t->lastPos)) return 1;
  t->lastPos = (uint32_t)pos;
  t->freq++;
  return 0;
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
      if (!ch || termAdd(c, ch, 0)) c->failed = 1;
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
  c->col++;
  return rc;
}

/* patlas_post_doc(id): the next row FTS5 indexes is this document (its columns counted from 0). */
static void postDocFunc(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  Collector *c = (Collector *)sqlite3_user_data(ctx);
  (void)argc;
  c->doc = sqlite3_value_int64(argv[0]);
  c->col = 0;
  sqlite3_result_null(ctx);
}

/* A token's key: the column as one UTF-16 unit, a 0x0001 unit for a character list, the token; UTF-16BE. */
static int keyOf(Term *t) {
  Buf b = {0, 0, 0};
  unsigned char unit[2];
  int i = 0;
  if (bufGrow(&b, 4 + (sqlite3_int64)t->nToken * 2 + 4)) return 1;
  b.p[b.n++] = (unsigned char)(t->col >> 8);
  b.p[b.n++] = (unsigned char)(t->col & 0xff);
  if (t->charList) {
    b.p[b.n++] = 0;
    b.p[b.n++] = 1;
  }
  while (i < t->nToken) {
    int len;
    uint32_t cp = firstCodePoint(t->token + i, t->nToken - i, &len);
    i += len;
    if (cp >= 0x10000) {
      uint32_t v = cp - 0x10000;
      uint32_t hi = 0xd800 + (v >> 10), lo = 0xdc00 + (v & 0x3ff);
      if (bufGrow(&b, 4)) return 1;
      b.p[b.n++] = (unsigned char)(hi >> 8);
      b.p[b.n++] = (unsigned char)(hi & 0xff);
      b.p[b.n++] = (unsigned char)(lo >> 8);
      b.p[b.n++] = (unsigned char)(lo & 0xff);
    } else {
      unit[0] = (unsigned char)(cp >> 8);
      unit[1] = (unsigned char)(cp & 0xff);
      if (bufBytes(&b, unit, 2)) return 1;
    }
  }
  t->key16 = b.p;
  t->nKey16 = (int)b.n;
  return 0;
}

static int compareTerms(const void *a, const void *b) {
  const Term *x = *(Term *const *)a;
  const Term *y = *(Term *const *)b;
  int n = x->nKey16 < y->nKey16 ? x->nKey16 : y->nKey16;
  int c = memcmp(x->key16, y->key16, (size_t)n);
  return c ? c : x->nKey16 - y->nKey16;
}

/* patlas_post_take(): the recorded entries as one blob, sorted by key; the collector starts afresh. */
static void postTakeFunc(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  Collector *c = (Collector *)sqlite3_user_data(ctx);
  Term **all = 0;
  Buf out = {0, 0, 0};
  unsigned n = 0;
  int failed = c->failed;
  (void)argc;
  (void)argv;
  c->doc = -1;
  if (!failed && c->nTerm) {
    all = (Term **)sqlite3_malloc64(sizeof(Term *) * c->nTerm);
    if (!all) failed = 1;
    for (unsigned i = 0; !failed && i < c->nBucket; i++)
      for (Term *t = c->buckets[i]; t && !failed; t = t->next) {
        if (termEndDoc(t) || keyOf(t)) failed = 1;
        all[n++] = t;
      }
    if (!failed) qsort(all, n, sizeof(Term *), compareTerms);
    for (unsigned i = 0; !failed && i < n; i++) {
      Term *t = all[i];
      failed = bufVarint(&out, (uint32_t)t->nKey16) || bufBytes(&out, t->key16, t->nKey16) ||
               bufVarint(&out, t->nDocs) || bufVarint(&out, (uint32_t)t->docs.n) ||
               bufBytes(&out, t->docs.p, t->docs.n) || bufVarint(&out, (uint32_t)t->freqs.n) ||
               bufBytes(&out, t->freqs.p, t->freqs.n) || bufVarint(&out, t->charList ? 0 : 1);
      if (!failed && !t->charList) failed = bufVarint(&out, (uint32_t)t->pos.n) || bufBytes(&out, t->pos.p, t->pos.n);
    }
  }
  sqlite3_free(all);
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
  sqlite3_free(c->buckets);
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
    rc = sqlite3_create_function_v2(db, "patlas_post_take", 0, SQLITE_UTF8, c, postTakeFunc, 0, 0, collectorDestroy);
  if (rc == SQLITE_OK) rc = fts5->xCreateTokenizer(fts5, "patlas", c, &wrapper, 0);
  return rc;
}
