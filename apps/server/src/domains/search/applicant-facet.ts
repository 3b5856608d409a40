import { APPLICANT_PAIR_SEPARATOR, type FacetField, type Facets } from '@patlas/engine';

/**
 * Most `standardised name · written name` pairs counted for a merged applicant facet: enough for
 * the variants of its 50 values (a standardised name of the demo corpus merges up to 16 spellings).
 */
export const MAX_APPLICANT_PAIRS = 2000;

/** The engine facets of a result page whose applicant facet is merged: standardised names and their pairs. */
export function mergedApplicantFacets(fields: readonly FacetField[]): FacetField[] {
  return [...fields.filter((f) => f !== 'applicant'), 'applicantStandard', 'applicantPair'];
}

/**
 * The result page's applicant facet from the standardised names (docs/companies.md, issue 43): each
 * standardised name one value, counted once per patent whichever of its spellings the patent
 * writes, with the spellings it merges as its variants (their own counts, largest first). A value
 * filters `applicantStandard`, so the count shown is the total after the click.
 */
export function mergeApplicantFacet(facets: Facets): Facets {
  const { applicantStandard = [], applicantPair = [], ...rest } = facets;
  const variants = new Map<string, { value: string; count: number }[]>();
  for (const pair of applicantPair) {
    const at = pair.value.indexOf(APPLICANT_PAIR_SEPARATOR);
    if (at < 0) continue;
    const standard = pair.value.slice(0, at);
    const written = pair.value.slice(at + APPLICANT_PAIR_SEPARATOR.length);
    const list = variants.get(standard) ?? [];
    list.push({ value: written, count: pair.count });
    variants.set(standard, list);
  }
  const applicant = applicantStandard.map((bucket) => {
    const list = variants.get(bucket.value) ?? [];
    // A name standardised only as itself merges nothing: no list.
    const merges = list.length > 1 || (list.length === 1 && list[0]?.value !== bucket.value);
    return merges ? { ...bucket, variants: list } : bucket;
  });
  return { ...rest, applicant };
}
