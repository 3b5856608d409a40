import {
  CHINA_PROVINCES,
  provinceFullName,
  provinceShortName,
  type AnalysisFilter,
  type DashboardSubject,
  type Language,
  type TechnologyField,
} from '@patlas/contracts';
import { AppError } from '../../errors.js';

/**
 * The result set behind a dashboard, written as a result page can hold it: an expression that
 * finds the subject's patents (the text fields match substrings, so it may find a few more) and
 * filters on the analysis dimensions that make it exact. Every figure is this set + one filter, so
 * its jump opens a result page whose total is the figure (docs/dashboards.md).
 */
export interface DashboardSet {
  searchExpre: string;
  filters: AnalysisFilter[];
}

/** A name inside a quoted phrase: the query language has no escape for `"`, and the filter is exact anyway. */
function phrase(name: string): string {
  return `"${name.replace(/"/g, ' ').trim()}"`;
}

/** AND of expression parts, each parenthesised when there are several. */
export function andExpressions(parts: readonly string[]): string {
  const kept = parts.map((p) => p.trim()).filter(Boolean);
  return kept.length === 1 ? kept[0]! : kept.map((p) => `(${p})`).join(' AND ');
}

/** The province's full name, or a 400 saying it is not one of China's 34. */
export function requireProvince(value: string, lang: Language): string {
  const full = provinceFullName(value);
  if (!full) {
    throw new AppError('VALIDATION_FAILED', {
      field: 'province',
      reason: lang === 'zh' ? `“${value}”不是中国的省级行政区` : `"${value}" is not a province of China`,
    });
  }
  return full;
}

/** Every patent with an applicant in a province of China, before the exact applicantProvince filter. */
export const CHINA_EXPRESSION = `PROV=(${CHINA_PROVINCES.map(provinceShortName).join(' OR ')})`;
export const CHINA_FILTER: AnalysisFilter = { field: 'applicantProvince', values: [...CHINA_PROVINCES] };

/**
 * Applicant names that may be universities (the words classifyPartyType looks for): narrows a set
 * before its applicants are ranked and classified by name.
 */
export const UNIVERSITY_EXPRESSION =
  'PA=(大学 OR 大學 OR 学院 OR 学校 OR 高等专科 OR university OR universität OR université OR università OR college OR polytechnic OR school OR "institute of technology")';

/** Applicant names that may be companies (legal forms and the words classifyPartyType looks for). */
export const COMPANY_EXPRESSION =
  'PA=(公司 OR 有限 OR 集团 OR 株式会社 OR 企业 OR 实业 OR 工厂 OR inc OR incorporated OR corp OR corporation OR ltd OR limited OR llc OR gmbh OR company OR plc OR holdings OR group OR technologies OR industries)';

/** The set of a dashboard subject, narrowed to a technology field when one is given. */
export function subjectSet(
  subject: DashboardSubject,
  field: TechnologyField | undefined,
  lang: Language,
): DashboardSet {
  const base = ((): DashboardSet => {
    switch (subject.kind) {
      case 'province': {
        const province = requireProvince(subject.province, lang);
        const short = provinceShortName(province);
        if (!subject.city) {
          return { searchExpre: `PROV=(${short})`, filters: [{ field: 'applicantProvince', values: [province] }] };
        }
        return {
          searchExpre: `PROV=(${short}) AND CITY=(${phrase(subject.city)})`,
          filters: [
            { field: 'applicantProvince', values: [province] },
            { field: 'applicantCity', values: [subject.city] },
          ],
        };
      }
      case 'country':
        return { searchExpre: `CC=(${subject.country})`, filters: [{ field: 'country', values: [subject.country] }] };
      case 'company':
        if (subject.standard) {
          return {
            searchExpre: `PA-STD=(${phrase(subject.name)})`,
            filters: [{ field: 'applicantStandard', values: [subject.name] }],
          };
        }
        return {
          searchExpre: `PA=(${phrase(subject.name)})`,
          filters: [{ field: 'applicant', values: [subject.name] }],
        };
      case 'university':
        return {
          searchExpre: `PA=(${phrase(subject.name)})`,
          filters: [{ field: 'applicant', values: [subject.name] }],
        };
    }
  })();
  return withField(base, field);
}

/** ANDs the technology field (an IPC prefix and/or an expression) to a set's expression. */
export function withField(set: DashboardSet, field: TechnologyField | undefined): DashboardSet {
  const parts = [set.searchExpre];
  if (field?.ipc) parts.push(`IPC=(${field.ipc.toUpperCase()})`);
  if (field?.expression) parts.push(field.expression);
  return { searchExpre: andExpressions(parts), filters: set.filters };
}

/** The subject with its province written in full (what the overview answers). */
export function normalisedSubject(subject: DashboardSubject, lang: Language): DashboardSubject {
  return subject.kind === 'province' ? { ...subject, province: requireProvince(subject.province, lang) } : subject;
}
