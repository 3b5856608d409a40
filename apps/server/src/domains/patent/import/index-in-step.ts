import type { PatentImportContext } from './import-context.js';

/**
 * Set in the store while an import's records may be stored but not yet indexed; a crash leaves it
 * behind, and the next start verifies the index record by record (syncSearchIndex).
 */
export const INDEX_PENDING_KEY = 'search_index_pending';

/**
 * What a clean shutdown leaves in the store: the index it left beside the store, and the store as it
 * was then. The next start reads it and clears it at once, so a process that dies leaves none.
 */
const IN_STEP_KEY = 'search_index_in_step';

interface InStepMark {
  /** The index file's id and change-log position (SearchEngine.identity). */
  readonly indexId: string;
  readonly indexWrites: number;
  /** The newest data version: every import, from any process, begins a new one. */
  readonly dataVersion: number;
  readonly stored: number;
}

/** Processes whose start-up verify (or the skip of it) has ended: only they may leave a mark. */
const inStepSinceStart = new WeakSet<PatentImportContext>();

async function currentState(context: PatentImportContext): Promise<InStepMark> {
  const [identity, dataVersion, stored] = await Promise.all([
    context.engine.identity(),
    context.repositories.dataVersions.latest(),
    context.repositories.patents.count(),
  ]);
  return { indexId: identity.id, indexWrites: identity.writes, dataVersion, stored };
}

/**
 * Reads and clears the mark of the last clean shutdown. True when nothing has been written since,
 * neither to this index nor through an import to the store, and no import was left unfinished: the
 * start-up verify (a read of every record's version, ~25 s at 1M records) would find nothing.
 */
export async function takeInStepMark(context: PatentImportContext): Promise<boolean> {
  const patents = context.repositories.patents;
  const [raw, pending] = await Promise.all([patents.getMeta(IN_STEP_KEY), patents.getMeta(INDEX_PENDING_KEY)]);
  if (!raw) return false;
  await patents.setMeta(IN_STEP_KEY, '');
  if (pending) return false;
  let mark: Partial<InStepMark>;
  try {
    mark = JSON.parse(raw) as Partial<InStepMark>;
  } catch {
    return false;
  }
  const now = await currentState(context);
  return (
    mark.indexId === now.indexId &&
    now.indexId !== '' &&
    mark.indexWrites === now.indexWrites &&
    mark.dataVersion === now.dataVersion &&
    mark.stored === now.stored &&
    (await context.engine.size()) === now.stored
  );
}

/** Called when the start-up verify (or its skip) has ended without being stopped. */
export function noteInStepSinceStart(context: PatentImportContext): void {
  inStepSinceStart.add(context);
}

/**
 * At a clean shutdown, once the index writes have ended: marks the index as in step with the store,
 * when this process verified it at start and no import is left unfinished.
 */
export async function markInStep(context: PatentImportContext): Promise<boolean> {
  if (!inStepSinceStart.has(context)) return false;
  const patents = context.repositories.patents;
  if (await patents.getMeta(INDEX_PENDING_KEY)) return false;
  await patents.setMeta(IN_STEP_KEY, JSON.stringify(await currentState(context)));
  return true;
}
