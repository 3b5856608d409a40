import {
  MAX_REPORT_RANGE_UNITS,
  MAX_REPORT_TITLE_LENGTH,
  REPORT_SECTIONS,
  rangeIndex,
  rangeUnits,
  type AnalysisResultSet,
  type Language,
  type ReportCreateRequest,
  type ReportOrigin,
  type ReportRangeUnit,
  type ReportSection,
  type ReportTimeRange,
} from '@patlas/contracts';

/** What a page hands the report dialog: its set, where it came from and how the user knows it. */
export interface ReportPreset {
  set: AnalysisResultSet;
  origin: ReportOrigin;
  /** The expression, the library's or the company's name: the default title and the list's "set". */
  label: string;
}

export interface ReportFormValues {
  title: string;
  lang: Language;
  sections: ReportSection[];
  unit: ReportRangeUnit;
  /** Range ends in the unit's notation (2021, 2021Q1, 2021-03); both empty: no range. */
  from?: string;
  to?: string;
}

export type ReportFormField = 'title' | 'sections' | 'range';

/** The title a report starts with: the set's label, cut to the spec's 25 characters. */
export function defaultTitle(label: string): string {
  const chars = [...label.replace(/\s+/g, ' ').trim()];
  return chars.slice(0, MAX_REPORT_TITLE_LENGTH).join('');
}

export function initialValues(preset: ReportPreset, lang: Language): ReportFormValues {
  return { title: defaultTitle(preset.label), lang, sections: [...REPORT_SECTIONS], unit: 'year' };
}

/** A point of a range in the unit's notation from a calendar year and month (1–12). */
export function rangePointOf(unit: ReportRangeUnit, year: number, month: number): string {
  if (unit === 'year') return String(year);
  if (unit === 'quarter') return `${year}Q${Math.floor((month - 1) / 3) + 1}`;
  return `${year}-${String(month).padStart(2, '0')}`;
}

/** A problem of the form, keyed by the field it belongs under, as the i18n key and its values. */
export interface FormProblem {
  key: 'titleEmpty' | 'titleTooLong' | 'noSections' | 'rangeIncomplete' | 'rangeReversed' | 'rangeTooLong';
  values?: Record<string, string | number>;
}

/**
 * Spec 2 §5 checks before the request: a title (≤ 25 characters), a section, and a time range
 * that is whole (both ends or none), not backwards and at most 12 units (spec 2 §9).
 */
export function formProblems(values: ReportFormValues): Partial<Record<ReportFormField, FormProblem>> {
  const problems: Partial<Record<ReportFormField, FormProblem>> = {};
  const title = values.title.trim();
  if (!title) problems.title = { key: 'titleEmpty' };
  else if ([...title].length > MAX_REPORT_TITLE_LENGTH)
    problems.title = { key: 'titleTooLong', values: { max: MAX_REPORT_TITLE_LENGTH } };
  if (values.sections.length === 0) problems.sections = { key: 'noSections' };
  const range = timeRangeOf(values);
  if (range === 'incomplete') problems.range = { key: 'rangeIncomplete' };
  else if (range) {
    if (rangeIndex(range.unit, range.to) < rangeIndex(range.unit, range.from))
      problems.range = { key: 'rangeReversed' };
    else {
      const units = rangeUnits(range);
      if (units > MAX_REPORT_RANGE_UNITS)
        problems.range = { key: 'rangeTooLong', values: { max: MAX_REPORT_RANGE_UNITS, units, unit: range.unit } };
    }
  }
  return problems;
}

/** The range of the form: none, a whole one, or one end missing. */
export function timeRangeOf(values: ReportFormValues): ReportTimeRange | undefined | 'incomplete' {
  const from = values.from?.trim();
  const to = values.to?.trim();
  if (!from && !to) return undefined;
  if (!from || !to) return 'incomplete';
  return { unit: values.unit, from, to };
}

/** The request the dialog sends (the form has no problems). */
export function toReportRequest(values: ReportFormValues, preset: ReportPreset): ReportCreateRequest {
  const range = timeRangeOf(values);
  // Sections in the report's own order, whatever order they were ticked in.
  const sections = REPORT_SECTIONS.filter((section) => values.sections.includes(section));
  return {
    title: values.title.trim(),
    lang: values.lang,
    sections,
    ...(range && range !== 'incomplete' ? { timeRange: range } : {}),
    set: preset.set,
    origin: preset.origin,
    ...(preset.label.trim() ? { originLabel: preset.label.trim().slice(0, 500) } : {}),
  };
}
