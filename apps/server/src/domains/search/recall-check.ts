import {
  codeSearchOf,
  MAX_RECALL_CHECK_NUMBERS,
  splitBatchNumbers,
  type Language,
  type RecallCheckBody,
  type RecallCheckResponse,
  type RecallClause,
  type RecallClauseKind,
  type RecallMiss,
  type RecallPatent,
  type RecallSuggestion,
} from '@patlas/contracts';
import type { SearchEngine } from '@patlas/engine';
import { printExpression, type QueryNode, type TermNode } from '@patlas/query';
import { transferable, type CpuPool } from '../../cpu/cpu-pool.js';
import { AppError } from '../../errors.js';
import type { AuthContext } from '../../kernel/access.plugin.js';
import { toAppError, type SearchContext, type SearchService } from './search.service.js';
import type { RecallRecordsInput } from './recall-records.js';

/** The patent store as the recall check reads it (the patent domain's PatentService). */
export interface RecallRecords {
  /** Written numbers (any form) → the held publication number, for those held. */
  resolveHeldNumbers(numbers: readonly string[]): Promise<Record<string, string>>;
  /** Records as stored (their JSON's UTF-8 bytes): a CPU worker parses them. */
  storedDocBytes(pns: readonly string[]): Promise<Map<string, Uint8Array>>;
}

/** A clause of the expression a missed patent does not meet, where the walk stopped. */
interface Candidate {
  node: QueryNode;
  kind: RecallClauseKind;
  field: string | null;
  terms: string[];
}

/** The words of a word clause: its terms, a proximity's two sides. */
function wordsOf(node: QueryNode): TermNode[] {
  switch (node.kind) {
    case 'Term':
      return [node];
    case 'Near':
      return [node.left, node.right];
    case 'Or':
    case 'And':
      return node.children.flatMap(wordsOf);
    default:
      return [];
  }
}

/** `TI=(a OR b W/3 c)`: an OR of words of one field, the clause a term is added to. */
function isFieldGroup(node: QueryNode): boolean {
  if (node.kind !== 'Or') return false;
  const fields = new Set(node.children.map((c) => (c.kind === 'Term' || c.kind === 'Near' ? c.field : undefined)));
  return fields.size === 1 && !fields.has(undefined);
}

function candidateOf(node: QueryNode): Candidate {
  switch (node.kind) {
    case 'Term':
    case 'Near':
    case 'Or': {
      const words = wordsOf(node);
      return { node, kind: 'terms', field: words[0]?.field ?? null, terms: [...new Set(words.map((w) => w.value))] };
    }
    case 'Range':
      return { node, kind: 'range', field: node.field, terms: [] };
    case 'Not':
      return { node, kind: 'not', field: null, terms: [] };
    case 'HistoryRef':
      return { node, kind: 'reference', field: null, terms: [] };
    default:
      return { node, kind: 'other', field: null, terms: [] };
  }
}

function clauseOf(candidate: Candidate): RecallClause {
  const { node } = candidate;
  return {
    kind: candidate.kind,
    text: printExpression(node),
    span: { start: node.span.start, end: node.span.end },
    field: candidate.field,
    terms: candidate.terms,
  };
}

/**
 * Recall check (issue 48 item 4, docs/recall-check.md): of the patents the user knows are relevant
 * (numbers in any written form, or a library), which the expression finds; for each it misses, the
 * clause that left it out (walking the expression: an AND's first child the patent fails, an OR's
 * children all, down to a word, date or NOT clause) and the term of that patent nearest the
 * clause's words. Every sub-expression runs on the search workers, restricted to the missed
 * patents (`within`); the records are parsed and the suggestions found on the CPU workers.
 */
export class RecallCheckService {
  constructor(
    private readonly deps: {
      engine: Pick<SearchEngine, 'rankedNumbers'>;
      search: Pick<SearchService, 'parseWritten' | 'resolveReferences' | 'resolveSet'>;
      patents: RecallRecords;
      cpu: Pick<CpuPool, 'run'>;
    },
  ) {}

  /** The numbers checked, as written (a library's: its publication numbers, list order). */
  private async inputsOf(body: RecallCheckBody, context: SearchContext): Promise<string[]> {
    if (body.libraryId) {
      try {
        const set = await this.deps.search.resolveSet({ kind: 'library', key: body.libraryId }, context);
        return set.ranking.map((r) => r.publicationNumber);
      } catch (err) {
        throw toAppError(err);
      }
    }
    return splitBatchNumbers((body.publicationNumbers ?? []).join('\n'));
  }

  async check(auth: AuthContext, body: RecallCheckBody, lang: Language): Promise<RecallCheckResponse> {
    const started = performance.now();
    const context: SearchContext = { userId: auth.userId };
    const inputs = await this.inputsOf(body, context);
    if (inputs.length === 0) throw new AppError('RECALL_CHECK_EMPTY');
    if (inputs.length > MAX_RECALL_CHECK_NUMBERS) {
      throw new AppError('RECALL_CHECK_TOO_MANY', { max: MAX_RECALL_CHECK_NUMBERS, count: inputs.length });
    }
    const expression = body.searchExpre;
    // The expression as the result page runs it; spans are kept, every `#n` resolved when a clause runs.
    const written = this.deps.search.parseWritten(expression, lang);
    const references = new Map<number, QueryNode>();
    const resolve = (node: QueryNode) => this.deps.search.resolveReferences(node, lang, context, references);
    const root = await resolve(written);

    const held = await this.deps.patents.resolveHeldNumbers(inputs);
    const inputOf = new Map<string, string>();
    const notInCorpus: string[] = [];
    for (const input of inputs) {
      const pn = held[input];
      if (!pn) notInCorpus.push(input);
      else if (!inputOf.has(pn)) inputOf.set(pn, input);
    }
    const heldNumbers = [...inputOf.keys()];
    const matching = async (ast: QueryNode, within: readonly string[]): Promise<Set<string>> => {
      if (within.length === 0) return new Set();
      try {
        const ranked = await this.deps.engine.rankedNumbers({ ast, within, offset: 0, limit: within.length });
        return new Set(ranked.publicationNumbers);
      } catch (err) {
        throw toAppError(err);
      }
    };
    const foundSet = await matching(root, heldNumbers);
    const missedNumbers = heldNumbers.filter((pn) => !foundSet.has(pn));
    const walked = await this.walkMisses(written, missedNumbers, resolve, matching);
    // The records are read as stored and moved to a CPU worker, which parses them (their titles)
    // and finds the missed ones' suggestions.
    const docs = await this.deps.patents.storedDocBytes(heldNumbers);
    for (const [pn, bytes] of docs) docs.set(pn, transferable(bytes));
    const input: RecallRecordsInput = {
      docs,
      missed: walked.map(({ pn, candidates }) => ({
        publicationNumber: pn,
        clauses: candidates.map((c) => ({ terms: c.kind === 'terms' ? c.terms : [], field: c.field })),
      })),
    };
    const transfer = [...docs.values()].map((bytes) => bytes.buffer as ArrayBuffer);
    const { titles, suggestions } = await this.deps.cpu.run('recallRecords', input, { transfer });
    const patentOf = (pn: string): RecallPatent => ({
      input: inputOf.get(pn) ?? pn,
      publicationNumber: pn,
      title: titles.get(pn) ?? '',
    });
    const found = heldNumbers.filter((pn) => foundSet.has(pn)).map(patentOf);
    const missed = walked.map(({ pn, candidates }, i) => ({
      ...patentOf(pn),
      ...chooseClause(candidates, suggestions[i] ?? []),
    }));
    return {
      expression,
      editable: codeSearchOf(expression) === undefined,
      checked: inputOf.size + notInCorpus.length,
      found,
      missed,
      notInCorpus,
      tookMs: Math.round(performance.now() - started),
    };
  }

  /**
   * For each missed patent, the clauses that may have left it out (an OR's alternatives all). Each
   * sub-expression the walk reads runs once, over all the missed patents.
   */
  private async walkMisses(
    written: QueryNode,
    missedNumbers: readonly string[],
    resolve: (node: QueryNode) => Promise<QueryNode>,
    matching: (ast: QueryNode, within: readonly string[]) => Promise<Set<string>>,
  ): Promise<{ pn: string; candidates: Candidate[] }[]> {
    if (missedNumbers.length === 0) return [];
    const memo = new Map<QueryNode, Promise<Set<string>>>();
    const matches = (node: QueryNode) => {
      let found = memo.get(node);
      if (!found) {
        found = resolve(node).then((ast) => matching(ast, missedNumbers));
        memo.set(node, found);
      }
      return found;
    };
    // The clauses a patent fails, where the walk stops: an AND's first failing child, an OR's every child.
    const candidatesFor = async (node: QueryNode, pn: string): Promise<Candidate[]> => {
      if (node.kind === 'And') {
        for (const child of node.children) {
          if (!(await matches(child)).has(pn)) return candidatesFor(child, pn);
        }
        return [candidateOf(node)];
      }
      if (node.kind === 'Or' && !isFieldGroup(node)) {
        const all: Candidate[] = [];
        for (const child of node.children) all.push(...(await candidatesFor(child, pn)));
        return all;
      }
      return [candidateOf(node)];
    };
    const walked: { pn: string; candidates: Candidate[] }[] = [];
    for (const pn of missedNumbers) walked.push({ pn, candidates: await candidatesFor(written, pn) });
    return walked;
  }
}

/** Of a missed patent's candidate clauses, the one with the nearest suggestion (the first when none has one). */
function chooseClause(
  candidates: readonly Candidate[],
  options: readonly (RecallSuggestion | null)[],
): Pick<RecallMiss, 'clause' | 'suggestion'> {
  let chosen = 0;
  let best: RecallSuggestion | null = null;
  options.forEach((s, k) => {
    if (s && (!best || s.score > best.score)) {
      best = s;
      chosen = k;
    }
  });
  const clause = clauseOf(candidates[chosen] ?? candidates[0]!);
  const suggestion = options[chosen] ?? undefined;
  return { clause, ...(suggestion ? { suggestion } : {}) };
}
