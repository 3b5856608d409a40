import type { Generated, Insertable, Selectable } from 'kysely';
import type { TaskState } from '@patlas/contracts';

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
  /** recordVersion(doc): what the search index compares (null in rows stored before it existed). */
  version: string | null;
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

/** Citation rows of an import in progress (SQLite), merged into patent_citations at its end. */
export interface PatentCitationsStagedTable {
  batch: number;
  citing_number: string;
  cited_key: string | null;
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
  /** when the key was last saved (a search of the same state saves it again); the retention job goes by it */
  created_at: string;
}

/** An organisation; its IP ranges let visitors in without credentials (IP login). JSON columns are text. */
export interface TenantsTable {
  id: string;
  code: string;
  name: string;
  /** JSON array of CIDR strings (IPv4 and IPv6) */
  ip_ranges: string;
  /** JSON array of role ids given to IP visitors */
  ip_role_ids: string;
  online_cap: number | null;
  created_at: string;
}

/** An account. `email` is stored lower-cased; booleans are 0/1 for SQLite and PostgreSQL alike. */
export interface UsersTable {
  id: string;
  email: string;
  fullname: string;
  /** argon2id hash; null = not yet activated / no password set */
  password_hash: string | null;
  tenant_id: string;
  can_operation: number;
  disabled: number;
  /** Issue 43: 1 = self-registered while registration needed approval, not yet approved (cannot log in) */
  awaiting_approval: number;
  /** JSON object QuotaKind → limit (null = unlimited) */
  quotas: string;
  /** JSON object, the user's saved custom config (partial UserCustomConfig) */
  custom_config: string;
  created_at: string;
  last_login_at: string | null;
}

export interface RolesTable {
  id: string;
  name: string;
  description: string | null;
  /** JSON array of permission strings */
  permissions: string;
  built_in: number;
}

export interface UserRolesTable {
  user_id: string;
  role_id: string;
}

/** A login: password or IP. Only hashes of the tokens are stored. */
export interface SessionsTable {
  id: string;
  /** null for IP visitors */
  user_id: string | null;
  tenant_id: string;
  login_type: string;
  access_hash: string;
  refresh_hash: string;
  access_expires_at: string;
  refresh_expires_at: string;
  previous_access_hash: string | null;
  previous_access_expires_at: string | null;
  ip: string | null;
  created_at: string;
  ended_at: string | null;
  /** 'logout' | 'crowded_out' | 'disabled' | 'password_changed' | … */
  end_reason: string | null;
  /** The last request of the session (written at most once a minute); an idle IP session frees its seat. */
  last_seen_at: string | null;
}

/** Refresh tokens a session has rotated away (hashes): one coming back ends the session. */
export interface SessionRefreshHistoryTable {
  refresh_hash: string;
  session_id: string;
  rotated_at: string;
  expires_at: string;
}

/** Personal API tokens (`pat_…`), shown once, stored as a hash. */
export interface ApiTokensTable {
  id: string;
  user_id: string;
  name: string;
  token_hash: string;
  prefix: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
  /** when the token stops working (issue 41: chosen at creation, at most API_TOKEN_MAX_DAYS) */
  expires_at: string;
}

/** Single-use tickets that open a websocket (issue 41: no token in a URL); only hashes are stored. */
export interface SocketTicketsTable {
  ticket_hash: string;
  user_id: string;
  /** 'password' | 'apiToken' */
  login_type: string;
  session_id: string | null;
  api_token_id: string | null;
  expires_at: string;
  created_at: string;
}

/** Reading marks (spec 2 §3/§9): the patents each user opened, the newest MAX_READING_MARKS kept. */
export interface ReadingMarksTable {
  user_id: string;
  publication_number: string;
  read_at: string;
}

export interface AuditLogTable {
  id: string;
  at: string;
  action: string;
  actor_id: string | null;
  actor_email: string | null;
  target_id: string | null;
  ip: string | null;
  /** JSON object */
  detail: string;
}

/** One row per failed password login, for the temporary lockout. */
export interface LoginFailuresTable {
  email: string;
  at: string;
}

/** Login captchas: single use, short-lived; in the database so several server processes agree. */
export interface CaptchasTable {
  uuid: string;
  answer: string;
  expires_at: string;
  is_retry: number;
}

/** One-time links mailed for registration and password reset; only a hash of the token is kept. */
export interface EmailLinksTable {
  id: string;
  user_id: string;
  /** 'register' | 'reset' | 'email_change' */
  purpose: string;
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
  /** email_change: the address the account changes to when the link is opened (issue 41) */
  new_email: string | null;
}

/** Trial applications (/signUp), listed for the operators in /sys. */
export interface TryoutApplicationsTable {
  id: string;
  email: string;
  fullname: string;
  organisation: string | null;
  phone: string | null;
  purpose: string | null;
  ip: string | null;
  created_at: string;
}

/** Guide reminders a user has clicked (spec 1 §4 "Guide reminders"). */
export interface UserGuideTable {
  user_id: string;
  remind_key: string;
  clicked_at: string;
}

/** Site text served without a token (GET /system/display/copy), in `position` order. */
export interface DisplayCopyTable {
  name: string;
  content: string;
  position: number;
  updated_at: string;
}

/** Spec 1 §3 search-history entries; `content` is the whole entry as JSON. */
export interface SearchHistoryTable {
  id: string;
  user_id: string;
  no: number;
  operation_name: string;
  search_expression: string;
  result_total: string;
  content: string;
  created_at: string;
}

/** Operation history: searches, analyses, exports, favourites (record types 1–4). */
export interface OperateHistoryTable {
  id: string;
  user_id: string;
  record_type: number;
  title: string;
  router: string | null;
  result_total: string | null;
  /** JSON object */
  data: string;
  created_at: string;
}

/** Issue 17: a group of registered users, owned by its creator. */
export interface UserGroupsTable {
  id: string;
  owner_id: string;
  name: string;
  created_at: string;
}

/** A group's members (the owner included) and invited users. */
export interface UserGroupMembersTable {
  group_id: string;
  user_id: string;
  status: 'active' | 'invited';
  created_at: string;
}

/** Applicant groups (issue 46): a named set of applicant names with their variants. */
export interface ApplicantGroupsTable {
  id: string;
  owner_id: string;
  /** Chinese and uppercase letters only (spec 2 §5); unique per owner */
  name: string;
  /** JSON: [{ name, variants: string[] }] */
  members: string;
  created_at: string;
  updated_at: string;
}

/** Users an applicant group is shared with: pending until they confirm. */
export interface ApplicantGroupSharesTable {
  group_id: string;
  user_id: string;
  status: 'pending' | 'accepted';
  created_at: string;
}

/** Users a library (a top-level folder) is shared with: invited until they accept. */
export interface LibraryMembersTable {
  library_id: string;
  user_id: string;
  status: 'active' | 'invited';
  group_id: string | null;
  invited_at: string;
  joined_at: string | null;
}

/** Export field templates (spec 2 §5): at most 100 per user, names unique per user. */
export interface ExportTemplatesTable {
  id: string;
  user_id: string;
  name: string;
  /** JSON array of field ids, in export order */
  fields: string;
  created_at: string;
  updated_at: string;
}

/** Each user's order of the export fields and the last export's fields (JSON arrays; null: unset). */
export interface ExportPreferencesTable {
  user_id: string;
  field_order: string | null;
  last_fields: string | null;
  /** rows exported directly (no task), counted against the export quota */
  direct_rows: Generated<number>;
  /** rows of finished export tasks the retention job removed, still counted against the export quota (issue 41) */
  pruned_rows: Generated<number>;
  updated_at: string;
}

/**
 * The columns every document task shares (apps/server/src/tasks, issue 40): the state list and the
 * failure as a catalogue code with its parameters, translated when shown.
 */
export interface TaskColumns {
  id: string;
  state: TaskState;
  /** The translated message of a task failed before issue 40 (still shown); new failures leave it null. */
  error: string | null;
  /** ErrorCode of a failed task */
  error_code: string | null;
  /** JSON: the code's message parameters */
  error_params: string | null;
  started_at: string | null;
  finished_at: string | null;
}

/** The download centre's tasks (issue 18): one export each, run by the `export` job. */
export interface DownloadTasksTable extends TaskColumns {
  id: string;
  user_id: string;
  title: string;
  format: string;
  filename: string;
  /** JSON: the export request, its language and the caller it runs for */
  request: string;
  state: 'waiting' | 'running' | 'done' | 'failed' | 'cancelled';
  done: number;
  total: number;
  size: number | null;
  error: string | null;
  /** the complete file; null until done and once it expired */
  file_path: string | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  expires_at: string | null;
}

/** One import (demo load, CLI, upload): what alert runs compare (issue 19). */
export interface DataVersionsTable {
  id: number;
  origin: string;
  started_at: string;
  finished_at: string | null;
  inserted: number;
  updated: number;
}

/** A record an import added or changed; `fields` a bit set of what changed (alert.domain.ts). */
export interface PatentChangesTable {
  version_id: number;
  publication_number: string;
  fields: number;
}

/** A stored record's content before the data version `version_id` changed it (JSON; docs/search-as-of.md). */
export interface PatentRevisionsTable {
  version_id: number;
  publication_number: string;
  doc: string;
}

export interface AlertsTable {
  id: string;
  user_id: string;
  name: string;
  type: 'search' | 'library' | 'patents';
  /** JSON AlertContent */
  content: string;
  library_id: string | null;
  /** JSON AlertSchedule */
  schedule: string;
  /** JSON array of e-mails */
  recipients: string;
  no_update_no_mail: number;
  enabled: number;
  state: 'error' | 'notSent' | 'nextSend' | 'sent';
  watermark: number;
  since: string;
  last_run_at: string | null;
  next_run_at: string | null;
  last_run_id: string | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
}

export interface AlertRunsTable {
  id: string;
  alert_id: string;
  user_id: string;
  scheduled_for: string;
  state: 'pending' | 'evaluated' | 'done';
  from_version: number;
  to_version: number | null;
  since: string;
  ran_at: string;
  new_count: number;
  changed_count: number;
  reported: number;
  omitted: number;
  mail_state: 'pending' | 'sending' | 'sent' | 'skipped' | 'failed';
  mailed_at: string | null;
  error: string | null;
  claimed_by: string | null;
  claimed_until: string | null;
  /** JSON array of the addresses mailed so far (one mail each); null before the first (issue 41). */
  mailed_to: string | null;
}

/** An address an owner's alerts may mail once its holder confirmed it (issue 41, double opt-in). */
export interface AlertRecipientsTable {
  id: string;
  user_id: string;
  /** lower-cased */
  email: string;
  confirmed_at: string | null;
  /** SHA-256 (hex) of the newest confirmation link's token; null once confirmed. */
  token_hash: string | null;
  token_expires_at: string | null;
  created_at: string;
  updated_at: string;
}

/** Mails sent, by kind and address (and user): the caps on re-sends (issue 41). */
export interface MailSendsTable {
  id: string;
  kind: 'register' | 'reset' | 'tryout' | 'alert-confirm' | 'email-change' | 'alert-test';
  /** lower-cased */
  address: string;
  user_id: string | null;
  sent_at: string;
}

export interface AlertRunPatentsTable {
  run_id: string;
  rank: number;
  publication_number: string;
  changes: number;
}

/** Duplicate and similarity checks (domains/duplicate): the text, the state and the report. */
/** Special topics of the home page (domains/special-topic). */
export interface SpecialTopicsTable {
  id: string;
  name_zh: string;
  name_en: Generated<string>;
  expression: string;
  description_zh: Generated<string>;
  description_en: Generated<string>;
  /** file name under DATA_DIR/uploads/topics */
  picture: string | null;
  enabled: Generated<number>;
  sort_order: number;
  created_at: string;
  updated_at: string;
}

/** Imported award lists (domains/award): one row per number key, award and year. */
export interface PatentAwardsTable {
  id: string;
  number: string;
  number_key: string;
  publication_number: string | null;
  award: string;
  /** 0: no year given */
  year: Generated<number>;
  created_at: string;
}

export interface DuplicateChecksTable extends TaskColumns {
  id: string;
  user_id: string;
  title: string;
  source: 'text' | 'file';
  filename: string | null;
  text: string;
  chars: number;
  lang: 'zh' | 'en';
  state: Exclude<TaskState, 'cancelled'>;
  similarity: number | null;
  patents: number;
  /** JSON: the report (DuplicateReport); null until done */
  result: string | null;
  error: string | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
}

/** Pre-evaluations and novelty searches (domains/pre-evaluation): the text, the state and the result. */
export interface PreEvaluationsTable extends TaskColumns {
  id: string;
  user_id: string;
  title: string;
  kind: 'claims' | 'disclosure';
  origin: 'preAssessment' | 'noveltySearch';
  text: string;
  /** JSON ApplicationText: title, abstract, claims and description when given (the formal review reads them) */
  application: string | null;
  /** the applicant named for the abnormal-application signals */
  applicant: string | null;
  chars: number;
  priority_date: string | null;
  publication_number: string | null;
  lang: 'zh' | 'en';
  state: Exclude<TaskState, 'cancelled'>;
  stage: 'features' | 'search' | 'matching' | null;
  progress: number;
  novelty: 'high' | 'medium' | 'low' | 'insufficient' | 'coarse' | null;
  inventiveness: 'high' | 'medium' | 'low' | 'insufficient' | 'coarse' | null;
  features: number;
  documents: number;
  /** JSON: the result (PreEvaluationResult); null until done */
  result: string | null;
  error: string | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
}

/** Word merging (domains/analysis): a user's merges and removals of terms for one result set. */
export interface AnalysisTermAdjustmentsTable {
  user_id: string;
  /** Hash of the result set's canonical JSON. */
  set_key: string;
  /** JSON: the result set. */
  result_set: string;
  /** JSON: TermAdjustments. */
  adjustments: string;
  updated_at: string;
}

/** Smart reports (domains/report): the request, the state, the files and the sections' sentences. */
export interface ReportsTable extends TaskColumns {
  id: string;
  user_id: string;
  title: string;
  lang: 'zh' | 'en';
  /** JSON: the create request (ReportCreateRequest as parsed) */
  request: string;
  origin: 'search' | 'library' | 'dashboard';
  state: Exclude<TaskState, 'cancelled'>;
  total: number | null;
  pdf_path: string | null;
  pdf_size: number | null;
  docx_path: string | null;
  docx_size: number | null;
  /** JSON: ReportSectionSummary[]; null until done */
  summary: string | null;
  error: string | null;
  took_ms: number | null;
  created_at: string;
  finished_at: string | null;
  expires_at: string;
  deleted_at: string | null;
}

/** Disclosures and application drafts (domains/disclosure): the editor JSON and its plain-text sections. */
export interface DisclosuresTable {
  id: string;
  user_id: string;
  kind: 'disclosure' | 'application';
  title: string;
  /** JSON: plain text per section key */
  sections: string;
  /** JSON: DisclosureContent (one TipTap document per section) */
  content: string;
  chars: number;
  images: number;
  /** +1 on every save (the optimistic check) */
  version: number;
  created_at: string;
  updated_at: string;
}

/** Snapshots of a disclosure for its history (autosaves within a window update the last one). */
export interface DisclosureVersionsTable {
  id: string;
  disclosure_id: string;
  version: number;
  title: string;
  sections: string;
  content: string;
  chars: number;
  source: 'auto' | 'manual' | 'restore';
  restored_from: number | null;
  created_at: string;
  saved_at: string;
  /** Issue 43: the first version this snapshot took (autosaves within the window merge into it); null before. */
  first_version: number | null;
}

/** Images uploaded into a disclosure's editor (files under DATA_DIR/uploads/disclosures). */
export interface DisclosureImagesTable {
  id: string;
  user_id: string;
  disclosure_id: string;
  file: string;
  mime: string;
  name: string;
  bytes: number;
  width: number;
  height: number;
  created_at: string;
  used_at: string | null;
}

/** Assisted writing (domains/rewrite): a passage or a document, its original, result and state. */
export interface RewritesTable extends TaskColumns {
  id: string;
  user_id: string;
  kind: 'text' | 'all';
  mode: 'rephrase' | 'claim' | 'expand' | 'shorten';
  language: 'zh' | 'en';
  lang: 'zh' | 'en';
  title: string;
  original: string;
  result: string | null;
  chars: number;
  result_chars: number | null;
  state: Exclude<TaskState, 'cancelled'>;
  error: string | null;
  chunks_total: number;
  chunks_done: number;
  took_ms: number | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  deleted_at: string | null;
}

/** The message centre: invitations, shares and system notices, one row per recipient. */
export interface MessagesTable {
  id: string;
  user_id: string;
  sender_id: string | null;
  kind: string;
  category: string;
  /** JSON object */
  payload: string;
  is_read: number;
  response: 'pending' | 'accepted' | 'declined' | 'expired' | null;
  subject_id: string | null;
  created_at: string;
}

/** Patents or a saved search shared by one user with another. */
export interface SharesTable {
  id: string;
  sender_id: string;
  recipient_id: string;
  kind: 'patent' | 'search';
  /** JSON object */
  content: string;
  note: string | null;
  created_at: string;
}

/** Spec 1 §3 event tracking records, countable per user. */
export interface EventTrackingTable {
  id: string;
  user_id: string | null;
  tenant_id: string;
  event_name: string;
  event_id: string | null;
  event_type: string | null;
  count: number;
  record_type: number | null;
  product_alias: string | null;
  created_at: string;
}

/** The durable job queue (exports, alerts, reports, retention); survives restarts. */
export interface JobsTable {
  id: string;
  kind: string;
  unique_key: string | null;
  payload: string;
  status: string;
  run_at: string;
  attempts: Generated<number>;
  max_attempts: Generated<number>;
  locked_by: string | null;
  locked_until: string | null;
  last_error: string | null;
  result: string | null;
  created_at: string;
  finished_at: string | null;
  /** The user a task's job was queued for (issue 40: caps, round-robin); null for system jobs. */
  user_id: string | null;
  /** Order of claims: the user whose last job was claimed earliest is served first. */
  claim_seq: number | null;
}

/** Spec 2 §3 "Chart colour config"": one palette per user and chart key. */
export interface ChartColorsTable {
  id: string;
  user_id: string;
  item: string;
  /** JSON [{index, color}] */
  color_detail: string;
  product_alias: string | null;
  created_at: string;
  updated_at: string;
}

/** Spec 2 §3 "Chart size config": one size setting per user and chart key. */
export interface ChartSizesTable {
  id: string;
  user_id: string;
  item: string;
  conf_name: string;
  /** JSON ChartSizeDetail */
  conf_detail: string;
  created_at: string;
  updated_at: string;
}

/** Classification folders of custom charts (a tree through parent_id). */
export interface ChartClassifiesTable {
  id: string;
  user_id: string;
  name: string;
  parent_id: string | null;
  created_at: string;
}

/** Custom charts: a saved analysis request shown as one chart type; soft-deleted through deleted_at. */
export interface CustomChartsTable {
  id: string;
  user_id: string;
  classify_id: string | null;
  name: string;
  chart_key: string;
  chart_type: string;
  category_count: number;
  /** JSON AnalysisRequest */
  request: string;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

/** Advanced-search templates per user (spec 1 §7). */
export interface AdvancedSearchTemplatesTable {
  id: string;
  user_id: string;
  name: string;
  /** JSON array of field ids, in row order */
  fields: string;
  is_default: number;
  created_at: string;
}

/** The fields of a user's last advanced search (spec 1 §7 addLastSearchFields). */
export interface AdvancedSearchLastFieldsTable {
  user_id: string;
  /** JSON array of field ids */
  fields: string;
  updated_at: string;
}

/** Batch search records (spec 1 §7 /batchSearchRecord). */
export interface BatchSearchRecordsTable {
  id: string;
  user_id: string;
  mode: string;
  /** JSON array of the inputs */
  inputs: string;
  found_count: number;
  not_found_count: number;
  created_at: string;
}

/** The image index: one row per patent drawing (domains/image-search). */
export interface DrawingFeaturesTable {
  file: string;
  publication_number: string;
  /** 16 hex digits; null when the drawing could not be read */
  phash: string | null;
  /** base64 of the little-endian float32 embedding; null when the drawing could not be read */
  embedding: string | null;
  model: string;
  error: string | null;
  created_at: string;
}

/** Image searches run: a result key, and per user the image history (domains/image-search). */
export interface ImageSearchesTable {
  key: string;
  user_id: string | null;
  file_name: string;
  thumbnail: string;
  /** JSON QueryFeatures (hashes, embeddings as base64) */
  query: string;
  /** JSON [{ publicationNumber, file, similarity }] */
  results: string;
  indexed_drawings: number;
  created_at: string;
}

/** Patent imports started from the operators' page (domains/data-import); JSON columns as text. */
export interface ImportRunsTable {
  id: string;
  status: string;
  created_by: string | null;
  created_by_email: string | null;
  /** JSON ImportUpload[] */
  files: string;
  /** JSON ImportRunProgress */
  progress: string | null;
  /** JSON ImportRunReport */
  report: string | null;
  /** JSON StoredRefusal[] */
  refused: string | null;
  refused_total: Generated<number>;
  error: string | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
}

/** Library folders (issue 17): a tree per library; state = deleted_at (with ancestors) > archived > active. */
export interface LibrariesTable {
  id: string;
  owner_id: string;
  parent_id: string | null;
  name: string;
  remark: Generated<string>;
  archived: Generated<number>;
  deleted_at: string | null;
  next_position: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** The patents of a folder, in list order (`position`). */
export interface LibraryPatentsTable {
  library_id: string;
  publication_number: string;
  position: number;
  added_by: string;
  added_at: string;
}

/** Indexing labels of an owner: top-level labels and their sub-labels. */
export interface LibraryLabelsTable {
  id: string;
  owner_id: string;
  parent_id: string | null;
  name: string;
  created_at: string;
}

/** A label set on a patent of a folder. */
export interface LibraryPatentLabelsTable {
  library_id: string;
  publication_number: string;
  label_id: string;
  created_at: string;
}

/** Saved search expressions (the archive's searchExp tab); `state` is the result page state as JSON. */
export interface SavedExpressionsTable {
  id: string;
  owner_id: string;
  name: string;
  state: string;
  expression: string;
  total: number;
  /** The data version the expression ran against when saved (issue 48 item 5); null before it was kept. */
  data_version: number | null;
  created_at: string;
  updated_at: string;
}

/** Who did what, when, in a library (`root_id`: its top-level folder). */
export interface LibraryLogsTable {
  id: string;
  root_id: string;
  folder_id: string;
  folder_name: string;
  user_id: string;
  action: string;
  count: number | null;
  detail: string | null;
  created_at: string;
}

/** Patent value (issue 21): each record's raw indicators, cohort path and score (docs/patent-value.md). */
export interface CompanyRelationsTable {
  child_key: string;
  child_name: string;
  parent_key: string;
  parent_name: string;
  share: number | null;
  relation: string | null;
  source: string;
  line: number;
  imported_at: string;
}

/** Company information imported by operators (domains/business, docs/company-fields.md). */
export interface CompanyInfoTable {
  company_key: string;
  name: string;
  /** 1 listed, 0 not listed. */
  listed: number;
  board: string | null;
  stock_code: string | null;
  company_type: string | null;
  region: string | null;
  source: string;
  line: number;
  imported_at: string;
}

export interface PatentValuesTable {
  publication_number: string;
  /** The record's cohorts, narrowest first, joined by `|` (H01M·2019|H01·2019|H·2019|·2019|*). */
  cohorts: string;
  /** The cohort the score was taken in. */
  cohort: string;
  /** JSON array of the raw indicators in VALUE_INDICATORS order (null: unknown). */
  raw: string;
  score: number | null;
  computed_at: string;
}

/** A value cohort's distribution: compact histograms of every indicator (value-cohorts.ts). */
export interface PatentValueCohortsTable {
  cohort: string;
  size: number;
  /** JSON: per indicator, `bin: count` of the filled bins. */
  histograms: string;
  /** Patents in the cohort when its members' scores were last computed (the rescore job compares). */
  scored_size: number;
  updated_at: string;
}

/** My files (domains/file): one stored file of a user; its bytes at <files dir>/<storage_key>. */
export interface UserFilesTable {
  id: string;
  user_id: string;
  file_name: string;
  file_type: string;
  size: number;
  md5: string;
  storage_key: string;
  document_type: string | null;
  dir_id: string | null;
  created_at: string;
  updated_at: string;
}

/** A chunked upload under way (domains/file); removed once stored or after UPLOAD_STALE_HOURS. */
export interface FileUploadsTable {
  id: string;
  user_id: string;
  identifier: string;
  file_name: string;
  total_chunks: number;
  chunk_size: number;
  document_type: string | null;
  dir_id: string | null;
  state: 'receiving' | 'assembling';
  created_at: string;
  updated_at: string;
}

/** A piece a chunked upload holds (its bytes in the upload's parts folder). */
export interface FileUploadChunksTable {
  upload_id: string;
  chunk_number: number;
  size: number;
  received_at: string;
}

/** Issue 41: characters sent to the translation service per caller (`user:<id>`, `address:<ip>`) and UTC day. */
export interface TranslationUsageTable {
  subject: string;
  /** YYYY-MM-DD, UTC */
  day: string;
  chars: number;
}

/** Issue 46: one simple-family expansion an account made (its `familyExpand` quota counts them). */
export interface FamilyExpansionsTable {
  id: string;
  user_id: string;
  seeds: number;
  members: number;
  created_at: string;
}

export interface Database {
  patents: PatentsTable;
  patent_values: PatentValuesTable;
  company_relations: CompanyRelationsTable;
  company_info: CompanyInfoTable;
  patent_value_cohorts: PatentValueCohortsTable;
  patent_numbers: PatentNumbersTable;
  patent_citations: PatentCitationsTable;
  patent_citations_staged: PatentCitationsStagedTable;
  meta: MetaTable;
  search_states: SearchStatesTable;
  family_expansions: FamilyExpansionsTable;
  tenants: TenantsTable;
  users: UsersTable;
  roles: RolesTable;
  user_roles: UserRolesTable;
  sessions: SessionsTable;
  session_refresh_history: SessionRefreshHistoryTable;
  api_tokens: ApiTokensTable;
  socket_tickets: SocketTicketsTable;
  audit_log: AuditLogTable;
  login_failures: LoginFailuresTable;
  captchas: CaptchasTable;
  email_links: EmailLinksTable;
  tryout_applications: TryoutApplicationsTable;
  user_guide: UserGuideTable;
  display_copy: DisplayCopyTable;
  search_history: SearchHistoryTable;
  operate_history: OperateHistoryTable;
  user_groups: UserGroupsTable;
  user_group_members: UserGroupMembersTable;
  applicant_groups: ApplicantGroupsTable;
  applicant_group_shares: ApplicantGroupSharesTable;
  messages: MessagesTable;
  shares: SharesTable;
  event_tracking: EventTrackingTable;
  jobs: JobsTable;
  chart_colors: ChartColorsTable;
  chart_sizes: ChartSizesTable;
  chart_classifies: ChartClassifiesTable;
  custom_charts: CustomChartsTable;
  advanced_search_templates: AdvancedSearchTemplatesTable;
  advanced_search_last_fields: AdvancedSearchLastFieldsTable;
  batch_search_records: BatchSearchRecordsTable;
  drawing_features: DrawingFeaturesTable;
  image_searches: ImageSearchesTable;
  import_runs: ImportRunsTable;
  libraries: LibrariesTable;
  library_patents: LibraryPatentsTable;
  library_labels: LibraryLabelsTable;
  library_patent_labels: LibraryPatentLabelsTable;
  saved_expressions: SavedExpressionsTable;
  library_logs: LibraryLogsTable;
  library_members: LibraryMembersTable;
  export_templates: ExportTemplatesTable;
  export_preferences: ExportPreferencesTable;
  download_tasks: DownloadTasksTable;
  data_versions: DataVersionsTable;
  patent_changes: PatentChangesTable;
  patent_revisions: PatentRevisionsTable;
  alerts: AlertsTable;
  alert_runs: AlertRunsTable;
  alert_run_patents: AlertRunPatentsTable;
  alert_recipients: AlertRecipientsTable;
  mail_sends: MailSendsTable;
  duplicate_checks: DuplicateChecksTable;
  analysis_term_adjustments: AnalysisTermAdjustmentsTable;
  special_topics: SpecialTopicsTable;
  patent_awards: PatentAwardsTable;
  reports: ReportsTable;
  user_files: UserFilesTable;
  file_uploads: FileUploadsTable;
  file_upload_chunks: FileUploadChunksTable;
  pre_evaluations: PreEvaluationsTable;
  disclosures: DisclosuresTable;
  disclosure_versions: DisclosureVersionsTable;
  disclosure_images: DisclosureImagesTable;
  rewrites: RewritesTable;
  translation_usage: TranslationUsageTable;
  reading_marks: ReadingMarksTable;
}

export type PatentRow = Selectable<PatentsTable>;
export type NewPatentRow = Insertable<PatentsTable>;

export type TenantRow = Selectable<TenantsTable>;
export type UserRow = Selectable<UsersTable>;
export type RoleRow = Selectable<RolesTable>;
export type SessionRow = Selectable<SessionsTable>;
export type ApiTokenRow = Selectable<ApiTokensTable>;
export type SocketTicketRow = Selectable<SocketTicketsTable>;
export type AuditLogRow = Selectable<AuditLogTable>;
export type EmailLinkRow = Selectable<EmailLinksTable>;
export type TryoutApplicationRow = Selectable<TryoutApplicationsTable>;
