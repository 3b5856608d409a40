/**
 * The postings' byte coding: unsigned LEB128 varints (7 bits a byte, high bit while more follow),
 * document ids and positions as gaps from the previous one. A gap is small for a frequent term,
 * so a list of 600,000 documents takes ~1 byte each; decoding is one pass without allocation.
 */
export class ByteSink {
  private bytes = new Uint8Array(256);
  length = 0;

  push(value: number): void {
    if (this.length + 5 > this.bytes.length) {
      const grown = new Uint8Array(Math.max(this.bytes.length * 2, this.length + 5));
      grown.set(this.bytes.subarray(0, this.length));
      this.bytes = grown;
    }
    let v = value >>> 0;
    while (v >= 0x80) {
      this.bytes[this.length++] = (v & 0x7f) | 0x80;
      v >>>= 7;
    }
    this.bytes[this.length++] = v;
  }

  /** Raw bytes after what was written. */
  append(bytes: Uint8Array): void {
    if (this.length + bytes.length > this.bytes.length) {
      const grown = new Uint8Array(Math.max(this.bytes.length * 2, this.length + bytes.length));
      grown.set(this.bytes.subarray(0, this.length));
      this.bytes = grown;
    }
    this.bytes.set(bytes, this.length);
    this.length += bytes.length;
  }

  /** The bytes written, as a Buffer SQLite stores as a blob (a copy: the sink is reused). */
  take(): Buffer {
    const out = Buffer.from(this.bytes.subarray(0, this.length));
    this.length = 0;
    return out;
  }
}

/** Reads varints from a blob, in order. */
export class ByteSource {
  at = 0;
  constructor(readonly bytes: Uint8Array) {}

  get done(): boolean {
    return this.at >= this.bytes.length;
  }

  next(): number {
    const bytes = this.bytes;
    let byte = bytes[this.at++] as number;
    if (byte < 0x80) return byte;
    let v = byte & 0x7f;
    let shift = 7;
    do {
      byte = bytes[this.at++] as number;
      v |= (byte & 0x7f) << shift;
      shift += 7;
    } while (byte >= 0x80);
    return v >>> 0;
  }
}

/** Ascending ids as gaps. */
export function encodeIds(ids: ArrayLike<number>, sink: ByteSink): Buffer {
  let last = 0;
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i] as number;
    sink.push(id - last);
    last = id;
  }
  return sink.take();
}

/** A gap-coded id list of `n` ids, into `out` from `at`; answers the end. */
export function decodeIdsInto(bytes: Uint8Array, n: number, out: Int32Array, at: number): number {
  let last = 0;
  let p = 0;
  for (let i = 0; i < n; i++) {
    let byte = bytes[p++] as number;
    let v = byte & 0x7f;
    let shift = 7;
    while (byte >= 0x80) {
      byte = bytes[p++] as number;
      v |= (byte & 0x7f) << shift;
      shift += 7;
    }
    last += v >>> 0;
    out[at++] = last;
  }
  return at;
}

/** Where the varint varintAt read last ended (a second result without allocating a pair). */
export let varintEnd = 0;

/** The varint at `at`; its end in varintEnd. */
export function varintAt(data: Uint8Array, at: number): number {
  let byte = data[at++] as number;
  let v = byte & 0x7f;
  for (let shift = 7; byte >= 0x80; shift += 7) {
    byte = data[at++] as number;
    v |= (byte & 0x7f) << shift;
  }
  varintEnd = at;
  return v >>> 0;
}
