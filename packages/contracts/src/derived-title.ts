/** The longest title drawn from an abstract, in characters (ellipsis included). */
export const ABSTRACT_TITLE_MAX = 120;

/**
 * A title for a record that has none (the USPTO records carry only an abstract and CPC): the
 * abstract's first line, cut at its first sentence end (`. ` `。` `；` `;` `!` `?`), then at a word
 * boundary to at most ABSTRACT_TITLE_MAX characters with "…". Undefined for an empty abstract.
 * The page marks it as taken from the abstract; it is never stored as the title.
 */
export function titleFromAbstract(abstract: string | null | undefined): string | undefined {
  if (!abstract) return undefined;
  const line = abstract
    .replace(/<[^>]*>/g, ' ')
    .split(/\r?\n/)
    .map((l) => l.replace(/\s+/g, ' ').trim())
    .find((l) => l.length > 0);
  if (!line) return undefined;
  const end = /[。；！？]|[.;!?](?=\s|$)/.exec(line);
  let sentence = (end ? line.slice(0, end.index) : line).trim();
  if (sentence.length === 0) sentence = line;
  if (sentence.length <= ABSTRACT_TITLE_MAX) return sentence;
  const room = sentence.slice(0, ABSTRACT_TITLE_MAX - 1);
  const space = room.lastIndexOf(' ');
  const cut = space > ABSTRACT_TITLE_MAX / 2 ? room.slice(0, space) : room;
  return `${cut.replace(/[\s,，:：、-]+$/, '')}…`;
}
