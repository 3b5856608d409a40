import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.js';

/** A UTF-16 surrogate without its partner: JSON's `"\ud800"` parses to one, and no text may hold it. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * The path (`filename`, `texts.3`, `content.sections.field`) of the first string in `value` that
 * holds a lone surrogate, or undefined. Iterative: a deeply nested body cannot exhaust the stack.
 */
export function malformedTextPath(value: unknown, root = 'body'): string | undefined {
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length > 0) {
    const [item, at] = stack.pop()!;
    if (typeof item === 'string') {
      if (LONE_SURROGATE.test(item)) return at || root;
    } else if (Array.isArray(item)) {
      for (let i = item.length - 1; i >= 0; i--) stack.push([item[i], at ? `${at}.${i}` : String(i)]);
    } else if (item !== null && typeof item === 'object' && Object.getPrototypeOf(item) === Object.prototype) {
      for (const [key, child] of Object.entries(item)) {
        const path = at ? `${at}.${key}` : key;
        if (LONE_SURROGATE.test(key)) return path;
        stack.push([child, path]);
      }
    }
  }
  return undefined;
}

/**
 * Refuses a request whose JSON body or query holds a lone surrogate with TEXT_MALFORMED (400),
 * before any route reads it. Such a string cannot be encoded (encodeURIComponent throws, so an
 * export's file name answered 500; issue 41 §6), nor stored as UTF-8 as it was sent.
 */
export function registerWellFormedText(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const field = malformedTextPath(request.query, 'query') ?? malformedTextPath(request.body);
    if (field !== undefined) throw new AppError('TEXT_MALFORMED', { field });
  });
}
