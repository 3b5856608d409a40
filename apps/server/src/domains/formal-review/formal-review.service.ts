import {
  applicationLength,
  MAX_ABNORMAL_APPLICANT_FILINGS,
  MAX_DUPLICATE_TEXT_LENGTH,
  MAX_FORMAL_REVIEW_TEXT_LENGTH,
  MAX_PAGE_SIZE,
  type AbnormalSignal,
  type AbnormalSignalsResponse,
  type ApplicationText,
  type FormalReviewResponse,
  type Language,
  type SignalPatent,
} from '@patlas/contracts';
import type { CpuPool } from '../../cpu/cpu-pool.js';
import { AppError } from '../../errors.js';
import type { AuthContext } from '../../kernel/access.plugin.js';
import type { Clock } from '../../kernel/clock.js';
import type { DuplicateService } from '../duplicate/index.js';
import {
  ABNORMAL_THRESHOLDS,
  batchSignals,
  copiedPassages,
  copiedTextSignal,
  filingsToAlign,
  findBatches,
  joinSections,
  sameApplicantSignal,
  type AlignedPatent,
  type ApplicantFiling,
} from '../pre-evaluation/index.js';
import type { SearchService } from '../search/index.js';

export interface FormalReviewServiceDeps {
  search: SearchService;
  duplicate: DuplicateService;
  /** The CPU workers: the formal rules run there, off the HTTP thread. */
  cpu: CpuPool;
  now: Clock;
}

/** What the abnormal signals are asked: the text, its applicant and filing date (default today). */
export interface AbnormalInput extends ApplicationText {
  applicant: string;
  filingDate?: string | undefined;
}

/**
 * The formal review's live check and the abnormal-application signals (issue 22): the rules and
 * signals themselves are pure (pre-evaluation/formal-review/, abnormal-signals.ts); this service
 * checks the input and gathers what the signals read — the applicant's filings through the search
 * service, alignments through the duplicate service.
 */
export class FormalReviewService {
  constructor(private readonly deps: FormalReviewServiceDeps) {}

  private checkLength(text: ApplicationText): void {
    const length = applicationLength(text);
    if (length > MAX_FORMAL_REVIEW_TEXT_LENGTH) {
      throw new AppError('FORMAL_TEXT_TOO_LONG', { max: MAX_FORMAL_REVIEW_TEXT_LENGTH, length });
    }
  }

  /** POST /apply/pre/formal: the findings of the formal rules, at once. */
  async review(text: ApplicationText): Promise<FormalReviewResponse> {
    this.checkLength(text);
    const started = performance.now();
    const result = await this.deps.cpu.run('formalReview', { text });
    return { ...result, tookMs: Math.round(performance.now() - started) };
  }

  /**
   * The applicant's filings in the index, newest application first, at most
   * MAX_ABNORMAL_APPLICANT_FILINGS: an applicant (PA) search for the name as a phrase.
   */
  private async applicantFilings(applicant: string, lang: Language): Promise<ApplicantFiling[]> {
    // The name as one phrase; quotes inside it would end the phrase, so they go.
    const searchExpre = `PA="${applicant.replace(/["“”]/g, ' ').trim()}"`;
    const filings: ApplicantFiling[] = [];
    for (let page = 1; filings.length < MAX_ABNORMAL_APPLICANT_FILINGS; page++) {
      const result = await this.deps.search.search(
        {
          searchExpre,
          page,
          pageSize: MAX_PAGE_SIZE,
          sort: { field: 'AD', order: 'desc' },
          mergeType: 0,
          filters: [],
          facets: [],
          highlight: false,
        },
        lang,
      );
      for (const hit of result.items) {
        filings.push({
          publicationNumber: hit.publicationNumber,
          title: hit.title ?? null,
          abstract: hit.abstract ?? null,
          applicants: hit.applicants,
          applicationDate: hit.applicationDate ?? null,
        });
      }
      if (result.items.length < MAX_PAGE_SIZE || page * MAX_PAGE_SIZE >= result.total) break;
    }
    return filings.slice(0, MAX_ABNORMAL_APPLICANT_FILINGS);
  }

  /** The text aligned with the given patents by the duplicate check (none given: none aligned). */
  private async align(auth: AuthContext, text: string, numbers: readonly string[], lang: Language) {
    if (numbers.length === 0) return [];
    const result = await this.deps.duplicate.quickCheck(auth, { text, publicationNumbers: numbers }, lang);
    return result.patents.map((p) => ({
      patent: {
        publicationNumber: p.publicationNumber,
        title: p.title,
        applicants: p.applicants,
        applicationDate: p.applicationDate,
      } satisfies SignalPatent,
      similarity: p.similarity,
      matchedSentences: p.matchedSentences,
      evidence: p.evidence,
    }));
  }

  /** POST /apply/pre/abnormal: the signals, each with its evidence. */
  async abnormal(auth: AuthContext, input: AbnormalInput, lang: Language): Promise<AbnormalSignalsResponse> {
    const started = performance.now();
    const applicant = input.applicant.trim();
    if (applicant === '') throw new AppError('ABNORMAL_APPLICANT_REQUIRED');
    const text: ApplicationText = {
      title: input.title,
      abstract: input.abstract,
      claims: input.claims,
      description: input.description,
    };
    this.checkLength(text);
    const joined = joinSections(text, MAX_DUPLICATE_TEXT_LENGTH);
    if (joined.text.trim() === '') throw new AppError('ABNORMAL_TEXT_EMPTY');
    const filingDate = input.filingDate ?? this.deps.now().toISOString().slice(0, 10);

    const filings = await this.applicantFilings(applicant, lang);
    const earlier = filings.filter((f) => f.applicationDate === null || f.applicationDate <= filingDate);
    const toAlign = filingsToAlign(joined.text, earlier);
    const alignedOwn = await this.align(auth, joined.text, toAlign, lang);
    const signals: AbnormalSignal[] = [];
    const duplicate = sameApplicantSignal(alignedOwn);
    if (duplicate) signals.push(duplicate);

    const batches = findBatches([
      { publicationNumber: null, title: text.title, abstract: text.abstract, applicationDate: filingDate },
      ...filings,
    ]);
    signals.push(...batchSignals(batches));

    // Copies of the applicant's own filings are the first signal's; here, other patents.
    const own = new Set(filings.map((f) => f.publicationNumber));
    const candidates = (await this.deps.duplicate.similarNumbers(joined.text, ABNORMAL_THRESHOLDS.copiedCandidates))
      .filter((n) => !own.has(n))
      .slice(0, ABNORMAL_THRESHOLDS.copiedCandidates);
    const alignedCorpus: AlignedPatent[] = await this.align(auth, joined.text, candidates, lang);
    const copied = copiedTextSignal(joined, copiedPassages(joined, alignedCorpus));
    if (copied) signals.push(copied);

    return {
      applicant,
      filingDate,
      signals,
      checked: {
        applicantFilings: filings.length,
        alignedFilings: toAlign.length,
        corpusCandidates: candidates.length,
        alignedChars: joined.text.length,
        truncated: joined.fullLength > joined.text.length,
      },
      tookMs: Math.round(performance.now() - started),
    };
  }
}
