import type { XmlElement, XmlNode } from './xml-tree.js';

function isElement(node: XmlNode): node is XmlElement {
  return typeof node !== 'string';
}

/** Direct children with this name (or all child elements when name is omitted). */
export function kids(el: XmlElement | undefined, name?: string): XmlElement[] {
  if (!el) return [];
  return el.children.filter((c): c is XmlElement => isElement(c) && (name === undefined || c.name === name));
}

/** Follows a path of child names, `a/b/c`; the first match at each step. */
export function at(el: XmlElement | undefined, path: string): XmlElement | undefined {
  let current = el;
  for (const step of path.split('/')) {
    if (!current) return undefined;
    current = kids(current, step)[0];
  }
  return current;
}

/** Every element of the path's last step under the path's parent, `a/b/c` → all c in all b in a. */
export function all(el: XmlElement | undefined, path: string): XmlElement[] {
  let current: XmlElement[] = el ? [el] : [];
  for (const step of path.split('/')) current = current.flatMap((c) => kids(c, step));
  return current;
}

/** Every descendant with this name, in document order (not descending into matches). */
export function findAll(el: XmlElement | undefined, name: string): XmlElement[] {
  const out: XmlElement[] = [];
  const walk = (node: XmlElement): void => {
    for (const child of node.children) {
      if (!isElement(child)) continue;
      if (child.name === name) out.push(child);
      else walk(child);
    }
  };
  if (el) walk(el);
  return out;
}

/** The first descendant with this name. */
export function find(el: XmlElement | undefined, name: string): XmlElement | undefined {
  return findAll(el, name)[0];
}

/** All text inside, whitespace collapsed to single spaces and trimmed. */
export function text(el: XmlElement | undefined): string {
  if (!el) return '';
  const parts: string[] = [];
  const walk = (node: XmlElement): void => {
    for (const child of node.children) {
      if (typeof child === 'string') parts.push(child);
      else walk(child);
    }
  };
  walk(el);
  return parts.join('').replace(/\s+/g, ' ').trim();
}

/** Text of the path, or undefined when missing or empty. */
export function textAt(el: XmlElement | undefined, path: string): string | undefined {
  const value = text(at(el, path));
  return value === '' ? undefined : value;
}

/** Elements that start a new line when flattened to plain text. */
const BLOCKS = new Set([
  'p',
  'br',
  'heading',
  'li',
  'claim',
  'claim-text',
  'row',
  'table',
  'tr',
  'description-of-drawings',
  'PARA',
  'CLM',
  'CLMSTEP',
  'H',
  'BRFSUM',
  'DRWDESC',
  'DETDESC',
  'paragraph',
  'claim-text-line',
]);

/**
 * Plain text that keeps the document's paragraphs and claim structure readable: each block element
 * (paragraph, heading, claim, claim step, table row) starts a new line; whitespace inside lines collapses.
 */
export function blockText(el: XmlElement | undefined): string {
  if (!el) return '';
  let out = '';
  const walk = (node: XmlElement): void => {
    for (const child of node.children) {
      if (typeof child === 'string') {
        out += child.replace(/\s+/g, ' ');
        continue;
      }
      const isBlock = BLOCKS.has(child.name);
      if (isBlock) out += '\n';
      if (child.name === 'entry' || child.name === 'td') out += ' ';
      walk(child);
      if (isBlock) out += '\n';
    }
  };
  walk(el);
  return out
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line !== '')
    .join('\n');
}

/** All text inside, exactly as written (fixed-width class symbols need their spaces). */
export function rawText(el: XmlElement | undefined): string {
  if (!el) return '';
  return el.children.map((c) => (typeof c === 'string' ? c : rawText(c))).join('');
}
