import {
  APPLICATION_DESCRIPTION_HEADINGS,
  SECTION_KEYS_BY_KIND,
  type DisclosureContent,
  type DisclosureKind,
  type DisclosureRichNode,
  type Language,
} from '@patlas/contracts';

/** The editor's JSON as the page keeps it between the section editors and the saves. */

export function emptyDoc(): DisclosureRichNode {
  return { type: 'doc', content: [{ type: 'paragraph' }] };
}

/** A document of plain text, one paragraph per line (the application's one-line title). */
export function docOfText(text: string): DisclosureRichNode {
  if (text === '') return emptyDoc();
  return {
    type: 'doc',
    content: text
      .split('\n')
      .map((line) => (line ? { type: 'paragraph', content: [{ type: 'text', text: line }] } : { type: 'paragraph' })),
  };
}

/** A new document's sections: empty, except the application's 说明书 with its five headings (as the server makes them). */
export function blankContent(kind: DisclosureKind, lang: Language): DisclosureContent {
  const sections: Record<string, DisclosureRichNode> = {};
  for (const key of SECTION_KEYS_BY_KIND[kind]) sections[key] = emptyDoc();
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

/** The text of a node and its children, blocks on lines of their own. */
export function textOf(node: DisclosureRichNode | undefined): string {
  if (!node) return '';
  if (node.type === 'text') return node.text ?? '';
  if (node.type === 'hardBreak') return '\n';
  const parts = (node.content ?? []).map(textOf);
  const isBlockContainer = (node.content ?? []).some((child) => child.type !== 'text' && child.type !== 'hardBreak');
  return parts.join(isBlockContainer ? '\n' : '');
}

/** Characters a section counts (line breaks left out), as the live counters show them. */
export function charCount(node: DisclosureRichNode | undefined): number {
  return textOf(node).replace(/\n/g, '').length;
}

/** Image nodes of a document. */
/** The images of a section, in order (issue 43: the version preview shows them). */
export function imagesOf(node: DisclosureRichNode | undefined): { src: string; alt: string }[] {
  if (!node) return [];
  const own =
    node.type === 'image' && typeof node.attrs?.src === 'string'
      ? [{ src: node.attrs.src, alt: typeof node.attrs.alt === 'string' ? node.attrs.alt : '' }]
      : [];
  return [...own, ...(node.content ?? []).flatMap((child) => imagesOf(child))];
}

export function imageCount(node: DisclosureRichNode | undefined): number {
  if (!node) return 0;
  return (node.type === 'image' ? 1 : 0) + (node.content ?? []).reduce((sum, child) => sum + imageCount(child), 0);
}
