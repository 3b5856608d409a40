/** The only reader of import.meta.env (STYLE.md "Config"). */

/** Base path of the HTTP API; the server serves the app and the API from one origin. */
export const API_BASE: string = (import.meta.env.VITE_API_BASE as string | undefined) ?? '/api';

/** Product name: page titles, storage key prefix. */
export const PRODUCT_NAME = 'Patlas';

/** Storage key prefix (lower case, spec 1 §3 "Storage keys are prefixed with the product name and version"). */
export const STORAGE_PRODUCT = 'patlas';

/**
 * Version of what the app keeps in local storage. Raise it when a stored shape changes:
 * the stored values of the old version are then cleared at start.
 */
export const STORAGE_VERSION = '1';
