import { closeSync, fstatSync, openSync, readSync, renameSync, rmSync, writeSync } from 'node:fs';
import { MULTI_RANGE_COLUMNS } from './compile-query.js';
import type { Dictionary } from './doc-columns.js';
import { DocColumns, MULTI_FIELDS, SINGLE_FIELDS } from './doc-columns.js';

/**
 * The in-memory columns written to a file beside the index (`<index>.cols`), so an engine opens a
 * large index by reading one file instead of parsing every document's doc_cols JSON (issue 23: 40 s
 * to open 1M records that way, a crashed server kept users waiting as long). The file is the typed
 * arrays as they are in memory plus the dictionaries, tagged with the index's identity and the
 * change-log position it reflects: a reader loads it, then applies the changes logged after that
 * position (change-log.ts), so a file a little behind is still useful and a file of another index
 * is never used.
 *
 * Layout: 8-byte magic, u32 header length, the JSON header, then each array at an 8-byte aligned
 * offset (the header lists them), so reading is the header, then one read and typed-array views.
 */
const MAGIC = 'PTLSCOL1';
/** Bumped whenever DocColumns derives a column differently from doc_cols: older files are then reloaded. */
const FORMAT = 3;

type Arr = Int32Array<ArrayBuffer> | Uint8Array<ArrayBuffer> | Uint16Array<ArrayBuffer> | Float64Array<ArrayBuffer>;
type ArrType = 'i32' | 'u8' | 'u16' | 'f64';

interface ArrayEntry {
  readonly name: string;
  readonly type: ArrType;
  readonly offset: number;
  readonly length: number;
}

interface Header {
  readonly format: number;
  readonly indexId: string;
  readonly indexSchema: number;
  readonly seq: number;
  readonly capacity: number;
  readonly aliveCount: number;
  readonly poolUsed: number;
  readonly arrays: readonly ArrayEntry[];
  readonly dictionaries: Record<string, readonly string[]>;
  readonly awards: readonly [number, readonly (readonly [string, number | null])[]][];
  readonly familyMembers: readonly [number, readonly string[]][];
}

/** Which index a snapshot belongs to and how far it goes. */
export interface SnapshotTag {
  readonly indexId: string;
  readonly indexSchema: number;
  readonly seq: number;
}

const typeOf = (a: Arr): ArrType =>
  a instanceof Int32Array ? 'i32' : a instanceof Uint8Array ? 'u8' : a instanceof Uint16Array ? 'u16' : 'f64';

/** Every typed array of the columns, by a stable name; `set` puts a loaded one in its place. */
function arraysOf(c: DocColumns): { name: string; get: () => Arr; set: (a: Arr) => void; perDoc: boolean }[] {
  const out: { name: string; get: () => Arr; set: (a: Arr) => void; perDoc: boolean }[] = [];
  const add = (name: string, get: () => Arr, set: (a: Arr) => void, perDoc = true): void => {
    out.push({ name, get, set, perDoc });
  };
  add(
    'alive',
    () => c.alive,
    (a) => (c.alive = a as Uint8Array<ArrayBuffer>),
  );
  add(
    'scope',
    () => c.scope,
    (a) => (c.scope = a as Uint8Array<ArrayBuffer>),
  );
  add(
    'expiryRecorded',
    () => c.expiryRecorded,
    (a) => (c.expiryRecorded = a as Uint8Array<ArrayBuffer>),
  );
  add(
    'anGroup',
    () => c.anGroup,
    (a) => (c.anGroup = a as Int32Array<ArrayBuffer>),
  );
  add(
    'famGroup',
    () => c.famGroup,
    (a) => (c.famGroup = a as Int32Array<ArrayBuffer>),
  );
  add(
    'pool',
    () => c.pool,
    (a) => (c.pool = a as Int32Array<ArrayBuffer>),
    false,
  );
  const ranges = c.ranges as unknown as Record<string, Arr>;
  for (const k of Object.keys(ranges))
    add(
      `ranges.${k}`,
      () => ranges[k] as Arr,
      (a) => (ranges[k] = a),
    );
  const single = c.single as Record<string, Int32Array<ArrayBuffer>>;
  for (const k of SINGLE_FIELDS)
    add(
      `single.${k}`,
      () => single[k] as Arr,
      (a) => (single[k] = a as Int32Array<ArrayBuffer>),
    );
  const mo = c.multiOffset as Record<string, Int32Array<ArrayBuffer>>;
  const ml = c.multiLength as Record<string, Uint16Array<ArrayBuffer>>;
  for (const k of MULTI_FIELDS) {
    add(
      `multiOffset.${k}`,
      () => mo[k] as Arr,
      (a) => (mo[k] = a as Int32Array<ArrayBuffer>),
    );
    add(
      `multiLength.${k}`,
      () => ml[k] as Arr,
      (a) => (ml[k] = a as Uint16Array<ArrayBuffer>),
    );
  }
  const ro = c.multiRangeOffset as Record<string, Int32Array<ArrayBuffer>>;
  const rl = c.multiRangeLength as Record<string, Uint16Array<ArrayBuffer>>;
  for (const k of MULTI_RANGE_COLUMNS) {
    add(
      `multiRangeOffset.${k}`,
      () => ro[k] as Arr,
      (a) => (ro[k] = a as Int32Array<ArrayBuffer>),
    );
    add(
      `multiRangeLength.${k}`,
      () => rl[k] as Arr,
      (a) => (rl[k] = a as Uint16Array<ArrayBuffer>),
    );
  }
  return out;
}

function dictionariesOf(c: DocColumns): Record<string, Dictionary> {
  const out: Record<string, Dictionary> = { group: c.groupDict };
  for (const k of SINGLE_FIELDS) out[`single.${k}`] = c.singleDict[k];
  for (const k of MULTI_FIELDS) out[`multi.${k}`] = c.multiDict[k];
  return out;
}

const align8 = (n: number): number => (n + 7) & ~7;

/**
 * Writes the columns to `file` (through a temporary file and a rename, so a reader never sees half
 * a file, and two connections writing at once leave one whole file).
 */
export function writeColumnSnapshot(file: string, columns: DocColumns, tag: SnapshotTag): void {
  const arrays = arraysOf(columns).map((a) => {
    const full = a.get();
    const length = a.perDoc ? columns.capacity : columns.poolUsed;
    return { name: a.name, data: full.subarray(0, Math.min(length, full.length)) };
  });
  const dictionaries = Object.fromEntries(Object.entries(dictionariesOf(columns)).map(([k, d]) => [k, d.values]));
  // Offsets are relative to the start of the data section (after the header and its padding).
  let offset = 0;
  const entries: ArrayEntry[] = arrays.map(({ name, data }) => {
    const entry = { name, type: typeOf(data), offset, length: data.length };
    offset = align8(offset + data.byteLength);
    return entry;
  });
  const header: Header = {
    format: FORMAT,
    ...tag,
    capacity: columns.capacity,
    aliveCount: columns.aliveCount,
    poolUsed: columns.poolUsed,
    arrays: entries,
    dictionaries,
    awards: [...columns.awards],
    familyMembers: [...columns.familyMembers].map(([g, members]) => [g, [...members]]),
  };
  const headerBytes = Buffer.from(JSON.stringify(header), 'utf8');
  const prefix = Buffer.alloc(align8(12 + headerBytes.length));
  prefix.write(MAGIC, 0, 'latin1');
  prefix.writeUInt32LE(headerBytes.length, 8);
  headerBytes.copy(prefix, 12);
  const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  const fd = openSync(tmp, 'w');
  try {
    writeSync(fd, prefix);
    const zeros = Buffer.alloc(8);
    for (const { data } of arrays) {
      writeSync(fd, Buffer.from(data.buffer, data.byteOffset, data.byteLength));
      const pad = align8(data.byteLength) - data.byteLength;
      if (pad > 0) writeSync(fd, zeros, 0, pad);
    }
  } catch (err) {
    closeSync(fd);
    rmSync(tmp, { force: true });
    throw err;
  }
  closeSync(fd);
  renameSync(tmp, file);
}

/**
 * The columns of a snapshot file, or undefined when there is none, it is damaged, or it belongs to
 * another index (identity or schema differ). `seq` is the change-log position it reflects.
 */
export function readColumnSnapshot(
  file: string,
  expect: { indexId: string; indexSchema: number },
): { columns: DocColumns; seq: number } | undefined {
  return readSnapshot(file, expect, 'columns') as { columns: DocColumns; seq: number } | undefined;
}

/** A snapshot's change-log position and document count, read from its header only (undefined as readColumnSnapshot). */
export function readColumnSnapshotTag(
  file: string,
  expect: { indexId: string; indexSchema: number },
): { seq: number; aliveCount: number } | undefined {
  return readSnapshot(file, expect, 'tag') as { seq: number; aliveCount: number } | undefined;
}

function readSnapshot(
  file: string,
  expect: { indexId: string; indexSchema: number },
  what: 'tag' | 'columns',
): { columns: DocColumns; seq: number } | { seq: number; aliveCount: number } | undefined {
  // The header first: a file of another index or format is not read further (373 MB at 1M).
  let header: Header;
  let headerLength: number;
  let bytes: Buffer;
  let fd: number | undefined;
  try {
    fd = openSync(file, 'r');
    const prefix = Buffer.alloc(12);
    if (readSync(fd, prefix, 0, 12, 0) < 12 || prefix.toString('latin1', 0, 8) !== MAGIC) return undefined;
    headerLength = prefix.readUInt32LE(8);
    const size = fstatSync(fd).size;
    if (12 + headerLength > size) return undefined;
    const headerBytes = Buffer.alloc(headerLength);
    readSync(fd, headerBytes, 0, headerLength, 12);
    header = JSON.parse(headerBytes.toString('utf8')) as Header;
    if (header.format !== FORMAT || header.indexId !== expect.indexId || header.indexSchema !== expect.indexSchema)
      return undefined;
    if (what === 'tag') return { seq: header.seq, aliveCount: header.aliveCount };
    bytes = Buffer.allocUnsafe(size);
    // One read returns at most ~2 GB on Linux: loop until the whole file is in.
    for (let at = 0; at < size;) {
      const read = readSync(fd, bytes, at, size - at, at);
      if (read === 0) return undefined;
      at += read;
    }
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
  // Views need their offsets aligned within the ArrayBuffer: copy once if the buffer is not.
  const base = align8(12 + headerLength);
  const ab = (
    bytes.byteOffset % 8 === 0
      ? bytes.buffer
      : bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)
  ) as ArrayBuffer;
  const start = bytes.byteOffset % 8 === 0 ? bytes.byteOffset + base : base;
  const columns = new DocColumns();
  const slots = new Map(arraysOf(columns).map((a) => [a.name, a]));
  if (slots.size !== header.arrays.length) return undefined;
  const ctor = { i32: Int32Array, u8: Uint8Array, u16: Uint16Array, f64: Float64Array } as const;
  for (const entry of header.arrays) {
    const slot = slots.get(entry.name);
    const C = ctor[entry.type];
    const end = start + entry.offset + entry.length * C.BYTES_PER_ELEMENT;
    if (!slot || typeOf(slot.get()) !== entry.type || end > ab.byteLength) return undefined;
    slot.set(new C(ab, start + entry.offset, entry.length));
  }
  const dictionaries = dictionariesOf(columns);
  for (const [name, dict] of Object.entries(dictionaries)) {
    const values = header.dictionaries[name];
    if (!values) return undefined;
    dict.restore(values);
  }
  columns.capacity = header.capacity;
  columns.aliveCount = header.aliveCount;
  columns.poolUsed = header.poolUsed;
  for (const [id, awards] of header.awards) columns.awards.set(id, awards);
  for (const [g, members] of header.familyMembers) columns.familyMembers.set(g, new Set(members));
  return { columns, seq: header.seq };
}
