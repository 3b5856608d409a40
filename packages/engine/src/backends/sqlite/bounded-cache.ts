/**
 * A map that keeps at most `capacity` entries, the least recently used going first (a Map keeps
 * insertion order: a read moves its entry to the end). For things a connection may make one of per
 * distinct request parameter, such as the keyword ranking's prepared statement per field-weight
 * combination (10^8 of them are valid, issue 41): without a bound each new combination stayed for
 * the life of the connection.
 */
export class BoundedCache<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1)
      throw new Error(`capacity must be a positive integer: ${capacity}`);
  }

  get size(): number {
    return this.entries.size;
  }

  /** The value under `key` (made by `make` when absent, then kept), marked most recently used. */
  getOrCreate(key: K, make: () => V): V {
    const held = this.entries.get(key);
    if (held !== undefined || this.entries.has(key)) {
      this.entries.delete(key);
      this.entries.set(key, held as V);
      return held as V;
    }
    const value = make();
    this.entries.set(key, value);
    while (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value as K;
      this.entries.delete(oldest);
    }
    return value;
  }

  has(key: K): boolean {
    return this.entries.has(key);
  }

  clear(): void {
    this.entries.clear();
  }
}
