/**
 * Up to `limit` rows, `batchSize` at a time, each batch read after the key of the previous batch's
 * last row (keyset paging: constant cost per batch, one batch in memory). `read` applies the key.
 */
export async function* keysetBatches<Row, Key>(
  limit: number,
  batchSize: number,
  read: (after: Key | undefined, size: number) => Promise<Row[]>,
  keyOf: (row: Row) => Key,
): AsyncGenerator<Row[]> {
  let left = limit;
  let after: Key | undefined;
  while (left > 0) {
    const rows = await read(after, Math.min(batchSize, left));
    if (rows.length === 0) return;
    yield rows;
    left -= rows.length;
    after = keyOf(rows[rows.length - 1] as Row);
  }
}
