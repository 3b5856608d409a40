/**
 * Job lanes (issue 40): every job kind runs in one lane, and each lane has its own slots, so a
 * long job of one lane never holds up another. Users' checks (duplicate checks, pre-evaluations:
 * searches plus sentence alignment), users' documents (exports, reports) and rewritten documents
 * (minutes of language-model answers, no CPU here) are apart, so one user's queue of slow checks
 * or long rewrites never delays another user's small export; the system's jobs (retention,
 * alerts, rescoring, indexing, clean-ups) are apart from all of them and never starved by users'
 * work.
 */
export const JOB_LANES = ['checks', 'documents', 'writing', 'system'] as const;
export type JobLane = (typeof JOB_LANES)[number];

/**
 * Slots per lane on a 2-core machine: one check at a time (it keeps a search worker and this
 * thread busy), two document writers, one rewrite (it waits on the model), one system job.
 */
export const DEFAULT_LANE_CONCURRENCY: Readonly<Record<JobLane, number>> = {
  checks: 1,
  documents: 2,
  writing: 1,
  system: 1,
};

/**
 * Lanes that yield to people: they claim no new job while searches wait for a search worker
 * (JobWorkerOptions.shouldYield). A document a user waits for is not background.
 */
export const BACKGROUND_LANES: ReadonlySet<JobLane> = new Set<JobLane>(['checks', 'system']);

/**
 * Parses JOB_LANES ("checks:1,documents:2,writing:1,system:1"): the lanes named get those slots, the others
 * keep their defaults. Throws a sentence naming the bad part.
 */
export function parseLaneConcurrency(text: string): Record<JobLane, number> {
  const result: Record<JobLane, number> = { ...DEFAULT_LANE_CONCURRENCY };
  for (const part of text.split(',').map((p) => p.trim())) {
    if (part === '') continue;
    const match = /^([a-z]+)\s*:\s*(\d+)$/.exec(part);
    if (!match) throw new Error(`"${part}" is not lane:slots (e.g. documents:2)`);
    const [, name, slots] = match;
    if (!(JOB_LANES as readonly string[]).includes(name!)) {
      throw new Error(`unknown lane "${name}" (lanes: ${JOB_LANES.join(', ')})`);
    }
    const n = Number(slots);
    if (n < 1 || n > 32) throw new Error(`lane ${name} needs 1 to 32 slots, not ${n}`);
    result[name as JobLane] = n;
  }
  return result;
}
