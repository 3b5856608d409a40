import { describe, expect, it } from 'vitest';
import { createProductStorage, type StorageError } from './storage';

/** A Web Storage in memory, so tests do not need a DOM. */
function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    key: (i) => [...map.keys()][i] ?? null,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, String(v)),
    removeItem: (k) => void map.delete(k),
    clear: () => map.clear(),
  };
}

function setup(version = '1', backend = memoryStorage()) {
  const errors: StorageError[] = [];
  let clock = 1_000_000;
  const storage = createProductStorage({
    product: 'patlas',
    version,
    backend: () => backend,
    onError: (e) => errors.push(e),
    now: () => clock,
  });
  return { storage, backend, errors, advance: (ms: number) => (clock += ms) };
}

describe('product storage', () => {
  it('prefixes keys with product and version and round-trips JSON values', () => {
    const { storage, backend } = setup('3');
    storage.set('tabs', [{ path: '/home' }]);
    expect(storage.keyOf('tabs')).toBe('patlas:3:tabs');
    expect(JSON.parse(backend.getItem('patlas:3:tabs') ?? '')).toEqual({ v: [{ path: '/home' }] });
    expect(storage.get('tabs')).toEqual([{ path: '/home' }]);
    expect(backend.getItem('patlas:version')).toBe('3');
  });

  it('forgets a value once its expiry has passed', () => {
    const { storage, backend, advance } = setup();
    storage.set('language', 'en', { ttlMs: 1000 });
    advance(999);
    expect(storage.get('language')).toBe('en');
    advance(1);
    expect(storage.get('language')).toBeUndefined();
    expect(backend.getItem('patlas:1:language')).toBeNull();
  });

  it('reports an expiry that is not a valid number instead of throwing', () => {
    const { storage, backend, errors } = setup();
    backend.setItem('patlas:1:language', JSON.stringify({ v: 'en', e: 'tomorrow' }));
    expect(storage.get('language')).toBeUndefined();
    expect(errors.map((e) => e.kind)).toEqual(['invalid-expiry']);
    expect(storage.set('x', 1, { ttlMs: Number.NaN })).toBe(false);
    expect(errors.map((e) => e.kind)).toEqual(['invalid-expiry', 'invalid-expiry']);
  });

  it('reports unreadable values and drops them', () => {
    const { storage, backend, errors } = setup();
    backend.setItem('patlas:1:tabs', '{not json');
    expect(storage.get('tabs')).toBeUndefined();
    expect(errors[0]?.kind).toBe('unreadable');
    expect(backend.getItem('patlas:1:tabs')).toBeNull();
  });

  it('clears the product keys, and only those, when the stored version differs', () => {
    const backend = memoryStorage();
    const first = setup('1', backend).storage;
    first.set('tabs', ['a']);
    backend.setItem('other-app', 'kept');
    const second = setup('2', backend).storage;
    expect(backend.getItem('patlas:1:tabs')).toBeNull();
    expect(second.get('tabs')).toBeUndefined();
    expect(backend.getItem('other-app')).toBe('kept');
    expect(backend.getItem('patlas:version')).toBe('2');
  });

  it('keeps values when the version is unchanged', () => {
    const backend = memoryStorage();
    setup('1', backend).storage.set('language', 'en');
    expect(setup('1', backend).storage.get('language')).toBe('en');
  });

  it('reports unavailable storage instead of throwing', () => {
    const errors: StorageError[] = [];
    const storage = createProductStorage({
      product: 'patlas',
      version: '1',
      backend: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      onError: (e) => errors.push(e),
    });
    expect(storage.set('language', 'en')).toBe(false);
    expect(storage.get('language')).toBeUndefined();
    expect(() => storage.clear()).not.toThrow();
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.every((e) => e.kind === 'unavailable')).toBe(true);
  });

  it('reports a full storage on write', () => {
    const backend = memoryStorage();
    const { storage, errors } = setup('1', backend);
    backend.setItem = () => {
      throw new DOMException('full', 'QuotaExceededError');
    };
    expect(storage.set('tabs', [])).toBe(false);
    expect(errors[0]?.kind).toBe('write-failed');
  });
});
