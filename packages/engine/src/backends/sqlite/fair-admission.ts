import type { QueryNode } from '@patlas/query';

/**
 * Who a pooled task is for (a user, a client address, or '' for work of no request): tasks of one
 * owner share that owner's cost allowance (FairAdmission).
 */
export type TaskOwner = string;

/** A task waiting for a worker. */
interface Waiting {
  readonly cost: number;
  readonly start: (release: () => void) => void;
  started: boolean;
}

/** What `enqueue` answers: the ticket of a waiting task. */
export interface AdmissionTicket {
  /** Takes the task out of the queue; false when it has started already (then its release ends it). */
  cancel(): boolean;
  /** True once the task was given a worker. */
  readonly started: boolean;
}

/**
 * Per-owner admission in front of the search workers. A task goes to a worker only when one is free
 * (Piscina's own queue stays empty, so the order is ours) and when its owner's running tasks plus
 * this one cost at most `ownerCost`; the waiting tasks of the owners are dispatched round-robin,
 * one task per owner in turn. One user's ten heavy searches then hold at most their allowance of
 * workers, and another user's single search takes the next free worker instead of waiting behind
 * all ten (issue 40). Nothing is dispatched before `open()` (the workers have opened the index).
 */
export class FairAdmission {
  /** Waiting tasks per owner; the map's order is the round-robin order (an owner served goes last). */
  private readonly waiting = new Map<TaskOwner, Waiting[]>();
  /** Cost of each owner's tasks on a worker. */
  private readonly running = new Map<TaskOwner, number>();
  private busy = 0;
  private queued = 0;
  private isOpen = false;
  private readonly listeners = new Set<(pending: number) => void>();

  constructor(
    /** Workers: tasks on a worker at once. */
    private readonly slots: number,
    /** Cost one owner may have on the workers at once (a single costlier task still runs alone). */
    private readonly ownerCost: number,
  ) {}

  /** The workers are up: dispatching starts. */
  open(): void {
    this.isOpen = true;
    this.dispatch();
  }

  get opened(): boolean {
    return this.isOpen;
  }

  /** Tasks waiting for a worker (for their owner's turn, a free worker or the start). */
  pendingCount(): number {
    return this.queued;
  }

  /** Called with pendingCount() whenever it changes; answers the unsubscribe. */
  onPendingChange(listener: (pending: number) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Queues a task of `owner`: `start` is called once it may run, with `release`, which the caller
   * calls when the task has left its worker (ended, or its worker was terminated).
   */
  enqueue(owner: TaskOwner, cost: number, start: (release: () => void) => void): AdmissionTicket {
    const waiting: Waiting = { cost: Math.max(1, Math.min(cost, this.ownerCost)), start, started: false };
    let queue = this.waiting.get(owner);
    if (!queue) this.waiting.set(owner, (queue = []));
    queue.push(waiting);
    this.setQueued(this.queued + 1);
    const ticket: AdmissionTicket = {
      cancel: () => {
        if (waiting.started) return false;
        const list = this.waiting.get(owner);
        const at = list?.indexOf(waiting) ?? -1;
        if (list && at >= 0) {
          list.splice(at, 1);
          if (list.length === 0) this.waiting.delete(owner);
          this.setQueued(this.queued - 1);
          // The owner's next task may fit where this one did not.
          this.dispatch();
        }
        return true;
      },
      get started() {
        return waiting.started;
      },
    };
    this.dispatch();
    return ticket;
  }

  private dispatch(): void {
    if (!this.isOpen) return;
    while (this.busy < this.slots) {
      const next = this.nextAdmissible();
      if (!next) return;
      const { owner, task } = next;
      this.busy++;
      this.running.set(owner, (this.running.get(owner) ?? 0) + task.cost);
      this.setQueued(this.queued - 1);
      let isReleased = false;
      task.started = true;
      task.start(() => {
        if (isReleased) return;
        isReleased = true;
        this.busy--;
        const left = (this.running.get(owner) ?? 0) - task.cost;
        if (left > 0) this.running.set(owner, left);
        else this.running.delete(owner);
        this.dispatch();
      });
    }
  }

  /** The first owner in turn whose next task fits their allowance; that owner goes to the back. */
  private nextAdmissible(): { owner: TaskOwner; task: Waiting } | undefined {
    for (const [owner, queue] of this.waiting) {
      const task = queue[0];
      if (!task) continue;
      const used = this.running.get(owner) ?? 0;
      if (used > 0 && used + task.cost > this.ownerCost) continue;
      queue.shift();
      this.waiting.delete(owner);
      if (queue.length > 0) this.waiting.set(owner, queue);
      return { owner, task };
    }
    return undefined;
  }

  private setQueued(count: number): void {
    if (count === this.queued) return;
    this.queued = count;
    for (const listener of this.listeners) listener(count);
  }
}

/**
 * Weighted conditions past which an expression costs one more unit, per block: a word or range
 * counts 1, a proximity condition 3 (verified on positions or on the stored text of each
 * candidate). `TI=电池` costs nothing extra; an OR of 50 `TIAB=(a S b)` (150) the allowance.
 */
const CONDITIONS_PER_UNIT = 16;

/** Methods that cost more than a search: analyses walk every hit, text mining reads their texts. */
const METHOD_COST: Readonly<Record<string, number>> = {
  rankedNumbers: 2,
  aggregate: 2,
  aggregateEach: 2,
  countEach: 2,
  clauseCounts: 2,
  wordCloud: 3,
  clusters: 3,
  landscape: 3,
};

/**
 * The cost of a pooled task, in units of a plain search: its method's (1 for a search, count,
 * facets, text sample or semantic ranking; 2 for an analysis; 3 for text mining) plus one per
 * CONDITIONS_PER_UNIT weighted conditions of the expressions it carries. A simple model on purpose:
 * what it must get right is that a heavy expression or an analysis weighs more than `TI=电池`.
 */
export function taskCost(method: string, args: readonly unknown[]): number {
  return (METHOD_COST[method] ?? 1) + Math.floor(weightedConditions(args, 0) / CONDITIONS_PER_UNIT);
}

/** Walks a task's arguments for expressions (QueryNode) and weighs their conditions. */
function weightedConditions(value: unknown, depth: number): number {
  if (depth > 6 || value === null || typeof value !== 'object' || ArrayBuffer.isView(value)) return 0;
  if (Array.isArray(value)) {
    let sum = 0;
    for (const item of value) sum += weightedConditions(item, depth + 1);
    return sum;
  }
  const kind = (value as { kind?: unknown }).kind;
  if (typeof kind === 'string' && 'span' in value) return weighNode(value as QueryNode);
  let sum = 0;
  // Requests carry their expression under a few names (ast, filter, secondAst…): look one level in.
  for (const item of Object.values(value)) {
    if (item !== null && typeof item === 'object') sum += weightedConditions(item, depth + 1);
  }
  return sum;
}

function weighNode(node: QueryNode): number {
  switch (node.kind) {
    case 'Term':
    case 'Range':
    case 'HistoryRef':
      return 1;
    case 'Near':
      return 3;
    case 'And':
    case 'Or':
      return node.children.reduce((sum, child) => sum + weighNode(child), 0);
    case 'Not':
      return weighNode(node.child);
    default:
      return 1;
  }
}
