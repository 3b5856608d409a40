import { z } from 'zod';
import { MAX_KEYWORD_LENGTH } from './limits.js';

/**
 * A list's keyword search box (spec 1 §5, §9, spec 2 §5 "keyword search at most 30 characters"),
 * trimmed. A longer keyword is refused with KEYWORD_TOO_LONG: a validation issue whose message is
 * an error code is answered with that code (server errors.ts).
 */
export const KeywordSchema = z.string().trim().max(MAX_KEYWORD_LENGTH, { error: 'KEYWORD_TOO_LONG' });
