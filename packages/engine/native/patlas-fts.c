/*
 * patlas-fts: a SQLite loadable extension with the two things the engine needs from FTS5 that
 * SQL cannot reach at speed (issue 23):
 *
 * - patlas_ids(rowid): an aggregate returning the rowids it saw as one blob of 32-bit integers
 *   (native byte order). Collecting 500k hit ids row by row through the driver costs ~0.5 µs
 *   each; FTS5 itself iterates a doclist at ~50 ns per row.
 * - patlas_near(fts, leftPhrase, rightPhrase, leftUnits, rightUnits, gap, ordered): an FTS5
 *   auxiliary function, true when the row holds an instance of the right phrase after one of the
 *   left phrase (or, unordered, the reverse), in the same column, not overlapping, with at most
 *   `gap` units between them. Token positions are unit indexes (index-tokens.ts), so word
 *   proximity (W/n, N/n) is checked on the position lists instead of re-reading and re-segmenting
 *   the stored text.
 *
 * - patlas_in(rowid, bits): membership in a bitset blob, so that a statement scores only the hits
 *   of a query among the rows its MATCH yields.
 * - patlas_bm25(fts, key, generation, weight…): bm25() with the phrases' document counts kept
 *   between statements (see below).
 * - patlas_title_bm25(fts_title, key, generation, nRow, nToken, weight…): the same score on the
 *   title table (index-schema.ts), which holds the title columns of every document and nothing
 *   else. Its document length and averages would differ from the main table's, so they are taken
 *   from the main table: nRow and nToken are the main table's totals (given by the engine), and
 *   each row's length is read from the main table's `fts_docsize`. A title match then scores
 *   exactly as it does on `fts` with a title column filter.
 *
 * Built by build.mjs at install time against the SQLite headers better-sqlite3 compiles with.
 */
#include "sqlite3ext.h"
SQLITE_EXTENSION_INIT1
#include <stdint.h>
#include <math.h>
#include <string.h>

typedef struct IdList {
  int32_t *ids;
  sqlite3_int64 n;
  sqlite3_int64 cap;
} IdList;

static void idsStep(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  IdList *list = (IdList *)sqlite3_aggregate_context(ctx, sizeof(IdList));
  (void)argc;
  if (!list) {
    sqlite3_result_error_nomem(ctx);
    return;
  }
  if (list->n == list->cap) {
    sqlite3_int64 cap = list->cap ? list->cap * 2 : 4096;
    int32_t *ids = (int32_t *)sqlite3_realloc64(list->ids, (sqlite3_uint64)cap * sizeof(int32_t));
    if (!ids) {
      sqlite3_result_error_nomem(ctx);
      return;
    }
    list->ids = ids;
    list->cap = cap;
  }
  list->ids[list->n++] = (int32_t)sqlite3_value_int64(argv[0]);
}

static void idsFinal(sqlite3_context *ctx) {
  IdList *list = (IdList *)sqlite3_aggregate_context(ctx, 0);
  if (!list || list->n == 0) {
    if (list) sqlite3_free(list->ids);
    sqlite3_result_zeroblob(ctx, 0);
    return;
  }
  /* The buffer passes to SQLite, which frees it with sqlite3_free once the row is read. */
  sqlite3_result_blob64(ctx, list->ids, (sqlite3_uint64)list->n * sizeof(int32_t), sqlite3_free);
  list->ids = 0;
}

/* patlas_in(rowid, bits): whether bit `rowid` of the blob is set (the hits a score is wanted for). */
static void inFunc(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  sqlite3_int64 id = sqlite3_value_int64(argv[0]);
  const unsigned char *bits = (const unsigned char *)sqlite3_value_blob(argv[1]);
  sqlite3_int64 bytes = sqlite3_value_bytes(argv[1]);
  (void)argc;
  sqlite3_result_int(ctx, bits && id >= 0 && (id >> 3) < bytes && ((bits[id >> 3] >> (id & 7)) & 1));
}

static void nearFunc(const Fts5ExtensionApi *api, Fts5Context *fts, sqlite3_context *ctx, int nVal,
                     sqlite3_value **args) {
  int leftPhrase, rightPhrase, leftUnits, rightUnits, gap, ordered, count, rc, i, j;
  if (nVal != 6) {
    sqlite3_result_error(ctx, "patlas_near(fts, leftPhrase, rightPhrase, leftUnits, rightUnits, gap, ordered)", -1);
    return;
  }
  leftPhrase = sqlite3_value_int(args[0]);
  rightPhrase = sqlite3_value_int(args[1]);
  leftUnits = sqlite3_value_int(args[2]);
  rightUnits = sqlite3_value_int(args[3]);
  gap = sqlite3_value_int(args[4]);
  ordered = sqlite3_value_int(args[5]);
  rc = api->xInstCount(fts, &count);
  if (rc != SQLITE_OK) {
    sqlite3_result_error_code(ctx, rc);
    return;
  }
  for (i = 0; i < count; i++) {
    int phrase, col, off;
    if (api->xInst(fts, i, &phrase, &col, &off) != SQLITE_OK) break;
    if (phrase != leftPhrase) continue;
    for (j = 0; j < count; j++) {
      int phrase2, col2, off2;
      if (api->xInst(fts, j, &phrase2, &col2, &off2) != SQLITE_OK) break;
      if (phrase2 != rightPhrase || col2 != col) continue;
      /* Right starts after the left's last unit with at most `gap` units between, or (unordered) the reverse. */
      if ((off2 >= off + leftUnits && off2 - off - leftUnits <= gap) ||
          (!ordered && off >= off2 + rightUnits && off - off2 - rightUnits <= gap)) {
        sqlite3_result_int(ctx, 1);
        return;
      }
    }
  }
  sqlite3_result_int(ctx, 0);
}


/*
 * patlas_bm25(fts, key, generation, weight…): FTS5's bm25() (fts5_aux.c: same formula, same order
 * of operations, so the same doubles), except where the phrases' document counts come from. bm25()
 * reads the whole doclist of every phrase of the MATCH (xQueryPhrase) in every statement, for its
 * IDF: at 1M records that is ~100 ms for a phrase found in half of them, paid again by each query.
 * Here they are counted the same way once, then kept per connection under `key` (the MATCH string)
 * while `generation` (the engine's change-log position), the row count and the token total stay the
 * same: any write anywhere changes one of them.
 */
#define RANK_CACHE_SIZE 512

typedef struct RankCacheEntry {
  char *key;
  int nPhrase;
  sqlite3_int64 nRow;
  sqlite3_int64 nToken;
  double *idf;
} RankCacheEntry;

typedef struct RankCache {
  sqlite3_int64 generation;
  int next;
  RankCacheEntry entries[RANK_CACHE_SIZE];
} RankCache;

typedef struct Bm25Data {
  int nPhrase;
  double avgdl;
  double *idf;
  double *freq;
  /* patlas_title_bm25: reads a row's length from the main table's fts_docsize. */
  sqlite3_stmt *mainSize;
} Bm25Data;

static void bm25DataDestroy(void *p) {
  Bm25Data *data = (Bm25Data *)p;
  if (!data) return;
  sqlite3_finalize(data->mainSize);
  sqlite3_free(data);
}

static void rankCacheClear(RankCache *cache) {
  int i;
  for (i = 0; i < RANK_CACHE_SIZE; i++) {
    sqlite3_free(cache->entries[i].key);
    sqlite3_free(cache->entries[i].idf);
    memset(&cache->entries[i], 0, sizeof(RankCacheEntry));
  }
  cache->next = 0;
}

static void rankCacheDestroy(void *p) {
  if (!p) return;
  rankCacheClear((RankCache *)p);
  sqlite3_free(p);
}

static int countRowCb(const Fts5ExtensionApi *api, Fts5Context *fts, void *user) {
  (void)api;
  (void)fts;
  (*(sqlite3_int64 *)user)++;
  return SQLITE_OK;
}

static int bm25DataOf(const Fts5ExtensionApi *api, Fts5Context *fts, const char *key, sqlite3_int64 generation,
                      sqlite3_int64 mainRows, sqlite3_int64 mainTokens, sqlite3 *mainDb, Bm25Data **out) {
  RankCache *cache = (RankCache *)api->xUserData(fts);
  Bm25Data *data = (Bm25Data *)api->xGetAuxdata(fts, 0);
  sqlite3_int64 nRow = 0, nToken = 0;
  int nPhrase, rc, i;
  RankCacheEntry *hit = 0;
  if (data) {
    *out = data;
    return SQLITE_OK;
  }
  nPhrase = api->xPhraseCount(fts);
  data = (Bm25Data *)sqlite3_malloc64(sizeof(Bm25Data) + sizeof(double) * 2 * (sqlite3_uint64)nPhrase);
  if (!data) return SQLITE_NOMEM;
  memset(data, 0, sizeof(Bm25Data) + sizeof(double) * 2 * (sqlite3_uint64)nPhrase);
  data->nPhrase = nPhrase;
  data->idf = (double *)&data[1];
  data->freq = &data->idf[nPhrase];
  if (mainDb) {
    /* The title table: the main table's totals, and its per-row lengths. */
    nRow = mainRows;
    nToken = mainTokens;
    rc = sqlite3_prepare_v2(mainDb, "SELECT sz FROM fts_docsize WHERE id = ?", -1, &data->mainSize, 0);
  } else {
    rc = api->xRowCount(fts, &nRow);
    if (rc == SQLITE_OK) rc = api->xColumnTotalSize(fts, -1, &nToken);
  }
  if (rc == SQLITE_OK) data->avgdl = (double)nToken / (double)nRow;

  if (rc == SQLITE_OK && cache && key) {
    if (cache->generation != generation) {
      rankCacheClear(cache);
      cache->generation = generation;
    }
    for (i = 0; i < RANK_CACHE_SIZE; i++) {
      RankCacheEntry *e = &cache->entries[i];
      if (e->key && e->nPhrase == nPhrase && e->nRow == nRow && e->nToken == nToken && strcmp(e->key, key) == 0) {
        hit = e;
        break;
      }
    }
  }
  if (hit) {
    memcpy(data->idf, hit->idf, sizeof(double) * (size_t)nPhrase);
  } else {
    for (i = 0; rc == SQLITE_OK && i < nPhrase; i++) {
      sqlite3_int64 nHit = 0;
      rc = api->xQueryPhrase(fts, i, (void *)&nHit, countRowCb);
      if (rc == SQLITE_OK) {
        /* As fts5_aux.c: IDF = log((N - nHit + 0.5) / (nHit + 0.5)), at least 1e-6. */
        double idf = log(((double)nRow - (double)nHit + 0.5) / ((double)nHit + 0.5));
        if (idf <= 0.0) idf = 1e-6;
        data->idf[i] = idf;
      }
    }
    if (rc == SQLITE_OK && cache && key) {
      RankCacheEntry *e = &cache->entries[cache->next];
      char *copy = sqlite3_mprintf("%s", key);
      double *idf = (double *)sqlite3_malloc64(sizeof(double) * (sqlite3_uint64)(nPhrase > 0 ? nPhrase : 1));
      if (copy && idf) {
        sqlite3_free(e->key);
        sqlite3_free(e->idf);
        memcpy(idf, data->idf, sizeof(double) * (size_t)nPhrase);
        e->key = copy;
        e->idf = idf;
        e->nPhrase = nPhrase;
        e->nRow = nRow;
        e->nToken = nToken;
        cache->next = (cache->next + 1) % RANK_CACHE_SIZE;
      } else {
        sqlite3_free(copy);
        sqlite3_free(idf);
      }
    }
  }
  if (rc != SQLITE_OK) {
    bm25DataDestroy(data);
    return rc;
  }
  /* On failure xSetAuxdata itself frees `data` (through the destructor given). */
  rc = api->xSetAuxdata(fts, data, bm25DataDestroy);
  if (rc != SQLITE_OK) return rc;
  *out = data;
  return SQLITE_OK;
}

/* An FTS5 varint (SQLite's format: 7 bits a byte, high bit set while more follow; a 9th byte of 8). */
static int readVarint(const unsigned char *p, int n, sqlite3_uint64 *v) {
  sqlite3_uint64 x = 0;
  int i;
  for (i = 0; i < n && i < 8; i++) {
    x = (x << 7) | (p[i] & 0x7f);
    if (!(p[i] & 0x80)) {
      *v = x;
      return i + 1;
    }
  }
  if (i == 8 && n > 8) {
    *v = (x << 8) | p[8];
    return 9;
  }
  *v = x;
  return n;
}

/* A row's length in the main table: the sum of its column sizes in fts_docsize. */
static int mainRowSize(sqlite3_stmt *stmt, sqlite3_int64 rowid, double *out) {
  int rc;
  double total = 0.0;
  sqlite3_reset(stmt);
  sqlite3_bind_int64(stmt, 1, rowid);
  rc = sqlite3_step(stmt);
  if (rc == SQLITE_ROW) {
    const unsigned char *p = (const unsigned char *)sqlite3_column_blob(stmt, 0);
    int n = sqlite3_column_bytes(stmt, 0), at = 0;
    while (p && at < n) {
      sqlite3_uint64 v = 0;
      at += readVarint(p + at, n - at, &v);
      total += (double)v;
    }
    rc = SQLITE_OK;
  } else if (rc == SQLITE_DONE) {
    rc = SQLITE_OK;
  }
  sqlite3_reset(stmt);
  *out = total;
  return rc;
}

/* bm25 as fts5_aux.c computes it; `title` = patlas_title_bm25 (totals given, row length from fts). */
static void bm25Score(const Fts5ExtensionApi *api, Fts5Context *fts, sqlite3_context *ctx, int nVal,
                      sqlite3_value **args, int title) {
  const double k1 = 1.2;
  const double b = 0.75;
  Bm25Data *data = 0;
  double score = 0.0, D = 0.0;
  int nFixed = title ? 4 : 2;
  int rc, i, nInst = 0, nWeight = nVal - nFixed;
  if (nVal < nFixed) {
    sqlite3_result_error(ctx,
                         title ? "patlas_title_bm25(fts, key, generation, nRow, nToken, weight...)"
                               : "patlas_bm25(fts, key, generation, weight...)",
                         -1);
    return;
  }
  rc = bm25DataOf(api, fts, (const char *)sqlite3_value_text(args[0]), sqlite3_value_int64(args[1]),
                  title ? sqlite3_value_int64(args[2]) : 0, title ? sqlite3_value_int64(args[3]) : 0,
                  title ? sqlite3_context_db_handle(ctx) : 0, &data);
  if (rc == SQLITE_OK) {
    memset(data->freq, 0, sizeof(double) * (size_t)data->nPhrase);
    rc = api->xInstCount(fts, &nInst);
  }
  for (i = 0; rc == SQLITE_OK && i < nInst; i++) {
    int ip, ic, io;
    rc = api->xInst(fts, i, &ip, &ic, &io);
    if (rc == SQLITE_OK) {
      double w = (nWeight > ic) ? sqlite3_value_double(args[nFixed + ic]) : 1.0;
      data->freq[ip] += w;
    }
  }
  if (rc == SQLITE_OK) {
    if (data->mainSize) {
      rc = mainRowSize(data->mainSize, api->xRowid(fts), &D);
    } else {
      int nTok;
      rc = api->xColumnSize(fts, -1, &nTok);
      D = (double)nTok;
    }
  }
  if (rc != SQLITE_OK) {
    sqlite3_result_error_code(ctx, rc);
    return;
  }
  for (i = 0; i < data->nPhrase; i++) {
    score += data->idf[i] * ((data->freq[i] * (k1 + 1.0)) / (data->freq[i] + k1 * (1 - b + b * D / data->avgdl)));
  }
  sqlite3_result_double(ctx, -1.0 * score);
}

static void bm25Func(const Fts5ExtensionApi *api, Fts5Context *fts, sqlite3_context *ctx, int nVal,
                     sqlite3_value **args) {
  bm25Score(api, fts, ctx, nVal, args, 0);
}

static void titleBm25Func(const Fts5ExtensionApi *api, Fts5Context *fts, sqlite3_context *ctx, int nVal,
                          sqlite3_value **args) {
  bm25Score(api, fts, ctx, nVal, args, 1);
}

/* patlas-postings.c: the `patlas` tokenizer and the postings collector (issue 44). */
int patlasPostingsInit(sqlite3 *db, fts5_api *fts5);
/* patlas-segments.c: writing and merging the postings segments in C. */
int patlasSegmentsInit(sqlite3 *db);

static fts5_api *fts5ApiOf(sqlite3 *db) {
  fts5_api *api = 0;
  sqlite3_stmt *stmt = 0;
  if (sqlite3_prepare_v2(db, "SELECT fts5(?1)", -1, &stmt, 0) == SQLITE_OK) {
    sqlite3_bind_pointer(stmt, 1, (void *)&api, "fts5_api_ptr", 0);
    sqlite3_step(stmt);
  }
  sqlite3_finalize(stmt);
  return api;
}

#ifdef _WIN32
__declspec(dllexport)
#endif
int sqlite3_patlasfts_init(sqlite3 *db, char **errMsg, const sqlite3_api_routines *routines) {
  int rc;
  fts5_api *fts5;
  SQLITE_EXTENSION_INIT2(routines);
  rc = sqlite3_create_function(db, "patlas_ids", 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC, 0, 0, idsStep, idsFinal);
  if (rc != SQLITE_OK) return rc;
  rc = sqlite3_create_function(db, "patlas_in", 2, SQLITE_UTF8 | SQLITE_DETERMINISTIC, 0, inFunc, 0, 0);
  if (rc != SQLITE_OK) return rc;
  fts5 = fts5ApiOf(db);
  if (!fts5 || fts5->iVersion < 2) {
    *errMsg = sqlite3_mprintf("patlas-fts: FTS5 is not available");
    return SQLITE_ERROR;
  }
  rc = fts5->xCreateFunction(fts5, "patlas_near", 0, nearFunc, 0);
  if (rc != SQLITE_OK) return rc;
  rc = patlasPostingsInit(db, fts5);
  if (rc != SQLITE_OK) return rc;
  rc = patlasSegmentsInit(db);
  if (rc != SQLITE_OK) return rc;
  {
    RankCache *cache = (RankCache *)sqlite3_malloc64(sizeof(RankCache));
    if (!cache) return SQLITE_NOMEM;
    memset(cache, 0, sizeof(RankCache));
    cache->generation = -1;
    rc = fts5->xCreateFunction(fts5, "patlas_bm25", cache, bm25Func, rankCacheDestroy);
    if (rc != SQLITE_OK) return rc;
  }
  {
    /* Its own document-count cache: the same MATCH string counts other rows on the title table. */
    RankCache *cache = (RankCache *)sqlite3_malloc64(sizeof(RankCache));
    if (!cache) return SQLITE_NOMEM;
    memset(cache, 0, sizeof(RankCache));
    cache->generation = -1;
    return fts5->xCreateFunction(fts5, "patlas_title_bm25", cache, titleBm25Func, rankCacheDestroy);
  }
}
