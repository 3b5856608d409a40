import {
  MAX_BATCH_APPLICANTS,
  MAX_BATCH_NUMBERS,
  MAX_BATCH_RECORDS,
  type BatchFoundApplicant,
  type BatchFoundRecord,
  type BatchImportResponse,
  type BatchMode,
  type BatchRecord,
  type BatchSearchResponse,
  type Language,
  type ManageBatchRecordRequest,
  type Patent,
  splitBatchApplicants,
  splitBatchNumbers,
} from '@patlas/contracts';
import { AppError } from '../../errors.js';
import type { SheetReader } from '../../files/sheet-reader.js';
import type { AuthContext } from '../../kernel/access.plugin.js';
import type { Clock } from '../../kernel/clock.js';
import type { PatentService } from '../patent/index.js';
import type { SearchService } from '../search/index.js';
import { parseTxt, parseWorkbook } from './batch-import.js';
import type { BatchRecordRepository } from './batch-record.repository.js';

/** The number lookups of the patent store (normalised keys; the engine's number rules), domains/patent. */
export type HeldNumberLookup = Pick<PatentService, 'resolveHeldNumbers' | 'getByPublicationNumbers'>;

function foundRecord(input: string, patent: Patent): BatchFoundRecord {
  return {
    input,
    publicationNumber: patent.publicationNumber,
    ...(patent.applicationNumber ? { applicationNumber: patent.applicationNumber } : {}),
    title: patent.title?.text ?? '',
    applicants: (patent.applicants ?? []).map((a) => a.name),
    ...(patent.publicationDate ? { publicationDate: patent.publicationDate } : {}),
    ...(patent.applicationDate ? { applicationDate: patent.applicationDate } : {}),
    country: patent.country,
  };
}

/** A phrase of the expression language: quotes inside a name cannot be escaped, so they are dropped. */
const phrase = (value: string) => `"${value.replace(/"/g, '')}"`;

/** Batch search by numbers or applicants (spec 1 §5), its file imports and its kept records. */
export class BatchSearchService {
  constructor(
    private readonly patents: HeldNumberLookup,
    private readonly search: SearchService,
    private readonly records: BatchRecordRepository,
    private readonly now: Clock,
    /** Reads spreadsheet imports off the HTTP thread (files/sheet-reader.ts). */
    private readonly sheets: SheetReader,
  ) {}

  async searchBatch(mode: BatchMode, text: string, lang: Language): Promise<BatchSearchResponse> {
    return mode === 'number' ? this.searchNumbers(text) : this.searchApplicants(text, lang);
  }

  private async searchNumbers(text: string): Promise<BatchSearchResponse> {
    const inputs = splitBatchNumbers(text);
    if (inputs.length === 0) throw new AppError('BATCH_EMPTY');
    if (inputs.length > MAX_BATCH_NUMBERS) {
      throw new AppError('BATCH_TOO_MANY_NUMBERS', { max: MAX_BATCH_NUMBERS, count: inputs.length });
    }
    const held = await this.patents.resolveHeldNumbers(inputs);
    const records = await this.patents.getByPublicationNumbers([...new Set(Object.values(held))]);
    const found: BatchFoundRecord[] = [];
    const notFound: string[] = [];
    const shown = new Set<string>();
    for (const input of inputs) {
      const pn = held[input];
      const patent = pn ? records.get(pn) : undefined;
      if (!patent) {
        notFound.push(input);
      } else if (!shown.has(patent.publicationNumber)) {
        // Two written forms of one number list the record once, under the first form.
        shown.add(patent.publicationNumber);
        found.push(foundRecord(input, patent));
      }
    }
    const expression = found.length > 0 ? `PN=(${found.map((f) => f.publicationNumber).join(' OR ')})` : '';
    return { mode: 'number', inputs, found, foundApplicants: [], notFound, expression };
  }

  private async searchApplicants(text: string, lang: Language): Promise<BatchSearchResponse> {
    const inputs = splitBatchApplicants(text);
    if (inputs.length === 0) throw new AppError('BATCH_EMPTY');
    if (inputs.length > MAX_BATCH_APPLICANTS) {
      throw new AppError('BATCH_TOO_MANY_APPLICANTS', { max: MAX_BATCH_APPLICANTS, count: inputs.length });
    }
    const foundApplicants: BatchFoundApplicant[] = [];
    const notFound: string[] = [];
    for (const applicant of inputs) {
      const { total } = await this.search.totalHits(`PA=${phrase(applicant)}`, undefined, 0, lang);
      if (total > 0) foundApplicants.push({ applicant, total });
      else notFound.push(applicant);
    }
    const expression =
      foundApplicants.length > 0 ? `PA=(${foundApplicants.map((f) => phrase(f.applicant)).join(' OR ')})` : '';
    return { mode: 'applicant', inputs, found: [], foundApplicants, notFound, expression };
  }

  importFile(kind: 'txt' | 'excel', file: Buffer, mode: BatchMode, lang: Language): Promise<BatchImportResponse> {
    return kind === 'txt' ? Promise.resolve(parseTxt(file, mode, lang)) : parseWorkbook(file, mode, lang, this.sheets);
  }

  private ownerOf(auth: AuthContext): string {
    if (auth.userId === null) throw new AppError('ACCOUNT_IP_VISITOR');
    return auth.userId;
  }

  async manage(auth: AuthContext, body: ManageBatchRecordRequest): Promise<{ id?: string; deleted: number }> {
    const userId = this.ownerOf(auth);
    if (body.action === 'delete') {
      const deleted = await this.records.delete(userId, body.ids);
      if (deleted === 0) throw new AppError('BATCH_RECORD_NOT_FOUND');
      return { deleted };
    }
    const id = await this.records.insert(
      userId,
      {
        mode: body.mode,
        inputs: body.inputs,
        foundCount: body.foundCount,
        notFoundCount: body.notFoundCount,
        createdAt: this.now().toISOString(),
      },
      MAX_BATCH_RECORDS,
    );
    return { id, deleted: 0 };
  }

  async list(auth: AuthContext): Promise<BatchRecord[]> {
    const rows = await this.records.list(this.ownerOf(auth));
    return rows.map((row) => ({
      id: row.id,
      mode: row.mode === 'applicant' ? 'applicant' : 'number',
      inputs: JSON.parse(row.inputs) as string[],
      foundCount: Number(row.found_count),
      notFoundCount: Number(row.not_found_count),
      createdAt: row.created_at,
    }));
  }
}
