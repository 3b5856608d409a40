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
import zhMessage from './zh-CN/message.json';
import zhGroup from './zh-CN/group.json';
import zhApplicantGroup from './zh-CN/applicantGroup.json';
import zhShare from './zh-CN/share.json';
import zhLibrary from './zh-CN/library.json';
import zhExport from './zh-CN/export.json';
import zhDownload from './zh-CN/download.json';
import zhAlert from './zh-CN/alert.json';
import zhDuplicate from './zh-CN/duplicate.json';
import zhSpecialTopics from './zh-CN/specialTopics.json';
import zhAwards from './zh-CN/awards.json';
import zhReport from './zh-CN/report.json';
import zhInnovationSpace from './zh-CN/innovationSpace.json';
import zhFormalReview from './zh-CN/formalReview.json';
import zhUpload from './zh-CN/upload.json';
import zhMyFile from './zh-CN/myFile.json';
import zhPreEvaluation from './zh-CN/preEvaluation.json';
import zhDisclosure from './zh-CN/disclosure.json';
import zhAssistedWriting from './zh-CN/assistedWriting.json';

/** The zh catalogues, one per feature (STYLE.md "i18n"): the default language and the fallback, bundled with the app shell. */
export const zhResources = {
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
  applicantGroup: zhApplicantGroup,
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
} as const;
