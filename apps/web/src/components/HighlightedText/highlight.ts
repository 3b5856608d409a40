/**
 * Hit highlighting without injecting HTML: the server sends HTML-escaped text in which only
 * `<em>`/`</em>` mark hits (packages/engine highlight.ts). Those two tags become segments; every
 * other character, including an escaped `&lt;script&gt;`, stays text.
 */
export interface HighlightSegment {
  text: string;
  isHit: boolean;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", '#39': "'" };

/** Decodes the entities an escaper produces (named and numeric); unknown ones stay as written. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    const lower = name.toLowerCase();
    if (lower in ENTITIES) return ENTITIES[lower] as string;
    if (lower.startsWith('#x')) return safeCodePoint(Number.parseInt(lower.slice(2), 16)) ?? whole;
    if (lower.startsWith('#')) return safeCodePoint(Number.parseInt(lower.slice(1), 10)) ?? whole;
    return whole;
  });
}

function safeCodePoint(code: number): string | undefined {
  return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : undefined;
}

/** Splits highlighted text into plain and hit segments; adjacent segments of one kind are merged. */
export function splitHighlights(marked: string): HighlightSegment[] {
  const segments: HighlightSegment[] = [];
  let isHit = false;
  for (const part of marked.split(/(<\/?em>)/i)) {
    const tag = part.toLowerCase();
    if (tag === '<em>') {
      isHit = true;
      continue;
    }
    if (tag === '</em>') {
      isHit = false;
      continue;
    }
    if (!part) continue;
    const text = decodeEntities(part);
    const last = segments.at(-1);
    if (last && last.isHit === isHit) last.text += text;
    else segments.push({ text, isHit });
  }
  return segments;
}
