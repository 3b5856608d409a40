import { ByteSink, ByteSource } from './varint.js';

/**
 * Keys and blocks of the postings segments (postings-schema.ts). A key is the column number as
 * one UTF-16 unit followed by the token, stored as UTF-16BE bytes: byte order (SQLite's BLOB
 * order) is then the order of JavaScript strings, so the writer sorts with `<` and the store seeks
 * with the same order.
 */
export function entryKey(col: number, token: string): string {
  return String.fromCharCode(col) + token;
}

export function keyBytes(key: string): Buffer {
  return Buffer.from(key, 'utf16le').swap16();
}

/** The first key after every key starting with `prefix`. */
export function prefixEnd(prefix: string): string {
  return `${prefix}\uffff\uffff`;
}

/** How an entry's positions are kept: none (a CJK character's document list), inline, or apart in `post_pos` under the entry's key. */
export const PositionsAt = { None: 0, Inline: 1, Apart: 2 } as const;
export type PositionsAt = (typeof PositionsAt)[keyof typeof PositionsAt];

/** Positions up to this many bytes sit in the entry; longer ones in `post_pos`. */
export const INLINE_POSITIONS = 512;
/** A block is written once it holds this many bytes. */
export const BLOCK_BYTES = 16 * 1024;
/** An entry whose documents take more than this has a block of its own. */
export const OWN_BLOCK_BYTES = 4 * 1024;

/** One entry of a block, as views into the block's bytes. */
export interface Entry {
  /** The key bytes (UTF-16BE). */
  key: Uint8Array;
  n: number;
  docs: Uint8Array;
  freqs: Uint8Array;
  positionsAt: PositionsAt;
  /** Inline positions (empty otherwise). */
  pos: Uint8Array;
}

/** The entries of a block, in key order. */
export class BlockReader {
  private readonly src: ByteSource;

  constructor(
    readonly data: Uint8Array,
    from = 0,
  ) {
    this.src = new ByteSource(data);
    this.src.at = from;
  }

  /** The next entry, or undefined at the block's end. */
  next(): Entry | undefined {
    const src = this.src;
    if (src.done) return undefined;
    const key = this.bytes();
    const n = src.next();
    const docs = this.bytes();
    const freqs = this.bytes();
    const positionsAt = src.next() as PositionsAt;
    const pos = positionsAt === PositionsAt.Inline ? this.bytes() : EMPTY;
    return { key, n, docs, freqs, positionsAt, pos };
  }

  private bytes(): Uint8Array {
    const length = this.src.next();
    const at = this.src.at;
    this.src.at += length;
    return this.data.subarray(at, at + length);
  }
}

const EMPTY = new Uint8Array(0);

/** Writes entries into a block's bytes. */
export class BlockWriter {
  private readonly sink = new ByteSink();

  get length(): number {
    return this.sink.length;
  }

  add(
    key: Uint8Array,
    n: number,
    docs: Uint8Array,
    freqs: Uint8Array,
    positionsAt: PositionsAt,
    pos: Uint8Array,
  ): void {
    this.bytes(key);
    this.sink.push(n);
    this.bytes(docs);
    this.bytes(freqs);
    this.sink.push(positionsAt);
    if (positionsAt === PositionsAt.Inline) this.bytes(pos);
  }

  take(): Buffer {
    return this.sink.take();
  }

  private bytes(b: Uint8Array): void {
    this.sink.push(b.length);
    this.sink.append(b);
  }
}
