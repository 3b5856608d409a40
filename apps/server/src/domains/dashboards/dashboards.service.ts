import {
  CHINA_PROVINCES,
  provinceShortName,
  type AnalysisBucket,
  type AnalysisDimension,
  type AnalysisFilter,
  type DashboardEntity,
  type DashboardJumpResponse,
  type DashboardJumpTarget,
  type DashboardKind,
  type DashboardOverview,
  type DashboardRanking,
  type DashboardSubject,
  type Language,
  type PatentMapAnaly,
  type PatentMapClassification,
  type TechnologyField,
  type TermsResult,
} from '@patlas/contracts';
import { EngineError, type SearchEngine } from '@patlas/engine';
import type { QueryNode } from '@patlas/query';
import { AppError } from '../../errors.js';
import { classifyPartyType } from '../patent/import/shared/party-classify.js';
import type { SearchService } from '../search/search.service.js';
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

export class DashboardsService {
  constructor(
    private readonly engine: SearchEngine,
    private readonly search: SearchService,
  ) {}

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

  private async terms(
    ast: QueryNode,
    filters: readonly AnalysisFilter[],
    dimension: AnalysisDimension,
    limit: number,
  ): Promise<{ total: number; result: TermsResult }> {
    try {
      const response = await this.engine.aggregate(ast, { kind: 'terms', dimension, limit }, { filters });
      if (response.result.kind !== 'terms') throw new Error(`terms answered ${response.result.kind}`);
      return { total: response.total, result: response.result };
    } catch (err) {
      throw engineFailure(err);
    }
  }

  private async trend(
    ast: QueryNode,
    filters: readonly AnalysisFilter[],
    date: 'applicationYear' | 'publicationYear' = 'applicationYear',
  ): Promise<AnalysisBucket[]> {
    try {
      const response = await this.engine.aggregate(ast, { kind: 'trend', date }, { filters });
      return response.result.kind === 'trend' ? response.result.points : [];
    } catch (err) {
      throw engineFailure(err);
    }
  }

  private async count(ast: QueryNode, filters: readonly AnalysisFilter[]): Promise<number> {
    try {
      return await this.engine.count(ast, { filters });
    } catch (err) {
      throw engineFailure(err);
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
    const types = await this.terms(ast, f, 'patentType', 10);
    const grant = await this.terms(ast, f, 'grantStatus', 2);
    const legal = await this.terms(ast, f, 'legalStatusClass', 10);
    const ipc = await this.terms(ast, f, 'ipcSubclass', RANKING_SIZE);
    const inventors = await this.terms(ast, f, 'inventor', RANKING_SIZE);
    const applicants = await this.terms(ast, f, 'applicant', RANKING_SIZE + 1);
    let placeDimension: DashboardOverview['places']['dimension'] =
      subject.kind === 'province'
        ? 'applicantCity'
        : subject.kind === 'country'
          ? 'applicantCountry'
          : 'applicantProvince';
    let places = await this.terms(ast, f, placeDimension, RANKING_SIZE);
    if (places.result.covered === 0 && placeDimension === 'applicantProvince') {
      // A university or company outside China: where its co-applicants are, by country.
      placeDimension = 'applicantCountry';
      places = await this.terms(ast, f, placeDimension, RANKING_SIZE);
    }
    const countOf = (r: TermsResult, ...keys: string[]) =>
      r.buckets.filter((b) => keys.includes(b.key)).reduce((n, b) => n + b.count, 0);
    const overview: DashboardOverview = {
      subject,
      base: set,
      kpis: {
        patents: types.total,
        inventions: countOf(types.result, 'invention_application', 'invention_grant'),
        granted: countOf(grant.result, 'granted'),
        valid: countOf(legal.result, 'valid'),
        inventors: inventors.result.distinct,
        applicants: applicants.result.distinct,
      },
      trend: await this.trend(ast, f),
      publicationTrend: await this.trend(ast, f, 'publicationYear'),
      patentTypes: types.result.buckets,
      legalStatus: legal.result.buckets,
      technologies: this.ranking(ipc.result),
      inventors: this.ranking(inventors.result),
      applicants: this.ranking(applicants.result, own),
      places: { dimension: placeDimension, ...this.ranking(places.result) },
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
    const ipc = await this.terms(ast, set.filters, 'ipcSubclass', RANKING_SIZE);
    const cities = await this.terms(ast, set.filters, 'applicantCity', RANKING_SIZE);
    return {
      province,
      total: ipc.total,
      universityPatents,
      universities: universities.slice(0, limit),
      trend: await this.trend(ast, set.filters),
      technologies: this.ranking(ipc.result),
      cities: this.ranking(cities.result),
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

/** Engine refusals → catalogue errors (analysis over more than 1,000,000 patents: the spec's message). */
function engineFailure(err: unknown): unknown {
  if (!(err instanceof EngineError)) return err;
  if (err.code === 'ANALYSIS_TOO_MANY') return new AppError('ANALYSIS_TOO_MANY', { max: '1,000,000', ...err.params });
  return new AppError(err.code, { field: '', term: '', ...err.params });
}
