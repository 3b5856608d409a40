import 'i18next';
import type { zhResources } from './zh';

// Keys are typed from the zh catalogues, so a missing or misspelt key fails the type check.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: typeof zhResources;
  }
}
