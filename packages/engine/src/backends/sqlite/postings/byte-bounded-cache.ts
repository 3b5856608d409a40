/**
 * A map of byte arrays that keeps at most `maxBytes` of them, the least recently used going first
 * (BoundedCache's order, bounded by size instead of count): a connection's pooled blocks and its
 * decoded document lists (segment-store.ts).
 */
export class ByteBoundedCache<V extends { readonly byteLength: number }> {
  private readonly entries = new Map<string, V>();
  private bytes = 0;

  constructor(readonly maxBytes: number) {}

  /** The value under `key`, marked most recently used; undefined when not kept. */
  get(key: string): V | undefined {
    const held = this.entries.get(key);
    if (held !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, held);
    }
    return held;
  }

  /** Keeps `value`, dropping the least recently used while over the bound. */
  set(key: string, value: V): void {
    this.delete(key);
    this.entries.set(key, value);
    this.bytes += value.byteLength;
    for (const [old, held] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(old);
      this.bytes -= held.byteLength;
    }
  }

  /** Drops every entry whose key `drop` accepts. */
  deleteWhere(drop: (key: string) => boolean): void {
    for (const key of [...this.entries.keys()]) if (drop(key)) this.delete(key);
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  delete(key: string): void {
    const held = this.entries.get(key);
    if (held === undefined) return;
    this.entries.delete(key);
    this.bytes -= held.byteLength;
  }
}
