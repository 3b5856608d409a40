import { difference, filterIds, intersect, unionAll } from '../id-sets.js';
import { FTS_COLUMNS, type FtsColumn } from '../index-schema.js';
import { phrasesOf, type MatchNear, type MatchNode, type MatchPhrase, type MatchTerm } from './match-syntax.js';
import { POSITIONS_END, seekId, type PositionCursor, type PostingSource } from './posting-source.js';

/**
 * A parsed FTS5 MATCH (match-syntax.ts) evaluated on the engine's own postings, with FTS5's
 * semantics (ext/fts5/fts5_expr.c, detail=full): a phrase is its tokens at consecutive positions
 * of one column; NEAR is FTS5's own sweep over the phrases' positions (NearSweep), which also
 * trims those positions to the ones in a match: the instances patlas_near reads (nearPositions).
 *
 * Costs: a one-token phrase reads document lists only; positions are asked for only in the columns
 * where every token of a phrase (or of a NEAR group) occurs in one document, and are read only for
 * such documents, each list walked once by a galloping cursor. Nothing is allocated per document.
 */

const EMPTY = new Int32Array(0);
/** A position as FTS5 compares them (FTS5_POS2COLUMN): column index * 2^32 + offset, exact in a double. */
const COLUMN_STRIDE = 2 ** 32;
/** FTS5_LOOKAHEAD_EOF: past every position. */
const END = 2 ** 62;

/** Intersection of several id lists, shortest first, stopping at the first empty result. */
function intersectAll(lists: Int32Array[]): Int32Array {
  if (lists.length === 0) return EMPTY;
  lists.sort((a, b) => a.length - b.length);
  let out = lists[0] as Int32Array;
  for (let i = 1; i < lists.length && out.length > 0; i++) out = intersect(out, lists[i] as Int32Array);
  return out;
}

/** Union of id lists; the empty ones skipped, so one non-empty list is returned as is (no pass over the ids). */
function uniteAll(lists: Int32Array[]): Int32Array {
  const present = lists.filter((l) => l.length > 0);
  return present.length === 0 ? EMPTY : unionAll(present);
}

/** Positions of one document, grown in place and reused across documents. */
class PositionBuffer {
  values = new Float64Array(16);
  length = 0;

  push(value: number): void {
    if (this.length === this.values.length) {
      const grown = new Float64Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.length++] = value;
  }
}

/** The source read through one evaluation. */
class Reader {
  readonly columnIndex: ReadonlyMap<FtsColumn, number>;
  /** Each term's documents per column: a phrase and a NEAR group ask for them more than once. */
  private readonly docsOf = new Map<string, Int32Array>();

  constructor(
    readonly source: PostingSource,
    readonly allColumns: readonly FtsColumn[],
  ) {
    this.columnIndex = new Map(allColumns.map((c, i) => [c, i]));
  }

  docs(column: FtsColumn, term: MatchTerm): Int32Array {
    const key = `${column}\u0000${term.prefix ? '*' : '='}${term.token}`;
    let ids = this.docsOf.get(key);
    if (!ids) {
      ids = term.prefix ? this.source.prefixDocs(column, term.token) : this.source.docs(column, term.token);
      this.docsOf.set(key, ids);
    }
    return ids;
  }

  /** A term's positions in a column, read per document asked (a cursor: one per phrase that reads it). */
  cursor(column: FtsColumn, term: MatchTerm): PositionCursor {
    return term.prefix ? this.source.prefixCursor(column, term.token) : this.source.cursor(column, term.token);
  }

  /** Documents whose column holds every term (not necessarily as a phrase). */
  allTermsDocs(column: FtsColumn, terms: readonly MatchTerm[]): Int32Array {
    return intersectAll(terms.map((t) => this.docs(column, t)));
  }
}

/**
 * One phrase in one column: where it starts in each document asked, documents asked in
 * ascending order. Each term's positions are read for the documents asked only, and within one
 * only as far as the check needs: to the first start when only the document is asked.
 */
class ColumnPhrase {
  private readonly cursors: PositionCursor[];
  /** Each term's position last read, within one document. */
  private readonly current: Int32Array;

  constructor(reader: Reader, column: FtsColumn, terms: readonly MatchTerm[]) {
    this.cursors = terms.map((t) => reader.cursor(column, t));
    this.current = new Int32Array(terms.length);
  }

  /**
   * Whether the phrase occurs in the document; with `out`, every start position, plus `base`, is
   * appended to it. Starts ascend, so each later term's cursor only moves forward.
   */
  scan(doc: number, out?: PositionBuffer, base = 0): boolean {
    const { cursors, current } = this;
    const n = cursors.length;
    for (let k = 0; k < n; k++) if (!(cursors[k] as PositionCursor).seek(doc)) return false;
    // Below every position: each term's first read happens at its first comparison.
    for (let k = 1; k < n; k++) current[k] = -1;
    const first = cursors[0] as PositionCursor;
    let found = false;
    next: for (let p = first.next(); p !== POSITIONS_END; p = first.next()) {
      for (let k = 1; k < n; k++) {
        const want = p + k;
        const cursor = cursors[k] as PositionCursor;
        let q = current[k] as number;
        while (q < want) q = cursor.next();
        current[k] = q;
        // This term has no position left at or after p + k: no later start can match either.
        if (q === POSITIONS_END) break next;
        if (q !== want) continue next;
      }
      if (!out) return true;
      out.push(base + p);
      found = true;
    }
    return found;
  }
}

/** Documents where the phrase occurs in the column. */
function phraseDocsIn(reader: Reader, column: FtsColumn, terms: readonly MatchTerm[]): Int32Array {
  if (terms.length === 1) return reader.docs(column, terms[0] as MatchTerm);
  const candidates = reader.allTermsDocs(column, terms);
  if (candidates.length === 0) return EMPTY;
  const phrase = new ColumnPhrase(reader, column, terms);
  return filterIds(candidates, (doc) => phrase.scan(doc));
}

function phraseDocs(reader: Reader, phrase: MatchPhrase, columns: readonly FtsColumn[]): Int32Array {
  if (phrase.terms.length === 0 || columns.length === 0) return EMPTY;
  return uniteAll(columns.map((c) => phraseDocsIn(reader, c, phrase.terms)));
}

/**
 * The phrases of one group (a NEAR, or a phrase alone) over a column set: each document's start
 * positions of each phrase, in FTS5's order (column, then offset), from the columns where the
 * phrase occurs among `candidates`.
 */
class PhraseGroup {
  readonly positions: PositionBuffer[];
  private readonly slots: { phrase: number; base: number; docs: Int32Array; at: number; scanner: ColumnPhrase }[] = [];

  constructor(reader: Reader, phrases: readonly MatchPhrase[], columns: readonly FtsColumn[], candidates: Int32Array) {
    this.positions = phrases.map(() => new PositionBuffer());
    // Column order within each phrase, so the positions come out ascending.
    phrases.forEach((phrase, i) => {
      for (const column of columns) {
        const docs = intersectAll([reader.allTermsDocs(column, phrase.terms), candidates]);
        if (docs.length === 0) continue;
        const base = (reader.columnIndex.get(column) as number) * COLUMN_STRIDE;
        this.slots.push({
          phrase: i,
          base,
          docs,
          at: 0,
          scanner: new ColumnPhrase(reader, column, phrase.terms),
        });
      }
    });
  }

  /** Fills `positions` for the document; documents are asked in ascending order. */
  collect(doc: number): void {
    for (const p of this.positions) p.length = 0;
    for (const slot of this.slots) {
      slot.at = seekId(slot.docs, slot.at, doc);
      if (slot.docs[slot.at] === doc) slot.scanner.scan(doc, this.positions[slot.phrase], slot.base);
    }
  }
}

/**
 * FTS5's NEAR test (fts5ExprNearIsMatch), on each phrase's start positions: true when one position
 * of each phrase lies in a window where, with the last start at m, every phrase i at p_i of n_i
 * tokens has m - (p_i + n_i) <= distance. Like FTS5 it sweeps the lists once (advancing the list
 * whose next position is smallest) and rewrites each list in place to the positions that took
 * part in a match: those are the instances an auxiliary function (patlas_near) then sees.
 */
class NearSweep {
  private readonly pos: Float64Array;
  private readonly ahead: Float64Array;
  private readonly next: Int32Array;
  private readonly written: Int32Array;

  constructor(
    private readonly lengths: Int32Array,
    private readonly distance: number,
  ) {
    const n = lengths.length;
    this.pos = new Float64Array(n);
    this.ahead = new Float64Array(n);
    this.next = new Int32Array(n);
    this.written = new Int32Array(n);
  }

  /** Moves list i on; true at its end (fts5LookaheadReaderNext). */
  private advance(lists: readonly PositionBuffer[], i: number): boolean {
    const list = lists[i] as PositionBuffer;
    this.pos[i] = this.ahead[i] as number;
    const k = this.next[i] as number;
    this.ahead[i] = k < list.length ? (list.values[k] as number) : END;
    this.next[i] = k + 1;
    return this.pos[i] === END;
  }

  /** With `any`, true at the first match: the lists are then not trimmed (nearDocs needs no instances). */
  holds(lists: readonly PositionBuffer[], any = false): boolean {
    const n = lists.length;
    const { pos, ahead, written, lengths } = this;
    // FTS5 sweeps only when every phrase occurs (fts5ExprNearTest); an empty list would read as END and agree with the others.
    for (let i = 0; i < n; i++) if ((lists[i] as PositionBuffer).length === 0) return false;
    for (let i = 0; i < n; i++) {
      const list = lists[i] as PositionBuffer;
      pos[i] = list.length > 0 ? (list.values[0] as number) : END;
      ahead[i] = list.length > 1 ? (list.values[1] as number) : END;
      this.next[i] = 2;
      written[i] = 0;
    }
    sweep: for (;;) {
      let max = pos[0] as number;
      let match: boolean;
      do {
        match = true;
        for (let i = 0; i < n; i++) {
          const min = max - (lengths[i] as number) - this.distance;
          if ((pos[i] as number) < min || (pos[i] as number) > max) {
            match = false;
            while ((pos[i] as number) < min) if (this.advance(lists, i)) break sweep;
            if ((pos[i] as number) > max) max = pos[i] as number;
          }
        }
      } while (!match);
      if (any) return true;
      // Positions ascend within each list and each is written at most once: the write never passes the read.
      for (let i = 0; i < n; i++) {
        const list = lists[i] as PositionBuffer;
        const w = written[i] as number;
        if (w === 0 || list.values[w - 1] !== pos[i]) {
          list.values[w] = pos[i] as number;
          written[i] = w + 1;
        }
      }
      let step = 0;
      for (let i = 1; i < n; i++) if ((ahead[i] as number) < (ahead[step] as number)) step = i;
      if (this.advance(lists, step)) break;
    }
    for (let i = 0; i < n; i++) (lists[i] as PositionBuffer).length = written[i] as number;
    return (written[0] as number) > 0;
  }
}

/** Documents where every phrase occurs in one of the columns: NEAR's candidates. */
function nearCandidates(reader: Reader, phrases: readonly MatchPhrase[], columns: readonly FtsColumn[]): Int32Array {
  const terms = phrases.flatMap((p) => p.terms);
  return uniteAll(columns.map((c) => reader.allTermsDocs(c, terms)));
}

function nearDocs(reader: Reader, near: MatchNear, columns: readonly FtsColumn[]): Int32Array {
  const { phrases } = near;
  if (phrases.length === 1) return phraseDocs(reader, phrases[0] as MatchPhrase, columns);
  if (columns.length === 0) return EMPTY;
  const candidates = nearCandidates(reader, phrases, columns);
  if (candidates.length === 0) return EMPTY;
  const group = new PhraseGroup(reader, phrases, columns, candidates);
  const sweep = new NearSweep(
    Int32Array.from(phrases, (p) => p.terms.length),
    near.distance,
  );
  return filterIds(candidates, (doc) => {
    group.collect(doc);
    return sweep.holds(group.positions, true);
  });
}

function evaluateNode(reader: Reader, node: MatchNode, columns: readonly FtsColumn[]): Int32Array {
  switch (node.kind) {
    case 'phrase':
      return phraseDocs(reader, node, columns);
    case 'near':
      return nearDocs(reader, node, columns);
    case 'filter':
      // Nested filters intersect; an empty intersection matches nothing (FTS5 makes the node EOF).
      return evaluateNode(
        reader,
        node.child,
        columns.filter((c) => node.columns.includes(c)),
      );
    case 'and': {
      const parts: Int32Array[] = [];
      for (const child of node.children) {
        const ids = evaluateNode(reader, child, columns);
        if (ids.length === 0) return EMPTY;
        parts.push(ids);
      }
      return intersectAll(parts);
    }
    case 'or':
      return uniteAll(node.children.map((child) => evaluateNode(reader, child, columns)));
    case 'not': {
      const positive = evaluateNode(reader, node.positive, columns);
      return positive.length === 0 ? EMPTY : difference(positive, evaluateNode(reader, node.negative, columns));
    }
  }
}

/** The documents a MATCH yields, ascending; `allColumns` are the table's columns in order (no filter = all of them). */
export function evaluateMatch(source: PostingSource, ast: MatchNode, allColumns: readonly FtsColumn[]): Int32Array {
  return evaluateNode(new Reader(source, allColumns), ast, allColumns);
}

/** A phrase's group as FTS5 tests it: its NEAR (distance set), or the phrase alone, and its columns. */
interface Group {
  readonly phrases: readonly MatchPhrase[];
  readonly distance?: number;
  readonly columns: readonly FtsColumn[];
}

function groupsOf(node: MatchNode, columns: readonly FtsColumn[], out: Map<MatchPhrase, Group>): void {
  switch (node.kind) {
    case 'phrase':
      out.set(node, { phrases: [node], columns });
      return;
    case 'near': {
      const group: Group = { phrases: node.phrases, distance: node.distance, columns };
      for (const p of node.phrases) out.set(p, group);
      return;
    }
    case 'filter':
      groupsOf(
        node.child,
        columns.filter((c) => node.columns.includes(c)),
        out,
      );
      return;
    case 'and':
    case 'or':
      for (const child of node.children) groupsOf(child, columns, out);
      return;
    case 'not':
      groupsOf(node.positive, columns, out);
      groupsOf(node.negative, columns, out);
  }
}

/** A group's instances per document: its phrases' positions, trimmed by the NEAR sweep when it is a NEAR. */
class GroupInstances {
  private readonly phrases: PhraseGroup;
  private readonly sweep: NearSweep | undefined;

  constructor(reader: Reader, group: Group, docs: Int32Array) {
    this.phrases = new PhraseGroup(reader, group.phrases, group.columns, docs);
    this.sweep =
      group.distance !== undefined && group.phrases.length > 1
        ? new NearSweep(
            Int32Array.from(group.phrases, (p) => p.terms.length),
            group.distance,
          )
        : undefined;
  }

  /** The group's instances in the document, or undefined when the group does not match there. */
  collect(doc: number): readonly PositionBuffer[] | undefined {
    this.phrases.collect(doc);
    const { positions } = this.phrases;
    if (this.sweep ? !this.sweep.holds(positions) : (positions[0] as PositionBuffer).length === 0) return undefined;
    return positions;
  }
}

/** Whether some position of `right` starts `units` to `units + gap` after a position of `left` (both ascending). */
function followsWithin(left: PositionBuffer, right: PositionBuffer, units: number, gap: number): boolean {
  let q = 0;
  for (let i = 0; i < left.length; i++) {
    const start = (left.values[i] as number) + units;
    while (q < right.length && (right.values[q] as number) < start) q++;
    if (q === right.length) return false;
    if ((right.values[q] as number) - start <= gap) return true;
  }
  return false;
}

/**
 * What `MATCH ? AND patlas_near(fts, 0, 1, leftUnits, rightUnits, gap, ordered)` yields
 * (native/patlas-fts.c nearFunc): of the documents the MATCH yields, those where an instance of
 * phrase 0 and one of phrase 1 lie in the same column, the right one starting after the left's
 * last unit with at most `gap` units between (or, not ordered, either way round). Instances are
 * FTS5's: a phrase of a NEAR group has only the positions that took part in a NEAR match.
 * Checked against the extension on the MATCH strings the compiler gives such plans
 * (`{cols}: (NEAR(left right, n))`); `allColumns` as for evaluateMatch.
 */
export function nearPositions(
  source: PostingSource,
  ast: MatchNode,
  leftUnits: number,
  rightUnits: number,
  gap: number,
  ordered: boolean,
  allColumns: readonly FtsColumn[] = FTS_COLUMNS,
): Int32Array {
  const [left, right] = phrasesOf(ast);
  if (!left || !right) return EMPTY;
  const reader = new Reader(source, allColumns);
  const groups = new Map<MatchPhrase, Group>();
  groupsOf(ast, allColumns, groups);
  const leftGroup = groups.get(left) as Group;
  const rightGroup = groups.get(right) as Group;
  let root = ast;
  while (root.kind === 'filter') root = root.child;
  // The compiler's shape, the MATCH being the NEAR of both phrases: the sweep that decides a
  // candidate also gives the instances, so the MATCH is not evaluated first.
  const whole = root.kind === 'near' && leftGroup === rightGroup && leftGroup.phrases === root.phrases;
  const docs = whole
    ? leftGroup.columns.length === 0
      ? EMPTY
      : nearCandidates(reader, leftGroup.phrases, leftGroup.columns)
    : evaluateNode(reader, ast, allColumns);
  if (docs.length === 0) return EMPTY;
  const leftAt = leftGroup.phrases.indexOf(left);
  const rightAt = rightGroup.phrases.indexOf(right);
  const leftInstances = new GroupInstances(reader, leftGroup, docs);
  const rightInstances = rightGroup === leftGroup ? undefined : new GroupInstances(reader, rightGroup, docs);
  return filterIds(docs, (doc) => {
    const leftPositions = leftInstances.collect(doc);
    const rightPositions = rightInstances ? rightInstances.collect(doc) : leftPositions;
    if (!leftPositions || !rightPositions) return false;
    const l = leftPositions[leftAt] as PositionBuffer;
    const r = rightPositions[rightAt] as PositionBuffer;
    return followsWithin(l, r, leftUnits, gap) || (!ordered && followsWithin(r, l, rightUnits, gap));
  });
}
