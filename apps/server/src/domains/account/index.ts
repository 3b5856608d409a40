/** The account domain as the other domains see it: they import it from here only (eslint.config.js). */
export type { AccountService } from './account.service.js';
export type { DisplayCopyService } from './display-copy.service.js';
export type { RegistrationService } from './registration.service.js';
