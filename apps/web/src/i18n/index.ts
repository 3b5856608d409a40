import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '@patlas/contracts';
import zhCommon from './zh-CN/common.json';
import zhHome from './zh-CN/home.json';
import zhPatent from './zh-CN/patent.json';
import zhStatus from './zh-CN/status.json';
import zhSearch from './zh-CN/search.json';
import zhHelp from './zh-CN/help.json';
import zhAuth from './zh-CN/auth.json';
import zhAccount from './zh-CN/account.json';
import zhSys from './zh-CN/sys.json';
import zhHistory from './zh-CN/history.json';
import zhAnalysis from './zh-CN/analysis.json';
import zhChartSettings from './zh-CN/chartSettings.json';
import zhDashboards from './zh-CN/dashboards.json';
import zhAdvancedSearch from './zh-CN/advancedSearch.json';
import zhBatchSearch from './zh-CN/batchSearch.json';
import zhClassification from './zh-CN/classification.json';
import zhLawSearch from './zh-CN/lawSearch.json';
import zhDefenseSearch from './zh-CN/defenseSearch.json';
import zhSemanticSearch from './zh-CN/semanticSearch.json';
import zhImageSearch from './zh-CN/imageSearch.json';
import zhDataImport from './zh-CN/dataImport.json';
import zhCompare from './zh-CN/compare.json';
import zhLibrary from './zh-CN/library.json';
import enCommon from './en-US/common.json';
import enHome from './en-US/home.json';
import enPatent from './en-US/patent.json';
import enStatus from './en-US/status.json';
import enSearch from './en-US/search.json';
import enHelp from './en-US/help.json';
import enAuth from './en-US/auth.json';
import enAccount from './en-US/account.json';
import enSys from './en-US/sys.json';
import enHistory from './en-US/history.json';
import enAnalysis from './en-US/analysis.json';
import enChartSettings from './en-US/chartSettings.json';
import enDashboards from './en-US/dashboards.json';
import enAdvancedSearch from './en-US/advancedSearch.json';
import enBatchSearch from './en-US/batchSearch.json';
import enClassification from './en-US/classification.json';
import enLawSearch from './en-US/lawSearch.json';
import enDefenseSearch from './en-US/defenseSearch.json';
import enSemanticSearch from './en-US/semanticSearch.json';
import enImageSearch from './en-US/imageSearch.json';
import enDataImport from './en-US/dataImport.json';
import enCompare from './en-US/compare.json';
import zhMessage from './zh-CN/message.json';
import zhGroup from './zh-CN/group.json';
import zhShare from './zh-CN/share.json';
import enMessage from './en-US/message.json';
import enGroup from './en-US/group.json';
import enShare from './en-US/share.json';
import enLibrary from './en-US/library.json';
import zhExport from './zh-CN/export.json';
import zhDownload from './zh-CN/download.json';
import enExport from './en-US/export.json';
import enDownload from './en-US/download.json';
import zhAlert from './zh-CN/alert.json';
import enAlert from './en-US/alert.json';
import zhDuplicate from './zh-CN/duplicate.json';
import enDuplicate from './en-US/duplicate.json';
import zhSpecialTopics from './zh-CN/specialTopics.json';
import enSpecialTopics from './en-US/specialTopics.json';
import zhAwards from './zh-CN/awards.json';
import enAwards from './en-US/awards.json';
import zhReport from './zh-CN/report.json';
import enReport from './en-US/report.json';
import zhFormalReview from './zh-CN/formalReview.json';
import enFormalReview from './en-US/formalReview.json';
import zhUpload from './zh-CN/upload.json';
import enUpload from './en-US/upload.json';
import zhMyFile from './zh-CN/myFile.json';
import enMyFile from './en-US/myFile.json';
import zhPreEvaluation from './zh-CN/preEvaluation.json';
import enPreEvaluation from './en-US/preEvaluation.json';
import zhDisclosure from './zh-CN/disclosure.json';
import enDisclosure from './en-US/disclosure.json';
import zhInnovationSpace from './zh-CN/innovationSpace.json';
import enInnovationSpace from './en-US/innovationSpace.json';
import zhAssistedWriting from './zh-CN/assistedWriting.json';
import enAssistedWriting from './en-US/assistedWriting.json';

/** One catalogue per feature and language (STYLE.md "i18n"); zh is the default and the fallback. */
export const resources = {
  zh: {
    common: zhCommon,
    home: zhHome,
    patent: zhPatent,
    status: zhStatus,
    search: zhSearch,
    help: zhHelp,
    auth: zhAuth,
    account: zhAccount,
    sys: zhSys,
    history: zhHistory,
    analysis: zhAnalysis,
    chartSettings: zhChartSettings,
    dashboards: zhDashboards,
    advancedSearch: zhAdvancedSearch,
    batchSearch: zhBatchSearch,
    classification: zhClassification,
    lawSearch: zhLawSearch,
    defenseSearch: zhDefenseSearch,
    semanticSearch: zhSemanticSearch,
    imageSearch: zhImageSearch,
    dataImport: zhDataImport,
    compare: zhCompare,
    message: zhMessage,
    group: zhGroup,
    share: zhShare,
    library: zhLibrary,
    export: zhExport,
    download: zhDownload,
    alert: zhAlert,
    duplicate: zhDuplicate,
    specialTopics: zhSpecialTopics,
    awards: zhAwards,
    report: zhReport,
    innovationSpace: zhInnovationSpace,
    formalReview: zhFormalReview,
    upload: zhUpload,
    myFile: zhMyFile,
    preEvaluation: zhPreEvaluation,
    disclosure: zhDisclosure,
    assistedWriting: zhAssistedWriting,
  },
  en: {
    common: enCommon,
    home: enHome,
    patent: enPatent,
    status: enStatus,
    search: enSearch,
    help: enHelp,
    auth: enAuth,
    account: enAccount,
    sys: enSys,
    history: enHistory,
    analysis: enAnalysis,
    chartSettings: enChartSettings,
    dashboards: enDashboards,
    advancedSearch: enAdvancedSearch,
    batchSearch: enBatchSearch,
    classification: enClassification,
    lawSearch: enLawSearch,
    defenseSearch: enDefenseSearch,
    semanticSearch: enSemanticSearch,
    imageSearch: enImageSearch,
    dataImport: enDataImport,
    compare: enCompare,
    message: enMessage,
    group: enGroup,
    share: enShare,
    library: enLibrary,
    export: enExport,
    download: enDownload,
    alert: enAlert,
    duplicate: enDuplicate,
    specialTopics: enSpecialTopics,
    awards: enAwards,
    report: enReport,
    innovationSpace: enInnovationSpace,
    formalReview: enFormalReview,
    upload: enUpload,
    myFile: enMyFile,
    preEvaluation: enPreEvaluation,
    disclosure: enDisclosure,
    assistedWriting: enAssistedWriting,
  },
} as const;

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

/** Creates a ready i18next instance (synchronous: the catalogues are bundled). */
export function createI18n(lang: Language): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources,
    lng: lang,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: LANGUAGES,
    ns: NAMESPACES,
    defaultNS: 'common',
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance;
}
