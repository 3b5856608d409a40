import sax from 'sax';
import { openText } from './open-text.js';

/** A parsed XML element: local name (namespace prefix dropped), attributes and children in order. */
export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlNode[];
}
export type XmlNode = XmlElement | string;

function localName(name: string): string {
  const colon = name.indexOf(':');
  return colon >= 0 ? name.slice(colon + 1) : name;
}

/**
 * A strict sax parser that knows the HTML named entities. USPTO and EPO documents refer to a DTD
 * that is not shipped with them (e.g. `&lsquo;`): an unknown entity is kept as its text instead of
 * failing the whole record; any other well-formedness error fails it.
 * With `wanted`, only subtrees of elements with those names are built; the rest is dropped as it streams.
 */
function createParser(
  onClose: (el: XmlElement, line: number) => void,
  wanted?: ReadonlySet<string>,
): { parser: sax.SAXParser; root: () => XmlElement | undefined } {
  const parser = sax.parser(true, { trim: false, normalize: false, position: true });
  // sax's HTML entity table is not in its type definitions.
  const html = (sax as unknown as { ENTITIES: Record<string, string> }).ENTITIES;
  (parser as unknown as { ENTITIES: Record<string, string> }).ENTITIES = { ...html };
  const stack: { el: XmlElement; line: number; keep: boolean }[] = [];
  let top: XmlElement | undefined;
  parser.onopentag = (tag) => {
    const attrs: Record<string, string> = {};
    for (const [key, value] of Object.entries(tag.attributes)) attrs[localName(key)] = String(value);
    const el: XmlElement = { name: localName(tag.name), attrs, children: [] };
    const parent = stack.at(-1);
    const keep = !wanted || wanted.has(el.name) || (parent?.keep ?? false);
    if (parent && (!wanted || parent.keep)) parent.el.children.push(el);
    stack.push({ el, line: parser.line + 1, keep });
    top ??= el;
  };
  parser.onclosetag = () => {
    const done = stack.pop();
    if (done) onClose(done.el, done.line);
  };
  const onText = (text: string): void => {
    const parent = stack.at(-1);
    if (!parent || (wanted && !parent.keep)) return;
    const children = parent.el.children;
    const last = children.at(-1);
    if (typeof last === 'string') children[children.length - 1] = last + text;
    else children.push(text);
  };
  parser.ontext = onText;
  parser.oncdata = onText;
  return { parser, root: () => top };
}

function isEntityError(err: Error): boolean {
  return /entity/i.test(err.message);
}

function describe(err: Error): string {
  return err.message.replace(/\s+/g, ' ').trim();
}

/** Parses one whole XML document held in memory (one patent). Throws with a readable reason when it is not well formed. */
export function parseXml(text: string): XmlElement {
  const { parser, root } = createParser(() => undefined);
  let failure: Error | undefined;
  parser.onerror = (err) => {
    if (!isEntityError(err) && !failure) failure = err;
    (parser as unknown as { error: Error | null }).error = null;
  };
  parser.write(text).close();
  if (failure) throw new Error(`XML not well formed: ${describe(failure)}`);
  const el = root();
  if (!el) throw new Error('XML has no root element');
  return el;
}

/**
 * Streams the elements called one of `names` out of a (possibly huge) XML file, each as a tree,
 * with the 1-based line where it starts. Only those subtrees are kept: memory stays bounded by one.
 * A fatal parse error ends the stream with one `{error}` item.
 */
export async function* streamXmlElements(
  file: string,
  names: ReadonlySet<string>,
): AsyncGenerator<{ el: XmlElement; line: number } | { error: string; line: number }> {
  const ready: { el: XmlElement; line: number }[] = [];
  let depthInWanted = 0;
  const { parser } = createParser((el, line) => {
    if (!names.has(el.name)) return;
    depthInWanted -= 1;
    // A wanted element nested in another wanted one travels inside its ancestor.
    if (depthInWanted === 0) ready.push({ el, line });
  }, names);
  const baseOpen = parser.onopentag;
  parser.onopentag = (tag) => {
    baseOpen(tag);
    if (names.has(localName(tag.name))) depthInWanted += 1;
  };
  let failure: Error | undefined;
  parser.onerror = (err) => {
    if (!isEntityError(err) && !failure) failure = err;
    (parser as unknown as { error: Error | null }).error = null;
  };
  const input = openText(file);
  try {
    for await (const chunk of input) {
      parser.write(chunk as string);
      yield* ready.splice(0);
      if (failure) break;
    }
    if (!failure) parser.close();
    yield* ready.splice(0);
  } finally {
    input.destroy();
  }
  if (failure) yield { error: `XML not well formed: ${describe(failure)}`, line: parser.line + 1 };
}
