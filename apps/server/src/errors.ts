import {
  ERROR_CODES,
  formatErrorMessage,
  formatQueryError,
  type ErrorCode,
  type ErrorData,
  type Language,
} from '@patlas/contracts';
import { EngineError } from '@patlas/engine';
import type { QueryError } from '@patlas/query';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { languageOf } from './plugins/locale.js';
import { urlForLog } from './plugins/log-url.js';

/** A handled failure: a catalogue code plus the values its message needs. Never user text at the throw site. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly params: Record<string, string | number> = {},
    readonly extra: Partial<ErrorData> = {},
  ) {
    super(code);
    this.name = 'AppError';
  }
}

/**
 * A positioned expression error found once the expression has been parsed (the engine's cost
 * guard): answered as QUERY_INVALID with the query error's own message, written in the request's
 * language by the handler, and its code and span in `data` as for a parse error.
 */
export class QueryAppError extends AppError {
  constructor(readonly query: QueryError) {
    super('QUERY_INVALID', {}, { code: query.code, span: { start: query.span.start, end: query.span.end } });
    this.name = 'QueryAppError';
  }
}

/** A validation issue as fastify-type-provider-zod reports it: keyword = zod issue code, params = the issue's details. */
interface ValidationIssue {
  keyword?: string;
  instancePath?: string;
  message?: string;
  params?: { minimum?: unknown; maximum?: unknown; expected?: unknown; format?: string };
}

/** Zod issue → short reason in the user's language. */
function reasonOf(issue: ValidationIssue, lang: Language): string {
  const detail = issue.params;
  const code = issue.keyword;
  const zh: Record<string, string> = {
    invalid_type: detail?.expected ? `类型应为 ${String(detail.expected)}` : '类型不正确',
    too_small: detail?.minimum !== undefined ? `不能小于 ${String(detail.minimum)}（长度或数值）` : '过小或为空',
    too_big: detail?.maximum !== undefined ? `不能超过 ${String(detail.maximum)}（长度或数值）` : '过大',
    invalid_format: '格式不正确',
    invalid_value: '取值不在允许范围内',
    unrecognized_keys: '包含不允许的字段',
  };
  const en: Record<string, string> = {
    invalid_type: detail?.expected ? `must be of type ${String(detail.expected)}` : 'has the wrong type',
    too_small:
      detail?.minimum !== undefined
        ? `must be at least ${String(detail.minimum)} (length or value)`
        : 'is too small or empty',
    too_big:
      detail?.maximum !== undefined ? `must be at most ${String(detail.maximum)} (length or value)` : 'is too large',
    invalid_format: 'has an invalid format',
    invalid_value: 'is not an allowed value',
    unrecognized_keys: 'contains fields that are not allowed',
  };
  const table = lang === 'zh' ? zh : en;
  return (code && table[code]) ?? (lang === 'zh' ? '不合法' : 'is invalid');
}

function fieldOf(issue: ValidationIssue, context: string | undefined): string {
  const fromPath = issue.instancePath?.replace(/^\//, '').replace(/\//g, '.');
  return fromPath || context || 'body';
}

/**
 * Seconds a client should wait before asking again, sent as Retry-After with these codes: the
 * search workers open the index in seconds (docs/search-workers.md); the web app retries by itself.
 */
export const SERVICE_STARTING_RETRY_AFTER_SECONDS = 2;

function send(reply: FastifyReply, http: number, status: number, message: string, data: ErrorData): FastifyReply {
  return reply.code(http).send({ status, message, data });
}

/** The one error handler: every failure leaves as the envelope, in the user's language, without a stack trace. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) => {
    const lang = languageOf(request);
    const raw: unknown = error;
    if (
      raw instanceof EngineError &&
      (raw.code === 'QUERY_TIMEOUT' || raw.code === 'QUERY_CANCELLED' || raw.code === 'SERVICE_STARTING')
    ) {
      // A call whose service does not translate engine errors: the budget's message all the same.
      error = new AppError(raw.code, raw.params);
    }
    if (error instanceof AppError) {
      const row = ERROR_CODES[error.code];
      if (error.code === 'SERVICE_STARTING') reply.header('retry-after', String(SERVICE_STARTING_RETRY_AFTER_SECONDS));
      // Start-up is expected, not a failure of the server (the pool logs its own line).
      if (row.http >= 500 && error.code !== 'SERVICE_STARTING')
        request.log.error({ err: error, params: error.params }, 'handled server error');
      const message =
        error instanceof QueryAppError
          ? formatQueryError(error.query, lang)
          : formatErrorMessage(error.code, lang, error.params);
      return send(reply, row.http, row.status, message, {
        code: error.code,
        ...error.extra,
      });
    }
    const validation = (error as FastifyError).validation as ValidationIssue[] | undefined;
    if (validation && validation.length > 0) {
      const first = validation[0]!;
      const field = fieldOf(first, (error as FastifyError).validationContext);
      // A schema that names its own error code (contracts' KeywordSchema): that code, with the limit.
      const own = first.message;
      if (own !== undefined && Object.hasOwn(ERROR_CODES, own)) {
        const code = own as ErrorCode;
        const max = first.params?.maximum;
        const min = first.params?.minimum;
        const params = {
          ...(typeof max === 'number' ? { max } : {}),
          ...(typeof min === 'number' ? { min } : {}),
        };
        return send(reply, ERROR_CODES[code].http, ERROR_CODES[code].status, formatErrorMessage(code, lang, params), {
          code,
          field,
        });
      }
      return send(
        reply,
        400,
        0,
        formatErrorMessage('VALIDATION_FAILED', lang, { field, reason: reasonOf(first, lang) }),
        {
          code: 'VALIDATION_FAILED',
          field,
        },
      );
    }
    const statusCode = (error as FastifyError).statusCode;
    if (statusCode === 413) {
      return send(reply, 413, 0, formatErrorMessage('PAYLOAD_TOO_LARGE', lang), { code: 'PAYLOAD_TOO_LARGE' });
    }
    if (statusCode && statusCode >= 400 && statusCode < 500) {
      // Fastify's own client errors (bad JSON, wrong content type): say so without internals.
      const code = (error as FastifyError).code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ? 'content-type' : 'body';
      return send(
        reply,
        statusCode,
        0,
        formatErrorMessage('VALIDATION_FAILED', lang, { field: code, reason: reasonOf({}, lang) }),
        {
          code: 'VALIDATION_FAILED',
          field: code,
        },
      );
    }
    // The URL's secrets (a websocket's ?token=, a GET refresh) stay out of the log (issue 41 §6).
    request.log.error({ err: error, method: request.method, url: urlForLog(request.url) }, 'unhandled error');
    return send(reply, 500, 0, formatErrorMessage('INTERNAL', lang, { requestId: request.id }), {
      code: 'INTERNAL',
      requestId: request.id,
    });
  });
}

/**
 * Fastify's errors raised before routing (its `frameworkErrors`): a URL whose percent-encoding
 * does not decode — an encoded lone surrogate (`%ED%A0%80`), a stray `%` — answers 400 in the
 * envelope like any other bad parameter (issue 41 §6), not Fastify's own body; others go to the
 * error handler.
 */
export function sendFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (error.code !== 'FST_ERR_BAD_URL') return reply.send(error);
  const lang = languageOf(request);
  const field = 'url';
  return send(
    reply,
    400,
    0,
    formatErrorMessage('VALIDATION_FAILED', lang, { field, reason: reasonOf({ keyword: 'invalid_format' }, lang) }),
    { code: 'VALIDATION_FAILED', field },
  );
}

/** 404 for API paths, in the envelope. */
export function sendRouteNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const lang = languageOf(request);
  return send(
    reply,
    404,
    0,
    formatErrorMessage('ROUTE_NOT_FOUND', lang, { method: request.method, url: request.url.split('?')[0] ?? '' }),
    {
      code: 'ROUTE_NOT_FOUND',
    },
  );
}
