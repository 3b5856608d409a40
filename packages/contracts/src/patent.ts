import { z } from 'zod';
import { CompanyInfoSchema } from './company-info.js';
import { ProblemMeansEffectSchema } from './problem-means-effect.js';
import { MAX_READING_MARK_LOOKUP } from './limits.js';

/**
 * The canonical patent record (spec 2 §3 "Patent" and its related records).
 * Every importer produces this shape; the store keeps it whole; the detail API answers it.
 * Real records are partial: every field except the publication number is optional, and
 * screens show what is there and leave out what is not.
 */

/** Spec 1 §3 "Patent types: invention application, invention grant, utility model, design, other". */
export const PATENT_TYPES = ['invention_application', 'invention_grant', 'utility_model', 'design', 'other'] as const;
export const PatentTypeSchema = z.enum(PATENT_TYPES);
export type PatentType = z.infer<typeof PatentTypeSchema>;

export const PARTY_TYPES = ['company', 'university', 'institute', 'person', 'government', 'other'] as const;
export const PartyTypeSchema = z.enum(PARTY_TYPES);

/** ISO date `YYYY-MM-DD`. */
export const IsoDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD');

/** A text in its original language plus any translations, keyed by language (zh, en, de, fr, ja…). */
export const LocalizedTextSchema = z.object({
  lang: z.string().min(2).max(8).optional(),
  text: z.string(),
  translations: z.record(z.string(), z.string()).optional(),
});
export type LocalizedText = z.infer<typeof LocalizedTextSchema>;

export const PartySchema = z.object({
  name: z.string().min(1),
  nameTranslated: z.string().optional(),
  type: PartyTypeSchema.optional(),
  address: z.string().optional(),
  country: z.string().optional(),
  province: z.string().optional(),
  city: z.string().optional(),
  /** County-level division (区县), as the source writes it: 铜梁区. */
  district: z.string().optional(),
  /** The source's standardised name for the party (标准化申请人: `中科创达软件股份有限公司`, `[丰田公司-C]`). */
  standardName: z.string().optional(),
});
export type Party = z.infer<typeof PartySchema>;

export const ClassificationsSchema = z.object({
  /** IPC symbols, e.g. H01M4/525; the first is the main class unless ipcMain says otherwise. */
  ipc: z.array(z.string()).optional(),
  ipcMain: z.string().optional(),
  cpc: z.array(z.string()).optional(),
  loc: z.array(z.string()).optional(),
  upc: z.array(z.string()).optional(),
  fi: z.array(z.string()).optional(),
  fterm: z.array(z.string()).optional(),
});
export type Classifications = z.infer<typeof ClassificationsSchema>;

export const CitationSchema = z.object({
  number: z.string().min(1),
  country: z.string().optional(),
  kind: z.string().optional(),
  date: z.string().optional(),
  /** who cited it: examiner, applicant, other */
  category: z.string().optional(),
  /** patentee or first-named inventor the citing office gives for a patent citation */
  applicant: z.string().optional(),
  /** non-patent literature text, when the citation is not a patent */
  text: z.string().optional(),
});
export type Citation = z.infer<typeof CitationSchema>;

export const LegalEventSchema = z.object({
  date: z.string().optional(),
  code: z.string().optional(),
  description: z.string().optional(),
  country: z.string().optional(),
});

export const LitigationSchema = z.object({
  caseNumber: z.string().optional(),
  court: z.string().optional(),
  judge: z.string().optional(),
  plaintiff: z.string().optional(),
  defendant: z.string().optional(),
  filingDate: z.string().optional(),
  hearingDate: z.string().optional(),
  verdictDate: z.string().optional(),
  closingDate: z.string().optional(),
  damages: z.string().optional(),
  outcome: z.string().optional(),
});
export const LicenseSchema = z.object({
  licensor: z.string().optional(),
  licensee: z.string().optional(),
  licenseNumber: z.string().optional(),
  exclusivity: z.string().optional(),
  effectiveDate: z.string().optional(),
});
export const AssignmentSchema = z.object({
  assignor: z.string().optional(),
  assignee: z.string().optional(),
  effectiveDate: z.string().optional(),
  conveyance: z.string().optional(),
  reelFrame: z.string().optional(),
});
export const PledgeSchema = z.object({
  pledgor: z.string().optional(),
  pledgee: z.string().optional(),
  pledgeNumber: z.string().optional(),
  effectiveDate: z.string().optional(),
  stage: z.string().optional(),
});
export const ReexaminationSchema = z.object({
  requester: z.string().optional(),
  decisionNumber: z.string().optional(),
  decisionType: z.string().optional(),
  decisionDate: z.string().optional(),
  points: z.string().optional(),
});

/**
 * A national-defence patent declassified and published (国防专利解密): the defence-declassified data
 * source of spec 1 §2 (/search/defense). No public source ships such records; importers take the
 * flag from a JSON record or a CSV/XLSX column (docs/import-formats.md). Present = declassified.
 */
export const DeclassificationSchema = z.object({
  /** Date the declassification was announced (解密公告日). */
  date: IsoDateSchema.optional(),
  /** Number of the declassification announcement or decision (解密公告号 / 决定号). */
  decisionNumber: z.string().optional(),
});
export type Declassification = z.infer<typeof DeclassificationSchema>;

export const DrawingSchema = z.object({
  /** file name under the drawings store, served at /api/product/patent/drawing/<file> */
  file: z.string().min(1),
  caption: z.string().optional(),
  width: z.number().int().optional(),
  height: z.number().int().optional(),
});
export type Drawing = z.infer<typeof DrawingSchema>;

export const PatentSchema = z.object({
  /** Publication number as published, e.g. CN117151122A, US7000000B2. The record's key. */
  publicationNumber: z.string().min(3),
  applicationNumber: z.string().optional(),
  priorityNumbers: z.array(z.string()).optional(),
  /** Kind code, e.g. A, B, U, S, B1, B2. */
  kind: z.string().optional(),
  patentType: PatentTypeSchema.optional(),
  /** Two-letter office code (CN, US, EP, WO…). */
  country: z.string().length(2),
  title: LocalizedTextSchema.optional(),
  abstract: LocalizedTextSchema.optional(),
  claims: LocalizedTextSchema.optional(),
  description: LocalizedTextSchema.optional(),
  keywords: z.array(z.string()).optional(),
  applicants: z.array(PartySchema).optional(),
  /** Original assignees / patentees (专利权人). */
  assignees: z.array(PartySchema).optional(),
  /** Current assignees (当前权利人), after transfers. */
  currentAssignees: z.array(PartySchema).optional(),
  inventors: z.array(PartySchema).optional(),
  agents: z.array(z.string()).optional(),
  agency: z.string().optional(),
  examiners: z.array(z.string()).optional(),
  applicationDate: IsoDateSchema.optional(),
  publicationDate: IsoDateSchema.optional(),
  grantDate: IsoDateSchema.optional(),
  expiryDate: IsoDateSchema.optional(),
  priorityDate: IsoDateSchema.optional(),
  classifications: ClassificationsSchema.optional(),
  /** Backward citations: what this patent cites. */
  citations: z.array(CitationSchema).optional(),
  /** Forward citations: who cites this patent (filled from the corpus at import when known). */
  citedBy: z.array(CitationSchema).optional(),
  family: z
    .object({
      simpleFamilyId: z.string().optional(),
      simple: z.array(z.string()).optional(),
      inpadocFamilyId: z.string().optional(),
      inpadoc: z.array(z.string()).optional(),
    })
    .optional(),
  /** Current legal status text, e.g. 有效 / 失效 / 审中, active / expired / pending. */
  legalStatus: z.string().optional(),
  legalEvents: z.array(LegalEventSchema).optional(),
  litigations: z.array(LitigationSchema).optional(),
  licenses: z.array(LicenseSchema).optional(),
  assignments: z.array(AssignmentSchema).optional(),
  pledges: z.array(PledgeSchema).optional(),
  reexaminations: z.array(ReexaminationSchema).optional(),
  /** Set when the record is a declassified national-defence patent (the DEF field, /search/defense). */
  declassified: DeclassificationSchema.optional(),
  drawings: z.array(DrawingSchema).optional(),
  claimCount: z.number().int().nonnegative().optional(),
  pageCount: z.number().int().nonnegative().optional(),
  /**
   * Counts a source states without listing the numbers (vendor exports): patents this one cites,
   * patents citing it, members of its simple family (itself included). Where the lists are present
   * they are the truth; these stand in when they are not.
   */
  citationCount: z.number().int().nonnegative().optional(),
  citedByCount: z.number().int().nonnegative().optional(),
  familyCount: z.number().int().nonnegative().optional(),
  /**
   * The source's own columns that no field above holds (PatSnap 专利价值, incoPat 新兴产业分类,
   * Patentics 专利度…), keyed by the column header as the source writes it.
   */
  extras: z.record(z.string(), z.string()).optional(),
  /** Where the record came from: source folder id and licence. */
  source: z.object({ id: z.string(), licence: z.string().optional(), url: z.string().optional() }).optional(),
});
export type Patent = z.infer<typeof PatentSchema>;

/**
 * The current legal status a record shows beside its number (the detail page's badge). `code`:
 * active (in force), inactive (lapsed, expired, withdrawn, refused…), pending (under examination),
 * granted (granted and within its term; in force unless fees lapsed), published (an application
 * with no grant on record), other (a wording that fits none of these).
 */
export const LEGAL_STATUS_CODES = ['active', 'inactive', 'pending', 'granted', 'published', 'other'] as const;
/**
 * How the status is known: source (the record's own legalStatus, in `text`), expiryDate (the
 * record's expiry date, in `date`), term (the statutory term counted from the application or grant
 * date, its end in `date`), kind (the kind of document: an application or a grant).
 */
export const LEGAL_STATUS_BASES = ['source', 'expiryDate', 'term', 'kind'] as const;
export const CurrentLegalStatusSchema = z.object({
  code: z.enum(LEGAL_STATUS_CODES),
  basis: z.enum(LEGAL_STATUS_BASES),
  /** The source's wording, as written (basis source). */
  text: z.string().optional(),
  /** End of protection the status rests on (basis expiryDate or term). */
  date: IsoDateSchema.optional(),
});
export type CurrentLegalStatus = z.infer<typeof CurrentLegalStatusSchema>;

/**
 * A family member as the detail page lists it: what the store holds about it when the member is
 * in the corpus (then `publicationNumber` opens it), otherwise what its number tells (country, kind).
 */
export const FamilyMemberSchema = z.object({
  /** The number as the family list writes it. */
  number: z.string(),
  /** The stored publication number, when the database holds the member. */
  publicationNumber: z.string().optional(),
  country: z.string().optional(),
  kind: z.string().optional(),
  patentType: PatentTypeSchema.optional(),
  applicationDate: IsoDateSchema.optional(),
  publicationDate: IsoDateSchema.optional(),
  title: LocalizedTextSchema.optional(),
  status: CurrentLegalStatusSchema.optional(),
});
export type FamilyMember = z.infer<typeof FamilyMemberSchema>;

/**
 * A cited or citing patent the database holds, as the citations tab lists it: enough to tell
 * what it is (title, first applicant, publication date) and to open it.
 */
export const ReferencedPatentSchema = z.object({
  publicationNumber: z.string(),
  title: LocalizedTextSchema.optional(),
  applicant: z.string().optional(),
  date: IsoDateSchema.optional(),
});
export type ReferencedPatent = z.infer<typeof ReferencedPatentSchema>;

/**
 * `POST /api/product/patent/readMark/list`: which of these patents the caller has opened (reading
 * marks, spec 2 §3/§9): the detail call marks a patent read for its caller; the newest
 * MAX_READING_MARKS stay marked.
 */
export const ReadMarkListRequestSchema = z.object({
  publicationNumbers: z.array(z.string().trim().min(1).max(64)).max(MAX_READING_MARK_LOOKUP),
});
export const ReadMarkListResponseSchema = z.object({
  /** The given numbers the caller has opened, each with when it was last opened (ISO). */
  read: z.array(z.object({ publicationNumber: z.string(), readAt: z.string() })),
});
export type ReadMarkListResponse = z.infer<typeof ReadMarkListResponseSchema>;

export const PatentDetailQuerySchema = z.object({
  pn: z.string().trim().min(1).max(64),
});

/**
 * `GET /api/product/patent/detail?pn=` answers the whole record plus `held`: for every number
 * the record refers to (citations, cited-by, family members, priorities) that the database
 * holds, the publication number to open its detail page with (a number written with another kind
 * than the held publication's, CN114291051B against CN114291051A, is not held); the current
 * legal status; country, kind, dates and title of each family member; and title, applicant and
 * date of each held citation (`referenced`).
 */
export const PatentDetailSchema = PatentSchema.extend({
  held: z.record(z.string(), z.string()),
  /** The badge beside the number; absent when neither the record nor its kind tells. */
  currentStatus: CurrentLegalStatusSchema.optional(),
  /** For a record with no title: the abstract's first sentence (titleFromAbstract), shown marked "from abstract". */
  abstractTitle: z.string().optional(),
  /** Every simple and INPADOC family member, keyed by the number as the family lists write it. */
  familyMembers: z.record(z.string(), FamilyMemberSchema).optional(),
  /**
   * Every cited and citing patent the database holds, keyed by its stored publication number (a
   * value of `held`); a citation whose number is not here is not in this database.
   */
  referenced: z.record(z.string(), ReferencedPatentSchema).optional(),
  /** Technical problem, means and effect read from the texts (the TPROB / TMEANS / TEFFECT fields; docs/problem-means-effect.md). */
  problemMeansEffect: ProblemMeansEffectSchema.optional(),
  /**
   * What the operators' company information file says of the applicants it holds, keyed by the
   * applicant's name as the record writes it (docs/company-fields.md); absent when it holds none.
   */
  companyInfo: z.record(z.string(), CompanyInfoSchema).optional(),
});
export type PatentDetail = z.infer<typeof PatentDetailSchema>;

/** `POST /api/product/patent/drawings`: the drawings of a page of results (the all-drawings view). */
export const PatentDrawingsRequestSchema = z.object({
  publicationNumbers: z.array(z.string().min(3).max(64)).min(1).max(100),
});
export const PatentDrawingsResponseSchema = z.object({
  items: z.record(z.string(), z.array(DrawingSchema)),
});
