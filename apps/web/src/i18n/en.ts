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
import enMessage from './en-US/message.json';
import enGroup from './en-US/group.json';
import enApplicantGroup from './en-US/applicantGroup.json';
import enShare from './en-US/share.json';
import enLibrary from './en-US/library.json';
import enExport from './en-US/export.json';
import enDownload from './en-US/download.json';
import enAlert from './en-US/alert.json';
import enDuplicate from './en-US/duplicate.json';
import enSpecialTopics from './en-US/specialTopics.json';
import enAwards from './en-US/awards.json';
import enReport from './en-US/report.json';
import enInnovationSpace from './en-US/innovationSpace.json';
import enFormalReview from './en-US/formalReview.json';
import enUpload from './en-US/upload.json';
import enMyFile from './en-US/myFile.json';
import enPreEvaluation from './en-US/preEvaluation.json';
import enDisclosure from './en-US/disclosure.json';
import enAssistedWriting from './en-US/assistedWriting.json';

/** The en catalogues, loaded when the UI switches to English (setup.ts `loadLanguage`): not in the first load. */
export const enResources = {
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
  applicantGroup: enApplicantGroup,
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
} as const;
