/** Spec 1 §9: "Search expression length 50000". */
export const MAX_EXPRESSION_LENGTH = 50_000;
/** Issue 48 item 2: a pasted expression of another system is translated on the request thread, so it is kept short. */
export const MAX_FOREIGN_EXPRESSION_LENGTH = 10_000;
/** Spec 1 §9: "semantic text 50000". */
export const MAX_SEMANTIC_TEXT_LENGTH = 50_000;
/** Spec 1 §9: "max page 100000". */
export const MAX_PAGE = 100_000;
/** Spec 1 §9: "merge total 1,000,000". */
export const MAX_MERGE_TOTAL = 1_000_000;
/** Spec 1 §9: "analysis data 1 million". */
export const MAX_ANALYSIS_TOTAL = 1_000_000;
/** Spec 1 §9: "sorting refused above 10 million". */
export const MAX_SORT_TOTAL = 10_000_000;
/** Spec 1 §9: "export limit 300,000 in one reading". */
export const MAX_EXPORT_ROWS = 300_000;
/** Spec 1 §9: "keyword search 30 characters". */
export const MAX_KEYWORD_LENGTH = 30;
/** Spec 1 §9: "batch applicants 100". */
export const MAX_BATCH_APPLICANTS = 100;
/** Spec 1 §5: "publication or application numbers up to a templated maximum" (the value is ours). */
export const MAX_BATCH_NUMBERS = 1000;
/** Batch records kept per user, newest first (spec 1 §7 /batchSearchRecord; the number is ours). */
export const MAX_BATCH_RECORDS = 100;
/**
 * Simple-family expansion (spec 2 §4, §8): the selected patents one expansion takes ("Selected
 * patents cannot exceed {n} entries"; the number is ours, as the batch search's).
 */
export const MAX_FAMILY_EXPAND_SEEDS = 1000;
/** Issue 48 item 4: the patents one recall check takes (numbers pasted or a library's; the number is ours). */
export const MAX_RECALL_CHECK_NUMBERS = 500;
/** Advanced-search templates per user and rows per template (spec 1 §7 templates; the numbers are ours). */
export const MAX_ADVANCED_TEMPLATES = 20;
export const MAX_ADVANCED_TEMPLATE_FIELDS = 30;
/** Spec 1 §9: "input max 50". */
export const MAX_INPUT_LENGTH = 50;
/** Spec 1 §9: "Histories (operation, report, search) are kept 180 days". */
export const HISTORY_RETENTION_DAYS = 180;
/**
 * Issue 41, data kept without end before: the days the daily retention job keeps each kind of row
 * (the server's RETENTION_* variables change them). Ours, beside the spec's 180 days of history:
 * - searchStates: result-page and semantic-search keys (short links), after they were last saved;
 * - loginFailures: failed password checks (the lockout needs 15 minutes of them);
 * - imageSearchKeys: image searches of visitors without an account (no image history holds them);
 * - readMessages: message-centre messages once read (unread ones and open invitations stay);
 * - libraryLogs: the "who did what" log of each library;
 * - alertRuns: an alert's finished runs with their patents (not the alert's last run);
 * - finishedTasks: finished duplicate checks, pre-evaluations and download tasks, once finished and
 *   past their file's expiry, with their files.
 */
export const DEFAULT_RETENTION_DAYS = {
  searchStates: 30,
  loginFailures: 30,
  imageSearchKeys: 1,
  readMessages: 365,
  libraryLogs: 365,
  alertRuns: HISTORY_RETENTION_DAYS,
  finishedTasks: HISTORY_RETENTION_DAYS,
} as const;
export type RetentionKind = keyof typeof DEFAULT_RETENTION_DAYS;
/** Spec 1 §9: "HTTP timeout 300000 ms". */
export const HTTP_TIMEOUT_MS = 300_000;
/** Spec 1 §9: "Product version 5.5 dated 2025-05-12" (the spec's product; Patlas keeps its own version in package.json). */
export const SPEC_PRODUCT_VERSION = '5.5';
/** Patent detail: drawing viewer zoom 0.4–3 in steps of 0.1 (issue 2). */
export const DRAWING_ZOOM = { min: 0.4, max: 3, step: 0.1 } as const;
/** Largest uploaded file of an import (search and operation history, batch search): 10 MB (ours); larger answers PAYLOAD_TOO_LARGE. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/**
 * Issue 15 "Import through the web app": the largest file an operator may upload for a patent
 * import, 2 GB by default (ours; a vendor export of a million records fits). The server streams
 * it to disk; IMPORT_MAX_FILE_MB changes it per installation.
 */
export const MAX_IMPORT_FILE_BYTES = 2 * 1024 * 1024 * 1024;
/** Files per upload request and per import run (ours). */
export const MAX_IMPORT_FILES = 20;
/** Refused lines an import run keeps with their file, line and reason; the count beyond is exact (ours). */
export const MAX_IMPORT_REFUSED_LINES = 1000;
/**
 * Issue 16 §2, zip bombs: an uploaded .xlsx (search and operation history, batch search) is
 * unpacked in memory, so it is checked before it is parsed (ours). At most 100 MB unpacked, 10,000
 * parts, a packing ratio of 250:1 for any part over 1 MiB (real workbooks pack 5–50:1), and
 * MAX_EXPORT_ROWS rows plus a header (no export is longer) and 3,000,000 cells.
 */
export const MAX_XLSX_UNPACKED_BYTES = 100 * 1024 * 1024;
export const MAX_XLSX_ENTRIES = 10_000;
export const MAX_XLSX_COMPRESSION_RATIO = 250;
export const MAX_XLSX_ROWS = MAX_EXPORT_ROWS + 1;
export const MAX_XLSX_CELLS = 3_000_000;
/**
 * Issue 16 §2: problems an import report lists with their line (history, operation history, batch
 * search); the rest are counted in one closing entry that says how many more there were (ours).
 */
export const MAX_IMPORT_REPORTED_ERRORS = 1000;
/** Largest request body (JSON) the server reads: 10 MB (ours). */
export const MAX_REQUEST_BODY_BYTES = 10 * 1024 * 1024;

/** Issue 14: a rate whose denominator covers less than this share of its population is not shown as a figure of the set. */
export const MIN_RATE_COVERAGE = 0.5;

/** Spec 2 §9: "Favorites: 30,000 patents per single favorite or import". */
export const MAX_COLLECT_PATENTS = 30_000;
/**
 * Spec 2 §8 "The total number of collections in multiple folders cannot exceed 30,000 entries":
 * patents × folders of one collect.
 */
export const MAX_COLLECT_TOTAL = 30_000;
/** Folders one collect may fill at once (ours). */
export const MAX_COLLECT_FOLDERS = 20;
/** Spec 2 §9: "5 sub-folder levels". */
export const MAX_LIBRARY_DEPTH = 5;
/** Spec 2 §5: "names at most 100". */
export const MAX_LIBRARY_NAME_LENGTH = 100;
/** Spec 2 §5: "remark at most 100". */
export const MAX_LIBRARY_REMARK_LENGTH = 100;
/** Spec 2 §9: "30,000 records deletable at once (first 30,000 of the list order)". */
export const MAX_LIBRARY_REMOVE = 30_000;
/** Spec 2 §9: "3,000 different indexing labels per import". */
export const MAX_IMPORT_LABELS = 3_000;
/** Indexing label names (ours). */
export const MAX_LIBRARY_LABEL_NAME_LENGTH = 50;
/**
 * Indexing labels (top-level and sub-labels) one owner's namespace may hold, however they were made:
 * by the owner, or by members importing into a collaborative library (issue 41: unbounded before).
 * Ours: room for one import's MAX_IMPORT_LABELS and more.
 */
export const MAX_LIBRARY_LABELS_PER_OWNER = 5_000;

// ---- Issue 40: spreadsheet imports, read off the HTTP thread with per-route caps ----
// A route's spreadsheet is read in a worker thread (apps/server/src/files/sheet-reader.ts) and
// refused at its first row past the route's cap (IMPORT_TOO_MANY_ROWS), row 1 left out (it may be a
// header). docs/import-formats.md "Spreadsheet imports: caps".
/** A library import: the numbers one import takes (MAX_COLLECT_PATENTS), one a row. */
export const MAX_LIBRARY_IMPORT_ROWS = MAX_COLLECT_PATENTS;
/**
 * A batch-search import: the values one search takes (MAX_BATCH_NUMBERS) and as many rows again as
 * the report lists with their line (MAX_IMPORT_REPORTED_ERRORS), so the rows past the per-search
 * limit are still reported where the list was cut.
 */
export const MAX_BATCH_IMPORT_ROWS = MAX_BATCH_NUMBERS + MAX_IMPORT_REPORTED_ERRORS;
/**
 * A search-history or operation-history import (ours): 50,000 entries, about 280 a day over the
 * 180-day retention; a longer export is imported in parts (exports filter by time). At most 64
 * columns: six readable ones and a data column continued over the cells its text needs.
 */
export const MAX_HISTORY_IMPORT_ROWS = 50_000;
export const MAX_HISTORY_IMPORT_COLUMNS = 64;
/** Time one spreadsheet read may take, waiting for the reader included (ours); over it: IMPORT_READ_TIMEOUT. */
export const SHEET_READ_TIMEOUT_MS = 60_000;
/** Spreadsheets waiting for the reader at most (ours; each holds its upload); more: IMPORT_READER_BUSY. */
export const SHEET_READ_QUEUE = 16;
/** Spec 2 §5: "Compare needs 2 to 10 patents"; §9: "Compare at most 10 patents". */
export const MIN_COMPARE_PATENTS = 2;
/**
 * Spec 2 §3/§9 reading marks: "reading-mark limit … templated" (value not shown). Ours: the
 * patents a user opened that stay marked read; opening one more drops the mark opened longest ago.
 */
export const MAX_READING_MARKS = 10_000;
/** Publication numbers one reading-mark look-up takes (a result page holds at most 100). */
export const MAX_READING_MARK_LOOKUP = 200;
export const MAX_COMPARE_PATENTS = 10;
/** Spec 2 §5 "Sharing: at most 5 e-mails at a time; a pre-shared e-mail may not be duplicated." */
export const MAX_SHARE_RECIPIENTS = 5;
/** Spec 2 §9 "library share member cap exists (value not shown)": members and open invitations of one library. */
export const MAX_LIBRARY_MEMBERS = 50;
/** Spec 2 §5/§9 "at most 5 emails" of an alert. */
export const MAX_ALERT_RECIPIENTS = 5;
/**
 * Issue 41 (ours): alerts one account may have (ALERT_LIMIT_REACHED) and confirmation mails its
 * alerts may send per 24 hours (ALERT_CONFIRMATION_LIMIT); the defaults of ALERT_MAX_PER_USER and
 * ALERT_CONFIRMATIONS_PER_DAY. An address receives at most ALERT_CONFIRMATIONS_PER_ADDRESS_PER_DAY
 * confirmation mails per 24 hours, whoever asks (ALERT_RECIPIENT_CONFIRMATION_LIMIT).
 */
export const DEFAULT_MAX_ALERTS_PER_USER = 50;
export const DEFAULT_ALERT_CONFIRMATIONS_PER_DAY = 20;
export const ALERT_CONFIRMATIONS_PER_ADDRESS_PER_DAY = 3;
/**
 * Issue 43 (ours): an account's "send a test mail now" of its alerts: at most once per
 * ALERT_TEST_MAIL_INTERVAL_SECONDS and ALERT_TEST_MAILS_PER_DAY times per 24 hours.
 */
export const ALERT_TEST_MAIL_INTERVAL_SECONDS = 60;
export const ALERT_TEST_MAILS_PER_DAY = 10;
/** Issue 43 (ours): an import's records open on the result page: at most this many (by publication number). */
export const MAX_IMPORT_RUN_SET = 100_000;
/** Issue 41 (ours): a recipient's confirmation link works this long; saving the alert again after it mails a new one. */
export const ALERT_CONFIRMATION_TTL_SECONDS = 7 * 86_400;
/**
 * Issue 41 (ours): account mails (registration link, trial acknowledgement, password reset) to one
 * address at most once per MAIL_RESEND_INTERVAL_SECONDS and MAIL_RESENDS_PER_HOUR times an hour.
 */
export const MAIL_RESEND_INTERVAL_SECONDS = 60;
export const MAIL_RESENDS_PER_HOUR = 5;
/** Spec 2 §5/§9 "a publication-number alert takes up to 1000 numbers". */
export const MAX_ALERT_PATENTS = 1000;
/** Spec 2 §9 "Alerts: up to 10,000 hits": patents one run reports; the rest are counted. */
export const MAX_ALERT_RUN_HITS = 10_000;
/**
 * Issue 22, the formal review and abnormal-application signals (ours): an application text of all
 * four sections up to 200,000 characters (a long description of about 100 pages); the abnormal
 * signals align at most the duplicate check's 50,000 characters of it and look at the applicant's
 * newest 500 filings; an applicant's name up to 200 characters.
 */
export const MAX_FORMAL_REVIEW_TEXT_LENGTH = 200_000;
export const MAX_ABNORMAL_APPLICANT_FILINGS = 500;
export const MAX_ABNORMAL_APPLICANT_LENGTH = 200;

// ---- My files and the shared chunked uploader (spec 2 §3, §5, §8, §9; issue 22) ----
/**
 * Spec 2 §5 "uploads up to 5MB"; §9 "Upload limit 5MB … default size 5MB": the largest file of
 * "My files". The server's FILE_UPLOAD_MAX_BYTES (apps/server/src/config.ts) overrides it.
 */
export const MAX_USER_FILE_BYTES = 5 * 1024 * 1024;
/** Spec 2 §9 "Upload: max 5 files by default": files one uploader (and one non-chunked request) takes. */
export const MAX_UPLOAD_BATCH_FILES = 5;
/** Spec 2 §9 "megabyte unit 1048576": the uploader's fileUnit. */
export const UPLOAD_FILE_UNIT = 1_048_576;
/** Spec 2 §9 "chunk size equals eachSplitSize times fileUnit": our default eachSplitSize, 1 (1 MB pieces). */
export const DEFAULT_UPLOAD_SPLIT_SIZE = 1;
/** Spec 2 §8 "A network error on a chunk retries up to 5 times, then shows the error and stops". */
export const MAX_UPLOAD_CHUNK_RETRIES = 5;
/** Pieces one chunked upload may have (ours: a 5 MB file in 5 KB pieces; more is a broken client). */
export const MAX_UPLOAD_CHUNKS = 1000;
/** Hours an unfinished chunked upload is kept for resuming before its pieces are removed (ours). */
export const UPLOAD_STALE_HOURS = 24;
/** Longest file name of My files, in characters (ours: what common file systems allow). */
export const MAX_USER_FILE_NAME_LENGTH = 255;
/** Files one account may keep in My files (ours: 1,000 × 5 MB at most 5 GB per account). */
export const MAX_USER_FILES = 1000;
/**
 * Bytes one account may hold in My files, unfinished chunked uploads' pieces included (issue 41
 * §7: pieces of uploads never finished used to count for nothing). 1,000 files of 5 MB; the
 * server's FILE_STORAGE_MAX_BYTES overrides it.
 */
export const DEFAULT_USER_STORAGE_BYTES = MAX_USER_FILES * 5 * 1024 * 1024;
/** Spec 2 §9 pagination "default 10"; the list answers at most 100 a page (ours). */
export const MAX_USER_FILE_PAGE_SIZE = 100;

/** Spec 2 §5/§9: "pre-evaluation input at least 30 characters" (trimmed). */
export const PRE_EVALUATION_MIN_CHARS = 30;
/** Ours: the longest pre-evaluation input, a claim set or a disclosure of about ten pages. */
export const MAX_PRE_EVALUATION_TEXT_LENGTH = 20_000;

// Disclosure writing and application drafts (spec 2 §1–§2 /disclosurePaper/*, /disclosure, /patentApply).
/** Spec 2 §5 "names at most 100": a disclosure's or draft's title. */
export const MAX_DISCLOSURE_TITLE_LENGTH = 100;
/** Spec 2 §5 "titles at most 25": the invention title of an application draft (counted live; advice, the draft still saves). */
export const DISCLOSURE_INVENTION_TITLE_ADVISED_LENGTH = 25;
/** The abstract of an application: at most 300 characters (CNIPA's rule; counted live; advice, the draft still saves). */
export const DISCLOSURE_ABSTRACT_ADVISED_LENGTH = 300;
/** Spec 2 §9 "image max 10": images of one document. */
export const MAX_DISCLOSURE_IMAGES = 10;
/** Issue 46 item 8 "rich-text images up to 10 MB" (spec 2 §9, the editor's "image max 10"): one editor image; other uploads keep 5MB. */
export const MAX_DISCLOSURE_IMAGE_BYTES = 10 * 1024 * 1024;
/** An uploaded image is kept at most this many px on its long side (ours: twice a printed page's width; keeps saves and exports light). */
export const MAX_DISCLOSURE_IMAGE_SIDE = 2400;
/**
 * Most pixels (width × height) of an uploaded editor image, read from its header before it is
 * decoded (issue 41 §3: a 256-megapixel PNG fits in 776 KB). A 50-megapixel camera's photo passes.
 */
export const MAX_DISCLOSURE_IMAGE_PIXELS = 50_000_000;
/** The Word export embeds images at most this wide (ours: twice the 600 px text column, about 190 dpi in print). */
export const DISCLOSURE_EXPORT_IMAGE_WIDTH = 1200;
/** Spec 2 §5 "Rich-text image: jpg, jpeg, png". */
export const DISCLOSURE_IMAGE_TYPES = ['jpg', 'jpeg', 'png'] as const;
/** Characters of all sections of one document together (ours: about 100 pages). */
export const MAX_DISCLOSURE_TEXT_LENGTH = 200_000;
/** Versions kept per document; the oldest go first (ours). */
export const MAX_DISCLOSURE_VERSIONS = 50;
/** Autosaves within this time of the last autosaved version update it instead of adding one (ours). */
export const DISCLOSURE_VERSION_WINDOW_MS = 10 * 60 * 1000;
/** Spec 2 §9 "editor font sizes 12 to 26 px step 2". */
export const DISCLOSURE_FONT_SIZES = [12, 14, 16, 18, 20, 22, 24, 26] as const;
/** Spec 2 §9 "default height 300": the editor's least height in px. */
export const DISCLOSURE_EDITOR_MIN_HEIGHT = 300;
/** Pause after the last keystroke before the editor saves by itself (ours). */
export const DISCLOSURE_AUTOSAVE_DELAY_MS = 1500;

/**
 * Assisted writing (issue 22; spec 2 §7 /patent/rewrite/*). Spec 2 §8 names the message
 * 'Exceeded {n} character length' but no figure; the figures are ours. A passage (/patent/rewrite/text)
 * is answered within the request, so it is short enough for one model answer; a longer text is a
 * document (/patent/rewrite/all), rewritten as a task in pieces of REWRITE_CHUNK_CHARS.
 */
export const MAX_REWRITE_TEXT_LENGTH = 2_000;
export const MAX_REWRITE_DOCUMENT_LENGTH = 50_000;
/** Piece of a document sent to the language model in one request: even expanded, its answer fits one reply. */
export const REWRITE_CHUNK_CHARS = 1_500;
/**
 * Characters of original text one user may submit for rewriting per day (UTC), passages and
 * documents alike; a failed rewrite gives its characters back. REWRITE_DAILY_CHARS overrides it.
 */
export const DEFAULT_REWRITE_DAILY_CHARS = 100_000;
/** Title of a rewrite (the start of its text unless given). */
export const MAX_REWRITE_TITLE_LENGTH = 100;
/** Rewrites exported in one file (ours). */
export const MAX_REWRITE_EXPORT = 100;

/**
 * Tasks of one kind (duplicate checks, evaluations, exports, reports, rewritten documents) one
 * user may have waiting or running at once (issue 40); one more is refused with TASK_USER_LIMIT
 * until one of them ends, so a single user cannot fill the job queue.
 */
export const MAX_ACTIVE_TASKS_PER_USER = 10;
/**
 * Issue 48: clauses of an expression's live tree counted in one request; a larger expression's
 * deepest clauses are counted as a whole (the answer says `truncated`). The number is ours.
 */
export const MAX_CLAUSE_TREE_NODES = 200;
