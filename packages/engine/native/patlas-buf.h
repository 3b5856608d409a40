/*
 * A growable byte buffer and LEB128 varints, shared by the engine's C files (patlas-postings.c,
 * patlas-segments.c). Include after sqlite3ext.h and SQLITE_EXTENSION_INIT3.
 */
#ifndef PATLAS_BUF_H
#define PATLAS_BUF_H
#include <stdint.h>
#include <string.h>

typedef struct Buf {
  unsigned char *p;
  sqlite3_int64 n;
  sqlite3_int64 cap;
} Buf;

static inline int bufGrow(Buf *b, sqlite3_int64 more) {
  if (b->n + more <= b->cap) return 0;
  sqlite3_int64 cap = b->cap ? b->cap * 2 : 16;
  while (cap < b->n + more) cap *= 2;
  unsigned char *p = (unsigned char *)sqlite3_realloc64(b->p, (sqlite3_uint64)cap);
  if (!p) return 1;
  b->p = p;
  b->cap = cap;
  return 0;
}

static inline int bufVarint(Buf *b, uint32_t v) {
  if (bufGrow(b, 5)) return 1;
  while (v >= 0x80) {
    b->p[b->n++] = (unsigned char)((v & 0x7f) | 0x80);
    v >>= 7;
  }
  b->p[b->n++] = (unsigned char)v;
  return 0;
}

static inline int bufBytes(Buf *b, const unsigned char *p, sqlite3_int64 n) {
  if (bufGrow(b, n)) return 1;
  if (n) memcpy(b->p + b->n, p, (size_t)n);
  b->n += n;
  return 0;
}

#endif
