import type { TextLine } from './open-text.js';

export interface XmlDocumentText {
  /** 1-based line where the document starts. */
  line: number;
  text: string;
}

/**
 * Splits a stream of lines holding several concatenated XML documents (USPTO weekly ipg/ipa files)
 * into one text per document: a new document starts at each `<?xml` declaration. Only the current
 * document is held in memory.
 */
export async function* splitXmlDocuments(lines: AsyncIterable<TextLine>): AsyncGenerator<XmlDocumentText> {
  let buffer: string[] = [];
  let start = 0;
  for await (const { line, text } of lines) {
    const at = text.indexOf('<?xml ');
    const startsDoc = at >= 0 && text.slice(0, at).trim() === '';
    if (startsDoc && buffer.some((l) => l.trim() !== '')) {
      yield { line: start, text: buffer.join('\n') };
      buffer = [];
    }
    if (buffer.length === 0) {
      if (text.trim() === '') continue;
      start = line;
    }
    buffer.push(text);
  }
  if (buffer.some((l) => l.trim() !== '')) yield { line: start, text: buffer.join('\n') };
}
