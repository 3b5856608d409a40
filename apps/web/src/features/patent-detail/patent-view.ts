import type { Citation, LocalizedText, Patent, PatentDetail } from '@patlas/contracts';

/** The detail page's tabs, in display order; each is a URL (`tab` query parameter). */
export const DETAIL_TABS = ['basic', 'legal', 'drawings', 'fulltext', 'family', 'citations', 'value'] as const;
export type DetailTab = (typeof DETAIL_TABS)[number];

export function isDetailTab(value: string | null): value is DetailTab {
  return (DETAIL_TABS as readonly string[]).includes(value ?? '');
}

/** A trimmed string, or undefined when there is nothing to show. */
export function present(value: string | undefined | null): string | undefined {
  const text = value?.trim();
  return text ? text : undefined;
}

/** The kind code of a record: as stated, or the one its publication number ends with (CN117151122A → A). */
export function kindOf(patent: Pick<Patent, 'kind' | 'publicationNumber'>): string | undefined {
  return present(patent.kind) ?? /\d([A-Z]\d?)$/.exec(patent.publicationNumber.trim().toUpperCase())?.[1];
}

/** The non-blank strings of a list. */
export function presentList(values: readonly (string | undefined | null)[] | undefined): string[] {
  return (values ?? []).map(present).filter((v): v is string => v !== undefined);
}

export interface ShownText {
  original?: string;
  translation?: string;
}

/**
 * A text as written plus one translation: the one in the UI language if the record has it,
 * otherwise any other language; never a "translation" equal to the original.
 */
export function shownText(text: LocalizedText | undefined, uiLang: string): ShownText {
  const original = present(text?.text);
  const translations = Object.entries(text?.translations ?? {})
    .filter(([lang, value]) => lang !== text?.lang && present(value) && present(value) !== original)
    .map(([lang, value]) => ({ lang, value: present(value) ?? '' }));
  const preferred = translations.find((tr) => tr.lang === uiLang) ?? translations[0];
  return { ...(original ? { original } : {}), ...(preferred ? { translation: preferred.value } : {}) };
}

/** The number of a citation as people write it: country + number + kind (US3382682A). */
export function citationNumber(citation: Citation): string {
  const number = citation.number.trim();
  const country = citation.country?.trim().toUpperCase();
  const kind = citation.kind?.trim();
  const hasCountry = /^[A-Z]{2}/i.test(number);
  const withCountry = hasCountry || !country ? number : `${country}${number}`;
  return kind && !withCountry.toUpperCase().endsWith(kind.toUpperCase()) ? `${withCountry}${kind}` : withCountry;
}

/** The publication number to open for a referenced number, when the database holds it. */
export function heldNumber(held: PatentDetail['held'], numbers: readonly string[]): string | undefined {
  for (const number of numbers) {
    const candidates = [number, number.replace(/\s+/g, ''), number.replace(/\s+/g, '').toUpperCase()];
    for (const candidate of candidates) {
      const found = held[candidate];
      if (found) return found;
    }
  }
  return undefined;
}

/** The held number of a citation, trying the forms a server may key it by. */
export function heldCitation(held: PatentDetail['held'], citation: Citation): string | undefined {
  const country = citation.country?.trim().toUpperCase() ?? '';
  const number = citation.number.trim();
  return heldNumber(held, [number, citationNumber(citation), `${country}${number}`]);
}

export type CitationCategory = 'examiner' | 'applicant' | 'other' | 'third';

/** USPTO/EPO category wording mapped to a translatable category; unknown wording stays as written. */
export function citationCategory(category: string | undefined): CitationCategory | string | undefined {
  const text = present(category);
  if (!text) return undefined;
  const lower = text.toLowerCase();
  if (/examiner/.test(lower)) return 'examiner';
  if (/applicant/.test(lower)) return 'applicant';
  if (/third/.test(lower)) return 'third';
  if (/^cited by other$|^other$/.test(lower)) return 'other';
  return text;
}

export function isKnownCategory(value: string): value is CitationCategory {
  return value === 'examiner' || value === 'applicant' || value === 'other' || value === 'third';
}

export type StatusTone = 'success' | 'error' | 'processing' | 'default';

/** Colour of the legal status tag: in force green, dead red, pending blue. */
export function legalStatusTone(status: string | undefined): StatusTone {
  const text = present(status)?.toLowerCase();
  if (!text) return 'default';
  if (
    /失效|无效|终止|撤回|驳回|放弃|届满|expired|lapsed|withdrawn|revoked|ceased|abandoned|inactive|dead|refused/.test(
      text,
    )
  ) {
    return 'error';
  }
  if (/有效|授权|active|in force|granted|alive/.test(text)) return 'success';
  if (/审中|实审|公开|pending|examination|published/.test(text)) return 'processing';
  return 'default';
}

/** Whether a record has anything for the legal tab. */
export function hasLegalData(patent: Patent): boolean {
  return Boolean(
    present(patent.legalStatus) ||
    patent.legalEvents?.length ||
    patent.litigations?.length ||
    patent.licenses?.length ||
    patent.assignments?.length ||
    patent.pledges?.length ||
    patent.reexaminations?.length,
  );
}

/** How much each tab has: undefined = present without a count, 0 = nothing. */
export function tabCounts(patent: Patent): Record<DetailTab, number | undefined> {
  const family = new Set([...presentList(patent.family?.simple), ...presentList(patent.family?.inpadoc)]);
  return {
    basic: undefined,
    legal: hasLegalData(patent) ? undefined : 0,
    drawings: patent.drawings?.length ?? 0,
    fulltext: present(patent.claims?.text) || present(patent.description?.text) ? undefined : 0,
    family: family.size,
    citations: (patent.citations?.length ?? 0) + (patent.citedBy?.length ?? 0),
    // Every record is evaluated (from what it carries, against its cohort).
    value: undefined,
  };
}

/**
 * Counts the source states where it lists nothing (vendor exports: 引用专利数 11, 简单同族数 4
 * and no numbers): a count per list the record lacks, absent when the list is there or no count is.
 */
export interface StatedCounts {
  citations?: number;
  citedBy?: number;
  family?: number;
}

export function statedCounts(patent: Patent): StatedCounts {
  const out: StatedCounts = {};
  if (!patent.citations?.length && patent.citationCount !== undefined) out.citations = patent.citationCount;
  if (!patent.citedBy?.length && patent.citedByCount !== undefined) out.citedBy = patent.citedByCount;
  const hasFamily = presentList(patent.family?.simple).length > 0 || presentList(patent.family?.inpadoc).length > 0;
  if (!hasFamily && patent.familyCount !== undefined) out.family = patent.familyCount;
  return out;
}

/** The count a tab shows when the source states one but lists nothing (undefined otherwise). */
export function statedTabCount(patent: Patent, tab: DetailTab): number | undefined {
  const stated = statedCounts(patent);
  if (tab === 'family') return stated.family || undefined;
  if (tab === 'citations') {
    const total = (stated.citations ?? 0) + (stated.citedBy ?? 0);
    return total > 0 ? total : undefined;
  }
  return undefined;
}

/**
 * Claims as numbered paragraphs. Sources either keep one claim per line or run them together
 * ("…处理。2.根据权利要求1…"); the latter is split before a claim number that follows a sentence end.
 */
export function claimParagraphs(text: string): string[] {
  const lines = text
    .split(/\r?\n+/)
    .map((l) => l.trim())
    .filter(Boolean);
  if (lines.length > 1) return lines;
  return text
    .split(/(?<=[。.;；])\s*(?=\d{1,3}\s*[.．、]\s*\D)/)
    .map((l) => l.trim())
    .filter(Boolean);
}

/** A long text as paragraphs, one per line of the source. */
export function paragraphs(text: string): string[] {
  return text
    .split(/\r?\n+/)
    .map((l) => l.trim())
    .filter(Boolean);
}

/**
 * A description as paragraphs: one per line of the source, and one per paragraph number where the
 * source runs numbered paragraphs together on one line (Patentics 实施例: `[0053] 实施例一 [0054] …`).
 */
export function descriptionParagraphs(text: string): string[] {
  return paragraphs(text.replace(/<br\s*\/?>/gi, '\n'))
    .flatMap((line) => line.split(/\s*(?=[[【]\d{4}[\]】])/))
    .map((p) => p.replace(/^[\s\u3000]+/, '').trim())
    .filter(Boolean);
}

export interface ClaimBlock {
  /** The claim's number: as written at its start, otherwise its place in the list. */
  number: number;
  /** The claim as written (its number kept when the source wrote one). */
  text: string;
  /** Whether the text starts with its number. */
  numbered: boolean;
  /** The claim it refers back to, for a dependent claim (根据权利要求1所述…, The method of claim 1…). */
  dependsOn?: number;
}

const CLAIM_REFERENCE = /(?:权利要求|claims?\s+)\s*(\d{1,3})/i;

/**
 * Claims as blocks: each numbered, a dependent claim with the claim it refers to. A line that does
 * not start with a claim number continues the claim before it (a US claim's sub-items).
 */
export function claimBlocks(text: string): ClaimBlock[] {
  const blocks: ClaimBlock[] = [];
  for (const paragraph of claimParagraphs(text.replace(/<br\s*\/?>/gi, '\n'))) {
    const lead = /^(\d{1,3})\s*[.．、]/.exec(paragraph);
    const previous = blocks[blocks.length - 1];
    if (!lead && previous) {
      previous.text = `${previous.text}\n${paragraph}`;
      continue;
    }
    const number = lead ? Number(lead[1]) : blocks.length + 1;
    const ref = CLAIM_REFERENCE.exec(lead ? paragraph.slice(lead[0].length) : paragraph);
    const dependsOn = ref ? Number(ref[1]) : undefined;
    blocks.push({
      number,
      text: paragraph,
      numbered: Boolean(lead),
      ...(dependsOn !== undefined && dependsOn < number ? { dependsOn } : {}),
    });
  }
  return blocks;
}
