import type { Patent } from '@patlas/contracts';
import BetterSqlite3 from 'better-sqlite3';

/** Title, abstract and claims of stored records, by publication number (records not stored are left out). */
export type PatentTextReader = (
  publicationNumbers: readonly string[],
) => Map<string, Pick<Patent, 'title' | 'abstract' | 'claims'>>;

/** The texts of stored records, read synchronously from an app database connection (SqliteEngineOptions.textSource). */
export function patentTextReader(sqlite: BetterSqlite3.Database): PatentTextReader {
  const texts = sqlite
    .prepare(
      `SELECT publication_number, json_extract(doc, '$.title'), json_extract(doc, '$.abstract'),
         json_extract(doc, '$.claims')
       FROM patents WHERE publication_number IN (SELECT value FROM json_each(?))`,
    )
    .raw();
  return (pns) => {
    const found = new Map<string, Pick<Patent, 'title' | 'abstract' | 'claims'>>();
    for (let i = 0; i < pns.length; i += 500) {
      for (const [pn, title, abstract, claims] of texts.all(JSON.stringify(pns.slice(i, i + 500))) as (
        string | null
      )[][]) {
        const parse = (json: string | null | undefined) => (json ? (JSON.parse(json) as Patent['title']) : undefined);
        found.set(pn as string, { title: parse(title), abstract: parse(abstract), claims: parse(claims) });
      }
    }
    return found;
  };
}

/**
 * Called in a search worker thread (@patlas/engine createPooledEngine's `textSource.module`): its
 * own read-only connection to the app database file.
 */
export function openTextSource(file: unknown): PatentTextReader {
  if (typeof file !== 'string') throw new Error('openTextSource: the app database file');
  const sqlite = new BetterSqlite3(file, { readonly: true });
  sqlite.pragma('busy_timeout = 5000');
  return patentTextReader(sqlite);
}
