export * from './patent.js';
export * from './envelope.js';
export * from './limits.js';
export * from './error-codes.js';
export * from './query-messages.js';
export * from './search.js';
export * from './auth.js';
export * from './auth-crypto.js';
