import type { DisclosureRichNode } from '@patlas/contracts';

/**
 * A section's plain text exactly as the server writes it (disclosure-content.ts `plainTextOf`:
 * a line per paragraph or heading, list items with their "1. " or "• " marker, images left out,
 * trailing spaces cut, at most one empty line, trimmed) and, for each of its characters, its
 * position in the editor's document (-1 for what the editor does not hold: markers, line breaks
 * between blocks). The formal review reports places as offsets into that text; this finds them
 * in the editor. A claim set typed as a numbered list keeps its numbers this way.
 */
export interface SectionTextMap {
  text: string;
  positions: number[];
}

interface Char {
  ch: string;
  pos: number;
}

/** Blocks that hold a line of text each (as the server's TEXT_BLOCKS). */
const TEXT_BLOCKS = new Set(['paragraph', 'heading', 'codeBlock']);
const LEAVES = new Set(['hardBreak', 'image', 'horizontalRule']);

/** The size of a node in editor positions (ProseMirror: a text's length, a leaf 1, else its content + 2). */
function sizeOf(node: DisclosureRichNode): number {
  if (node.type === 'text') return node.text?.length ?? 0;
  if (LEAVES.has(node.type)) return 1;
  return 2 + (node.content ?? []).reduce((sum, child) => sum + sizeOf(child), 0);
}

/** Each child with the editor position it starts at. */
function childrenAt(node: DisclosureRichNode, contentStart: number): { node: DisclosureRichNode; pos: number }[] {
  let pos = contentStart;
  return (node.content ?? []).map((child) => {
    const at = { node: child, pos };
    pos += sizeOf(child);
    return at;
  });
}

function synthetic(text: string): Char[] {
  return [...text].map((ch) => ({ ch, pos: -1 }));
}

function inlineChars(node: DisclosureRichNode, contentStart: number, into: Char[]): void {
  for (const { node: child, pos } of childrenAt(node, contentStart)) {
    if (child.type === 'text') [...(child.text ?? '')].forEach((ch, i) => into.push({ ch, pos: pos + i }));
    else if (child.type === 'hardBreak') into.push({ ch: '\n', pos });
    else if (child.content) inlineChars(child, pos + 1, into);
  }
}

function blockLines(node: DisclosureRichNode, pos: number, lines: Char[][], prefix: Char[] = []): void {
  if (TEXT_BLOCKS.has(node.type)) {
    const line = [...prefix];
    inlineChars(node, pos + 1, line);
    lines.push(line);
    return;
  }
  if (node.type === 'bulletList' || node.type === 'orderedList') {
    const start = Number(node.attrs?.start ?? 1);
    childrenAt(node, pos + 1).forEach(({ node: item, pos: itemPos }, i) => {
      const marker = node.type === 'bulletList' ? '• ' : `${(Number.isFinite(start) ? start : 1) + i}. `;
      const itemLines: Char[][] = [];
      for (const { node: child, pos: childPos } of childrenAt(item, itemPos + 1))
        blockLines(child, childPos, itemLines);
      itemLines.forEach((line, j) => lines.push([...prefix, ...synthetic(j === 0 ? marker : '  '), ...line]));
    });
    return;
  }
  if (node.type === 'image' || node.type === 'horizontalRule') return;
  for (const { node: child, pos: childPos } of childrenAt(node, pos + 1)) blockLines(child, childPos, lines, prefix);
}

const isSpace = (ch: string) => /\s/u.test(ch);

export function sectionTextMap(doc: DisclosureRichNode | undefined): SectionTextMap {
  if (!doc) return { text: '', positions: [] };
  const lines: Char[][] = [];
  for (const { node, pos } of childrenAt(doc, 0)) blockLines(node, pos, lines);
  const chars: Char[] = [];
  lines.forEach((line, i) => {
    let end = line.length;
    while (end > 0 && isSpace(line[end - 1]!.ch)) end -= 1;
    if (i > 0) chars.push({ ch: '\n', pos: -1 });
    chars.push(...line.slice(0, end));
  });
  // At most two line breaks in a row (one empty line), then trimmed: as the server.
  const collapsed: Char[] = [];
  let breaks = 0;
  for (const c of chars) {
    breaks = c.ch === '\n' ? breaks + 1 : 0;
    if (breaks <= 2) collapsed.push(c);
  }
  let from = 0;
  let to = collapsed.length;
  while (from < to && isSpace(collapsed[from]!.ch)) from += 1;
  while (to > from && isSpace(collapsed[to - 1]!.ch)) to -= 1;
  const kept = collapsed.slice(from, to);
  return { text: kept.map((c) => c.ch).join(''), positions: kept.map((c) => c.pos) };
}

/** The editor range of [from, to) of the section's text; undefined when none of it is in the editor. */
export function editorRangeOf(map: SectionTextMap, from: number, to: number): { from: number; to: number } | undefined {
  let start: number | undefined;
  let end: number | undefined;
  for (let i = Math.max(0, from); i < Math.min(to, map.positions.length); i += 1) {
    const pos = map.positions[i]!;
    if (pos < 0) continue;
    start ??= pos;
    end = pos + 1;
  }
  if (start === undefined) {
    const pos = map.positions.slice(Math.max(0, from)).find((p) => p >= 0);
    return pos === undefined ? undefined : { from: pos, to: pos };
  }
  return { from: start, to: end ?? start };
}
