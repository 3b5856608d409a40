import type { Language } from '@patlas/contracts';
import { zhResources } from './zh';

/**
 * The catalogues bundled with the app: zh, the default and the fallback. en is loaded on demand
 * (setup.ts `loadLanguage`), so English texts are not part of the first screen's download.
 */
export const resources = { zh: zhResources } as const;

export const NAMESPACES = [
  'common',
  'home',
  'patent',
  'status',
  'search',
  'help',
  'auth',
  'account',
  'sys',
  'history',
  'analysis',
  'chartSettings',
  'dashboards',
  'advancedSearch',
  'batchSearch',
  'classification',
  'lawSearch',
  'defenseSearch',
  'semanticSearch',
  'imageSearch',
  'dataImport',
  'compare',
  'message',
  'group',
  'applicantGroup',
  'share',
  'library',
  'export',
  'download',
  'alert',
  'duplicate',
  'specialTopics',
  'awards',
  'report',
  'innovationSpace',
  'formalReview',
  'upload',
  'myFile',
  'preEvaluation',
  'disclosure',
  'assistedWriting',
] as const;
export const LANGUAGES: readonly Language[] = ['zh', 'en'];
export const DEFAULT_LANGUAGE: Language = 'zh';

export function isLanguage(value: unknown): value is Language {
  return value === 'zh' || value === 'en';
}

/** The `lang` attribute of the document for a UI language. */
export function htmlLangOf(lang: Language): string {
  return lang === 'zh' ? 'zh-CN' : 'en';
}
