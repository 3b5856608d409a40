/**
 * Local storage for the product (spec 1 §3 "Stored values may carry an expiry. Storage keys are
 * prefixed with the product name and version", §4 "When the stored version differs from the current
 * version, local storage is cleared", §8 "errors when an expiry is not a valid number or browser
 * storage is unavailable").
 *
 * Keys are `patlas:<version>:<name>`; values are JSON envelopes `{ v, e? }` where `e` is the expiry
 * in epoch milliseconds. Nothing here throws: faults go to `onError` and reads answer undefined.
 */

export type StorageErrorKind = 'unavailable' | 'invalid-expiry' | 'unreadable' | 'write-failed';

export class StorageError extends Error {
  constructor(
    readonly kind: StorageErrorKind,
    readonly key: string | undefined,
    cause?: unknown,
  ) {
    super(`storage ${kind}${key ? ` (${key})` : ''}`, { cause });
    this.name = 'StorageError';
  }
}

export interface StorageOptions {
  /** Product name, the first part of every key. */
  product: string;
  /** Storage format version; a different stored version clears the product's keys. */
  version: string;
  /** The Web Storage to use; a function so that a throwing `window.localStorage` getter is caught too. */
  backend?: () => Storage | undefined;
  onError?: (error: StorageError) => void;
  now?: () => number;
}

export interface SetOptions {
  /** Time to live in milliseconds; absent means the value does not expire. */
  ttlMs?: number;
}

export interface ProductStorage {
  get<T>(name: string): T | undefined;
  set(name: string, value: unknown, options?: SetOptions): boolean;
  remove(name: string): void;
  /** Removes every key of the product, whatever its version. */
  clear(): void;
  /** The full key a name is stored under. */
  keyOf(name: string): string;
}

interface StoredValue {
  v: unknown;
  e?: unknown;
}

function defaultBackend(): Storage | undefined {
  return typeof window === 'undefined' ? undefined : window.localStorage;
}

function reportToConsole(error: StorageError): void {
  console.warn(error.message, error.cause ?? '');
}

export function createProductStorage(options: StorageOptions): ProductStorage {
  const { product, version } = options;
  const onError = options.onError ?? reportToConsole;
  const now = options.now ?? Date.now;
  const productPrefix = `${product}:`;
  const versionKey = `${product}:version`;
  const keyOf = (name: string) => `${product}:${version}:${name}`;

  function backend(): Storage | undefined {
    try {
      const storage = (options.backend ?? defaultBackend)();
      if (!storage) onError(new StorageError('unavailable', undefined));
      return storage;
    } catch (cause) {
      onError(new StorageError('unavailable', undefined, cause));
      return undefined;
    }
  }

  function clearProductKeys(storage: Storage): void {
    const doomed: string[] = [];
    for (let i = 0; i < storage.length; i += 1) {
      const key = storage.key(i);
      if (key?.startsWith(productPrefix)) doomed.push(key);
    }
    for (const key of doomed) storage.removeItem(key);
  }

  function ensureVersion(): void {
    const storage = backend();
    if (!storage) return;
    try {
      if (storage.getItem(versionKey) === version) return;
      clearProductKeys(storage);
      storage.setItem(versionKey, version);
    } catch (cause) {
      onError(new StorageError('unavailable', versionKey, cause));
    }
  }

  ensureVersion();

  return {
    keyOf,
    get<T>(name: string): T | undefined {
      const storage = backend();
      if (!storage) return undefined;
      const key = keyOf(name);
      let raw: string | null;
      try {
        raw = storage.getItem(key);
      } catch (cause) {
        onError(new StorageError('unavailable', key, cause));
        return undefined;
      }
      if (raw === null) return undefined;
      let stored: StoredValue;
      try {
        stored = JSON.parse(raw) as StoredValue;
        if (typeof stored !== 'object' || stored === null || !('v' in stored)) throw new Error('not a stored value');
      } catch (cause) {
        onError(new StorageError('unreadable', key, cause));
        storage.removeItem(key);
        return undefined;
      }
      if (stored.e !== undefined) {
        if (typeof stored.e !== 'number' || !Number.isFinite(stored.e)) {
          onError(new StorageError('invalid-expiry', key));
          storage.removeItem(key);
          return undefined;
        }
        if (stored.e <= now()) {
          storage.removeItem(key);
          return undefined;
        }
      }
      return stored.v as T;
    },
    set(name, value, setOptions = {}) {
      const key = keyOf(name);
      const { ttlMs } = setOptions;
      if (ttlMs !== undefined && (!Number.isFinite(ttlMs) || ttlMs <= 0)) {
        onError(new StorageError('invalid-expiry', key));
        return false;
      }
      const storage = backend();
      if (!storage) return false;
      const stored: StoredValue = ttlMs === undefined ? { v: value } : { v: value, e: now() + ttlMs };
      try {
        storage.setItem(key, JSON.stringify(stored));
        return true;
      } catch (cause) {
        onError(new StorageError('write-failed', key, cause));
        return false;
      }
    },
    remove(name) {
      const storage = backend();
      if (!storage) return;
      try {
        storage.removeItem(keyOf(name));
      } catch (cause) {
        onError(new StorageError('unavailable', keyOf(name), cause));
      }
    },
    clear() {
      const storage = backend();
      if (!storage) return;
      try {
        clearProductKeys(storage);
      } catch (cause) {
        onError(new StorageError('unavailable', undefined, cause));
      }
    },
  };
}
