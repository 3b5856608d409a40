import {
  CHINA_PROVINCES,
  provinceShortName,
  type AnalysisBucket,
  type AnalysisDimension,
  type AnalysisFilter,
  type AnalysisResult,
  type AnalysisSpec,
  type DashboardAwards,
  type DashboardEntity,
  type DashboardJumpResponse,
  type DashboardJumpTarget,
  type DashboardKind,
  type DashboardOverview,
  type DashboardRanking,
  type DashboardSubject,
  type Language,
  type PatentAward,
  type PatentMapAnaly,
  type PatentMapClassification,
  type TechnologyField,
  type TermsResult,
} from '@patlas/contracts';
import type { SearchEngine } from '@patlas/engine';
import { makeAnd, type QueryNode } from '@patlas/query';
import { AppError } from '../../errors.js';
import { classifyPartyType } from '../patent/index.js';
import { toAppError, type SearchService } from '../search/index.js';
import {
  andExpressions,
  CHINA_EXPRESSION,
  CHINA_FILTER,
  COMPANY_EXPRESSION,
  normalisedSubject,
  requireProvince,
  subjectSet,
  UNIVERSITY_EXPRESSION,
  withField,
  type DashboardSet,
} from './dashboard-sets.js';

/** Awarded patents a dashboard lists (the count covers them all). */
const AWARD_LIST_SIZE = 50;

/** Awards of stored patents (domains/award AwardService.awardsOf). */
export type AwardLookup = (publicationNumbers: readonly string[]) => Promise<Map<string, PatentAward[]>>;

/** Rows of each ranking on a dashboard. */
const RANKING_SIZE = 10;
/** Applicants ranked before keeping the universities or companies among them. */
const CANDIDATE_APPLICANTS = 500;
/** Offices the region picker offers (those with patents in the index are listed, with their counts). */
const OFFICES = [
  'CN', 'US', 'EP', 'WO', 'JP', 'KR', 'DE', 'GB', 'FR', 'TW', 'HK', 'MO', 'CA', 'AU', 'IN', 'RU', 'BR', 'IT', 'ES',
  'NL', 'SE', 'CH', 'AT', 'BE', 'DK', 'FI', 'NO', 'IL', 'SG', 'MX', 'ZA', 'NZ',
] as const; // prettier-ignore

/** Which subjects each dashboard kind shows. */
const KIND_SUBJECTS: Record<DashboardKind, readonly DashboardSubject['kind'][]> = {
  region: ['province', 'country'],
  cu: ['university'],
  co: ['company'],
};

function foldCase(text: string): string {
  return text.normalize('NFKC').toLowerCase();
}

/** The value a subject's dashboard is about in the applicant ranking (left out of its co-applicants). */
function ownApplicant(subject: DashboardSubject): string | undefined {
  return subject.kind === 'university' || subject.kind === 'company' ? subject.name : undefined;
}

function termsSpec(dimension: AnalysisDimension, limit: number): AnalysisSpec {
  return { kind: 'terms', dimension, limit };
}

function termsOf(result: AnalysisResult): TermsResult {
  if (result.kind !== 'terms') throw new Error(`terms answered ${result.kind}`);
  return result;
}

function pointsOf(result: AnalysisResult): AnalysisBucket[] {
  return result.kind === 'trend' ? result.points : [];
}

export class DashboardsService {
  constructor(
    private readonly engine: SearchEngine,
    private readonly search: SearchService,
    private readonly awardsOf?: { awardsOf: AwardLookup; names: () => Promise<string[]> },
  ) {}

  /**
   * The awarded patents of a university's or company's set (the AWARD field, docs/awards.md):
   * their count, the count per award and the newest AWARD_LIST_SIZE with their awards. The result
   * page of them all is the set's expression AND `AWARD=*` with the set's filters.
   */
  async awards(subjectIn: DashboardSubject, field: TechnologyField | undefined, lang: Language) {
    const subject = normalisedSubject(subjectIn, lang);
    const set = subjectSet(subject, field, lang);
    const searchExpre = andExpressions([set.searchExpre, 'AWARD=*']);
    const ast = makeAnd([this.search.parse(set.searchExpre, lang), this.search.parse('AWARD=*', lang)]);
    let page;
    try {
      page = await this.engine.search({
        ast,
        filters: set.filters,
        page: 1,
        pageSize: AWARD_LIST_SIZE,
        sort: { field: 'PD', order: 'desc' },
      });
    } catch (err) {
      throw toAppError(err);
    }
    const numbers = page.items.map((h) => h.publicationNumber);
    const awards = (await this.awardsOf?.awardsOf(numbers)) ?? new Map<string, PatentAward[]>();
    const byAward = new Map<string, number>();
    if (page.total > 0) {
      // Per award over the whole set, not only the listed page: one count per award of the list.
      for (const name of (await this.awardsOf?.names()) ?? []) {
        const condition = this.search.parse(`AWARD="${name.replace(/"/g, ' ')}"`, lang);
        byAward.set(name, await this.count(makeAnd([ast, condition]), set.filters));
      }
    }
    const result: DashboardAwards & { searchExpre: string; filters: AnalysisFilter[] } = {
      total: page.total,
      byAward: [...byAward]
        .filter(([, count]) => count > 0)
        .map(([award, count]) => ({ award, count }))
        .sort((a, b) => b.count - a.count),
      items: page.items.map((h) => ({
        publicationNumber: h.publicationNumber,
        title: h.title ?? null,
        awards: awards.get(h.publicationNumber) ?? [],
      })),
      searchExpre,
      filters: set.filters,
    };
    return result;
  }

  /** A 400 when a dashboard kind is asked about a subject it does not show (the cu routes are for universities). */
  checkKind(kind: DashboardKind, subject: DashboardSubject, lang: Language): void {
    if (!KIND_SUBJECTS[kind].includes(subject.kind)) {
      throw new AppError('VALIDATION_FAILED', {
        field: 'subject.kind',
        reason:
          lang === 'zh' ? `应为 ${KIND_SUBJECTS[kind].join(' / ')}` : `must be ${KIND_SUBJECTS[kind].join(' or ')}`,
      });
    }
  }

  /** Several figures of one set, its patents found once (the engine's aggregateEach). */
  private async figures<K extends string>(
    ast: QueryNode,
    filters: readonly AnalysisFilter[],
    specs: Record<K, AnalysisSpec>,
  ): Promise<{ total: number; results: Record<K, AnalysisResult> }> {
    const keys = Object.keys(specs) as K[];
    try {
      const response = await this.engine.aggregateEach(
        ast,
        keys.map((key) => specs[key]),
        { filters },
      );
      const results = Object.fromEntries(keys.map((key, i) => [key, response.results[i]])) as Record<K, AnalysisResult>;
      return { total: response.total, results };
    } catch (err) {
      throw toAppError(err);
    }
  }

  private async terms(
    ast: QueryNode,
    filters: readonly AnalysisFilter[],
    dimension: AnalysisDimension,
    limit: number,
  ): Promise<{ total: number; result: TermsResult }> {
    const { total, results } = await this.figures(ast, filters, { ranking: termsSpec(dimension, limit) });
    return { total, result: termsOf(results.ranking) };
  }

  private async count(ast: QueryNode, filters: readonly AnalysisFilter[]): Promise<number> {
    try {
      return await this.engine.count(ast, { filters });
    } catch (err) {
      throw toAppError(err);
    }
  }

  private ranking(result: TermsResult, leaveOut?: string): DashboardRanking {
    const buckets = result.buckets.filter((b) => b.key !== leaveOut).slice(0, RANKING_SIZE);
    const left = leaveOut !== undefined && result.buckets.some((b) => b.key === leaveOut) ? 1 : 0;
    return { buckets, distinct: result.distinct - left };
  }

  /** Everything a region, university or company dashboard shows. */
  async overview(subjectIn: DashboardSubject, field: TechnologyField | undefined, lang: Language) {
    const started = performance.now();
    const subject = normalisedSubject(subjectIn, lang);
    const set = subjectSet(subject, field, lang);
    const ast = this.search.parse(set.searchExpre, lang);
    const f = set.filters;
    const own = ownApplicant(subject);
    const ownPlace: DashboardOverview['places']['dimension'] =
      subject.kind === 'province'
        ? 'applicantCity'
        : subject.kind === 'country'
          ? 'applicantCountry'
          : 'applicantProvince';
    // A standardised company's own spellings share its standardised name: rank co-applicants by theirs.
    const applicantsBy = subject.kind === 'company' && subject.standard ? 'applicantStandard' : 'applicant';
    const { total, results } = await this.figures(ast, f, {
      types: termsSpec('patentType', 10),
      grant: termsSpec('grantStatus', 2),
      legal: termsSpec('legalStatusClass', 10),
      ipc: termsSpec('ipcSubclass', RANKING_SIZE),
      inventors: termsSpec('inventor', RANKING_SIZE),
      applicants: termsSpec(applicantsBy, RANKING_SIZE + 1),
      places: termsSpec(ownPlace, RANKING_SIZE),
      countries: termsSpec('applicantCountry', RANKING_SIZE),
      trend: { kind: 'trend', date: 'applicationYear' },
      publicationTrend: { kind: 'trend', date: 'publicationYear' },
    });
    const types = termsOf(results.types);
    const legal = termsOf(results.legal);
    const inventors = termsOf(results.inventors);
    const applicants = termsOf(results.applicants);
    let placeDimension = ownPlace;
    let places = termsOf(results.places);
    if (places.covered === 0 && placeDimension === 'applicantProvince') {
      // A university or company outside China: where its co-applicants are, by country.
      placeDimension = 'applicantCountry';
      places = termsOf(results.countries);
    }
    const countOf = (r: TermsResult, ...keys: string[]) =>
      r.buckets.filter((b) => keys.includes(b.key)).reduce((n, b) => n + b.count, 0);
    const overview: DashboardOverview = {
      subject,
      base: set,
      kpis: {
        patents: total,
        inventions: countOf(types, 'invention_application', 'invention_grant'),
        granted: countOf(termsOf(results.grant), 'granted'),
        valid: countOf(legal, 'valid'),
        inventors: inventors.distinct,
        applicants: applicants.distinct,
      },
      trend: pointsOf(results.trend),
      publicationTrend: pointsOf(results.publicationTrend),
      patentTypes: types.buckets,
      legalStatus: legal.buckets,
      technologies: this.ranking(termsOf(results.ipc)),
      inventors: this.ranking(inventors),
      applicants: this.ranking(applicants, own),
      ...(applicantsBy === 'applicantStandard' ? { applicantsBy } : {}),
      places: { dimension: placeDimension, ...this.ranking(places) },
      tookMs: Math.round(performance.now() - started),
    };
    return overview;
  }

  /** The result page of a set + one figure, with the total that page shows. */
  async jumpOf(
    set: DashboardSet,
    target: DashboardJumpTarget | undefined,
    lang: Language,
  ): Promise<DashboardJumpResponse> {
    const filters: AnalysisFilter[] = [...set.filters];
    if (target?.kind === 'bucket') filters.push({ field: target.dimension, values: [...target.keys] });
    const ast = this.search.parse(set.searchExpre, lang);
    return { searchExpre: set.searchExpre, filters, mergeType: 0, total: await this.count(ast, filters) };
  }

  async jump(
    subject: DashboardSubject,
    field: TechnologyField | undefined,
    target: DashboardJumpTarget,
    lang: Language,
  ) {
    return this.jumpOf(subjectSet(normalisedSubject(subject, lang), field, lang), target, lang);
  }

  /** Applicants of a set classified as universities (or companies), most patents first. */
  private async applicantsOfType(
    ast: QueryNode,
    filters: readonly AnalysisFilter[],
    type: 'university' | 'company',
    q: string,
  ): Promise<AnalysisBucket[]> {
    const { result } = await this.terms(ast, filters, 'applicant', CANDIDATE_APPLICANTS);
    const needle = foldCase(q);
    return result.buckets.filter((b) => classifyPartyType(b.key) === type && foldCase(b.key).includes(needle));
  }

  /** The entity picker: universities, companies, or provinces and offices, with their patent counts. */
  async entities(kind: DashboardKind, q: string, limit: number, lang: Language): Promise<DashboardEntity[]> {
    if (kind === 'region') return this.regions(q, limit, lang);
    const type = kind === 'cu' ? 'university' : 'company';
    const narrow = kind === 'cu' ? UNIVERSITY_EXPRESSION : COMPANY_EXPRESSION;
    // The name typed, as a phrase of the applicant field, keeps the ranking to the applicants that contain it.
    const expression = q ? andExpressions([`PA=("${q.replace(/"/g, ' ')}")`, narrow]) : narrow;
    const ast = this.search.parse(expression, lang);
    const found = await this.applicantsOfType(ast, [], type, q);
    return found.slice(0, limit).map((b) => ({ subject: { kind: type, name: b.key }, name: b.key, count: b.count }));
  }

  private async regions(q: string, limit: number, lang: Language): Promise<DashboardEntity[]> {
    const needle = foldCase(q);
    const byProvince = await this.classification(undefined, lang);
    const provinces: DashboardEntity[] = byProvince.provinces
      .filter((b) => b.count > 0 && (!needle || b.key.includes(q) || provinceShortName(b.key).includes(q)))
      .map((b) => ({ subject: { kind: 'province', province: b.key }, name: b.key, count: b.count }));
    const offices = OFFICES.filter((c) => !needle || foldCase(c).includes(needle));
    const countries: DashboardEntity[] = [];
    if (offices.length > 0) {
      const ast = this.search.parse(`CC=(${offices.join(' OR ')})`, lang);
      const { result } = await this.terms(ast, [], 'country', OFFICES.length);
      for (const b of result.buckets) {
        if (b.count > 0) countries.push({ subject: { kind: 'country', country: b.key }, name: b.key, count: b.count });
      }
    }
    return [...provinces, ...countries].sort((a, b) => b.count - a.count).slice(0, limit);
  }

  // ---- /patentMap ------------------------------------------------------------------------------

  /** Patents per province of China (all 34, 0 where none), optionally in a technology field. */
  async classification(field: TechnologyField | undefined, lang: Language): Promise<PatentMapClassification> {
    const started = performance.now();
    const set = withField({ searchExpre: CHINA_EXPRESSION, filters: [CHINA_FILTER] }, field);
    const ast = this.search.parse(set.searchExpre, lang);
    const { total, result } = await this.terms(ast, set.filters, 'applicantProvince', 500);
    const counts = new Map(result.buckets.map((b) => [b.key, b.count]));
    const provinces = CHINA_PROVINCES.map((p) => ({ key: p, count: counts.get(p) ?? 0 })).sort(
      (a, b) => b.count - a.count,
    );
    return { total, provinces, tookMs: Math.round(performance.now() - started) };
  }

  /** One province of the map: its universities ranked, its trend, technologies and cities. */
  async provinceAnaly(
    provinceIn: string,
    field: TechnologyField | undefined,
    limit: number,
    lang: Language,
  ): Promise<PatentMapAnaly> {
    const started = performance.now();
    const province = requireProvince(provinceIn, lang);
    const set = subjectSet({ kind: 'province', province }, field, lang);
    const ast = this.search.parse(set.searchExpre, lang);
    const narrowed = this.search.parse(andExpressions([set.searchExpre, UNIVERSITY_EXPRESSION]), lang);
    const universities = await this.applicantsOfType(narrowed, set.filters, 'university', '');
    const universityPatents =
      universities.length === 0
        ? 0
        : await this.count(ast, [...set.filters, { field: 'applicant', values: universities.map((u) => u.key) }]);
    const { total, results } = await this.figures(ast, set.filters, {
      ipc: termsSpec('ipcSubclass', RANKING_SIZE),
      cities: termsSpec('applicantCity', RANKING_SIZE),
      trend: { kind: 'trend', date: 'applicationYear' },
    });
    return {
      province,
      total,
      universityPatents,
      universities: universities.slice(0, limit),
      trend: pointsOf(results.trend),
      technologies: this.ranking(termsOf(results.ipc)),
      cities: this.ranking(termsOf(results.cities)),
      tookMs: Math.round(performance.now() - started),
    };
  }

  /** A province of the map, or a university within it (and optionally one figure) → its result page. */
  async provinceJump(
    provinceIn: string,
    university: string | undefined,
    field: TechnologyField | undefined,
    target: DashboardJumpTarget | undefined,
    lang: Language,
  ): Promise<DashboardJumpResponse> {
    const province = requireProvince(provinceIn, lang);
    const set = subjectSet({ kind: 'province', province }, field, lang);
    const withUniversity: DashboardSet = university
      ? { ...set, filters: [...set.filters, { field: 'applicant', values: [university] }] }
      : set;
    return this.jumpOf(withUniversity, target, lang);
  }
}
