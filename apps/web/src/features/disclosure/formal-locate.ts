import type { Editor } from '@tiptap/react';

type PmNode = Editor['state']['doc'];

/**
 * The editor positions of [from, to) in a section's plain text as `textOf` (content.ts) writes it:
 * text nodes as they are, a hard break as one line break, blocks of a container joined by one.
 * The formal review reports places as offsets into that text; this finds them in the editor.
 */
export function positionsOf(doc: PmNode, from: number, to: number): { from: number; to: number } | undefined {
  let text = 0;
  let start: number | undefined;
  let end: number | undefined;
  const visit = (node: PmNode, contentStart: number) => {
    const children: { node: PmNode; pos: number }[] = [];
    node.forEach((child, offset) => children.push({ node: child, pos: contentStart + offset }));
    const isBlockContainer = children.some((c) => !c.node.isText && c.node.type.name !== 'hardBreak');
    children.forEach((child, index) => {
      if (index > 0 && isBlockContainer) text += 1;
      if (child.node.isText) {
        const length = child.node.text?.length ?? 0;
        if (start === undefined && from <= text + length) start = child.pos + Math.max(0, from - text);
        if (end === undefined && to <= text + length) end = child.pos + Math.max(0, to - text);
        text += length;
      } else if (child.node.type.name === 'hardBreak') {
        text += 1;
      } else if (!child.node.isLeaf) {
        visit(child.node, child.pos + 1);
      }
    });
  };
  visit(doc, 0);
  if (start === undefined) return undefined;
  return { from: start, to: end ?? start };
}
