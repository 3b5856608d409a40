import {
  APPLICATION_DESCRIPTION_HEADINGS,
  disclosureImageIdOf,
  SECTION_KEYS_BY_KIND,
  type DisclosureContent,
  type DisclosureKind,
  type DisclosureRichNode,
  type DisclosureSections,
  type Language,
} from '@patlas/contracts';
import { AppError } from '../../errors.js';

/**
 * The editor's JSON (one TipTap document per section) as the server reads it: its plain text per
 * section, the images it names, its depth guard, and the content made from plain text (a save
 * that sends `sections` only, a new document's empty sections).
 */

/** Deeper than any list the editor makes; JSON nested deeper is refused (it would only cost stack). */
export const MAX_CONTENT_DEPTH = 40;

/** Blocks that hold a line of text each. */
const TEXT_BLOCKS = new Set(['paragraph', 'heading', 'codeBlock']);

/** The text of an inline run: text nodes, hard breaks as line breaks. */
function inlineText(nodes: readonly DisclosureRichNode[] | undefined): string {
  let text = '';
  for (const node of nodes ?? []) {
    if (node.type === 'text') text += node.text ?? '';
    else if (node.type === 'hardBreak') text += '\n';
    else if (node.content) text += inlineText(node.content);
  }
  return text;
}

/** The lines of a block and its children: paragraphs and headings a line each, list items with their marker. */
function blockLines(node: DisclosureRichNode, lines: string[], prefix = ''): void {
  if (TEXT_BLOCKS.has(node.type)) {
    lines.push(prefix + inlineText(node.content));
    return;
  }
  if (node.type === 'bulletList' || node.type === 'orderedList') {
    const start = Number(node.attrs?.start ?? 1);
    (node.content ?? []).forEach((item, i) => {
      const marker = node.type === 'bulletList' ? '• ' : `${(Number.isFinite(start) ? start : 1) + i}. `;
      const itemLines: string[] = [];
      for (const child of item.content ?? []) blockLines(child, itemLines);
      itemLines.forEach((line, j) => lines.push(prefix + (j === 0 ? marker : '  ') + line));
    });
    return;
  }
  if (node.type === 'image' || node.type === 'horizontalRule') return;
  for (const child of node.content ?? []) blockLines(child, lines, prefix);
}

/** A section's plain text: one line per paragraph, heading or list item; images left out. */
export function plainTextOf(doc: DisclosureRichNode | undefined): string {
  if (!doc) return '';
  const lines: string[] = [];
  for (const block of doc.content ?? []) blockLines(block, lines);
  return lines
    .map((line) => line.replace(/\s+$/u, ''))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Every image node of a document, in order. */
export function imagesIn(doc: DisclosureRichNode | undefined, into: DisclosureRichNode[] = []): DisclosureRichNode[] {
  if (!doc) return into;
  if (doc.type === 'image') into.push(doc);
  for (const child of doc.content ?? []) imagesIn(child, into);
  return into;
}

/** The id of one of our image addresses; undefined for anything else (data:, other sites). */
export function imageIdOf(src: unknown): string | undefined {
  return disclosureImageIdOf(src);
}

function depthOf(node: DisclosureRichNode, depth = 1): number {
  if (depth > MAX_CONTENT_DEPTH) return depth;
  let max = depth;
  for (const child of node.content ?? []) max = Math.max(max, depthOf(child, depth + 1));
  return max;
}

/** A paragraph of plain text (empty: an empty paragraph). */
function paragraphOf(line: string): DisclosureRichNode {
  return line === '' ? { type: 'paragraph' } : { type: 'paragraph', content: [{ type: 'text', text: line }] };
}

/** A TipTap document of plain text: one paragraph per line. */
export function docOfText(text: string): DisclosureRichNode {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  return { type: 'doc', content: lines.map(paragraphOf) };
}

/** A new document's sections: empty, except an application's 说明书 with its five headings. */
export function emptyContent(kind: DisclosureKind, lang: Language): DisclosureContent {
  const sections: Record<string, DisclosureRichNode> = {};
  for (const key of SECTION_KEYS_BY_KIND[kind]) sections[key] = { type: 'doc', content: [{ type: 'paragraph' }] };
  if (kind === 'application') {
    sections.description = {
      type: 'doc',
      content: APPLICATION_DESCRIPTION_HEADINGS[lang].flatMap((heading) => [
        { type: 'heading', attrs: { level: 3 }, content: [{ type: 'text', text: heading }] },
        { type: 'paragraph' },
      ]),
    };
  }
  return { sections };
}

export interface ReadContent {
  content: DisclosureContent;
  sections: DisclosureSections;
  chars: number;
  /** Distinct image ids the content names, in order. */
  imageIds: string[];
}

/**
 * Reads a save's content for a document of `kind`: every key must be one of the kind's sections
 * (missing ones are empty), every image one of our addresses, and the JSON no deeper than
 * MAX_CONTENT_DEPTH. With `sections` only, the content is made from the plain text.
 */
export function readContent(
  kind: DisclosureKind,
  input: { content?: DisclosureContent | undefined; sections?: DisclosureSections | undefined },
): ReadContent {
  const keys = SECTION_KEYS_BY_KIND[kind];
  const given: Record<string, DisclosureRichNode> = {};
  if (input.content) {
    for (const [key, doc] of Object.entries(input.content.sections)) given[key] = doc;
  } else {
    for (const [key, text] of Object.entries(input.sections ?? {})) given[key] = docOfText(text);
  }
  for (const key of Object.keys(given)) {
    if (!keys.includes(key)) throw new AppError('DISCLOSURE_SECTION_UNKNOWN', { section: key });
  }
  const content: DisclosureContent = { sections: {} };
  const sections: DisclosureSections = {};
  const imageIds: string[] = [];
  let chars = 0;
  for (const key of keys) {
    const doc = given[key] ?? { type: 'doc', content: [{ type: 'paragraph' }] };
    if (doc.type !== 'doc') {
      throw new AppError('VALIDATION_FAILED', { field: `content.sections.${key}.type`, reason: 'doc' });
    }
    if (depthOf(doc) > MAX_CONTENT_DEPTH) {
      throw new AppError('VALIDATION_FAILED', {
        field: `content.sections.${key}`,
        reason: `depth > ${MAX_CONTENT_DEPTH}`,
      });
    }
    for (const image of imagesIn(doc)) {
      const id = imageIdOf(image.attrs?.src);
      if (!id) throw new AppError('DISCLOSURE_IMAGE_FOREIGN');
      if (!imageIds.includes(id)) imageIds.push(id);
    }
    content.sections[key] = doc;
    sections[key] = plainTextOf(doc);
    chars += sections[key].length;
  }
  return { content, sections, chars, imageIds };
}
