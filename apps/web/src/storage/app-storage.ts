import { STORAGE_PRODUCT, STORAGE_VERSION } from '../config';
import { createProductStorage } from './storage';

/** The app's one storage instance; faults are logged for developers, never shown as errors to the user. */
export const appStorage = createProductStorage({ product: STORAGE_PRODUCT, version: STORAGE_VERSION });
