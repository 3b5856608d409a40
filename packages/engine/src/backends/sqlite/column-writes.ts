import type { AwardUpdate, ValueScoreUpdate } from '../../search-engine.js';
import { trimChangeLog } from './change-log.js';
import type { SqliteEngineState } from './engine-state.js';
import { publicationKey } from './index-tokens.js';

// Column values set on indexed records (value scores, awards): doc_cols first, the loaded columns once committed.

/** Award changes written a transaction at a time (setAwards), with a yield to the event loop between. */
const AWARD_WRITE_BATCH = 500;

export async function setValueScores(state: SqliteEngineState, scores: readonly ValueScoreUpdate[]): Promise<number> {
  const { db } = state;
  if (state.readOnly) throw new Error('a read-only engine cannot write');
  state.setValueScore ??= db.prepare("UPDATE doc_cols SET cols = json_set(cols, '$.pv', ?) WHERE id = ?");
  const update = state.setValueScore;
  // The in-memory columns only once the writes are committed: a failed batch changes nothing.
  const written = db
    .transaction(() => {
      const done: [number, number][] = [];
      for (const { publicationNumber, valueScore } of scores) {
        const id = state.stmt.idByPn.get(publicationKey(publicationNumber)) as number | undefined;
        if (id === undefined) continue;
        // Other connections (search workers) read the new score from the change log (a score-only entry).
        update.run(valueScore, id);
        done.push([id, valueScore ?? Number.NaN]);
      }
      return done;
      // IMMEDIATE: it reads before it writes, and must wait for a bulk load's writer rather than fail.
    })
    .immediate();
  trimChangeLog(db);
  for (const [id, value] of written) state.loaded?.setValueScore(id, value);
  return written.length;
}

export async function setAwards(
  state: SqliteEngineState,
  updates: readonly AwardUpdate[],
  options: { readonly replaceAll?: boolean } = {},
): Promise<number> {
  const { db } = state;
  if (state.readOnly) throw new Error('a read-only engine cannot write');
  state.setAwardCols ??= db.prepare("UPDATE doc_cols SET cols = json_set(cols, '$.awards', json(?)) WHERE id = ?");
  state.awardsOf ??= db
    .prepare("SELECT coalesce(json_extract(cols, '$.awards'), '[]') FROM doc_cols WHERE id = ?")
    .pluck();
  const update = state.setAwardCols;
  const stored = state.awardsOf;
  const wanted = wantedAwards(state, updates, options.replaceAll);
  // Only the records whose awards change are written, a batch a transaction with a yield between:
  // the whole list in one transaction (every holder rewritten after each import) held the HTTP
  // thread 720 ms on the demo corpus.
  const entries = [...wanted];
  for (let i = 0; i < entries.length; i += AWARD_WRITE_BATCH) {
    const batch = entries.slice(i, i + AWARD_WRITE_BATCH);
    const written = db
      .transaction(() => {
        const done: (typeof entries)[number][] = [];
        for (const [id, values] of batch) {
          const json = JSON.stringify(values);
          if ((stored.get(id) as string | undefined) === json) continue;
          // Other connections (search workers) reload the document's columns from the change log.
          update.run(json, id);
          done.push([id, values]);
        }
        return done;
      })
      // IMMEDIATE: it reads before it writes, and must wait for a bulk load's writer rather than fail.
      .immediate();
    if (written.length > 0) trimChangeLog(db);
    for (const [id, values] of written) state.loaded?.setAwards(id, values);
    if (i + AWARD_WRITE_BATCH < entries.length) await new Promise<void>((resolve) => setImmediate(resolve));
  }
  return entries.filter(([, values]) => values.length > 0).length;
}

/** The awards each record should hold: the updates', and with `replaceAll` none for every other holder. */
function wantedAwards(
  state: SqliteEngineState,
  updates: readonly AwardUpdate[],
  replaceAll: boolean | undefined,
): Map<number, [string, number | null][]> {
  const wanted = new Map<number, [string, number | null][]>();
  for (const { publicationNumber, awards } of updates) {
    const id = state.stmt.idByPn.get(publicationKey(publicationNumber)) as number | undefined;
    if (id === undefined || wanted.has(id)) continue;
    wanted.set(
      id,
      awards.map((a): [string, number | null] => [a.award, a.year ?? null]),
    );
  }
  if (replaceAll) for (const id of awardHolders(state)) if (!wanted.has(id)) wanted.set(id, []);
  return wanted;
}

/** Ids of the records holding awards. An import-only process (the CLI) holds no columns: it finds them in the file. */
function awardHolders(state: SqliteEngineState): number[] {
  return state.loaded
    ? [...state.loaded.awards.keys()]
    : (state.db
        .prepare("SELECT id FROM doc_cols WHERE coalesce(json_array_length(cols, '$.awards'), 0) > 0")
        .pluck()
        .all() as number[]);
}
