import type { Insertable, Selectable } from 'kysely';

/** The patent store: one row per publication, the whole canonical record as JSON in `doc`. */
export interface PatentsTable {
  publication_number: string;
  country: string;
  kind: string | null;
  patent_type: string | null;
  application_number: string | null;
  title: string | null;
  application_date: string | null;
  publication_date: string | null;
  source_id: string | null;
  doc: string;
  updated_at: string;
}

/** Every normalised form a record can be found by (publication with/without kind, application number…). */
export interface PatentNumbersTable {
  number_key: string;
  publication_number: string;
}

/** Backward citations by normalised cited number, so forward citations ("cited by") are one lookup. */
export interface PatentCitationsTable {
  citing_number: string;
  cited_key: string;
}

/** Small key/value facts about this installation (e.g. which demo corpus version is loaded). */
export interface MetaTable {
  key: string;
  value: string;
}

/** Result-page states stored under a key, so a result page can be shared as a short link. */
export interface SearchStatesTable {
  key: string;
  state: string;
  created_at: string;
}

export interface Database {
  patents: PatentsTable;
  patent_numbers: PatentNumbersTable;
  patent_citations: PatentCitationsTable;
  meta: MetaTable;
  search_states: SearchStatesTable;
}

export type PatentRow = Selectable<PatentsTable>;
export type NewPatentRow = Insertable<PatentsTable>;
