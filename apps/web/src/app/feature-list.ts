import type { Feature } from './define-feature';
import { authFeature } from '../features/auth/feature';
import { homeFeature } from '../features/home/feature';
import { patentDetailFeature } from '../features/patent-detail/feature';
import { searchFeature } from '../features/search/feature';
import { helpFeature } from '../features/help/feature';
import { accountFeature } from '../features/account/feature';
import { historyFeature } from '../features/history/feature';
import { advancedSearchFeature } from '../features/advanced-search/feature';
import { batchSearchFeature } from '../features/batch-search/feature';
import { imageSearchFeature } from '../features/image-search/feature';
import { lawSearchFeature } from '../features/law-search/feature';
import { defenseSearchFeature } from '../features/defense-search/feature';
import { classificationFeature } from '../features/classification/feature';
import { dashboardsFeature } from '../features/dashboards/feature';
import { analysisFeature } from '../features/analysis/feature';
import { sysFeature } from '../features/sys/feature';
import { dataImportFeature } from '../features/data-import/feature';
import { libraryFeature } from '../features/library/feature';
import { statusFeature } from '../features/status/feature';
import { messageFeature } from '../features/message/feature';
import { groupFeature } from '../features/group/feature';
import { applicantGroupFeature } from '../features/applicant-group/feature';
import { shareFeature } from '../features/share/feature';
import { downloadFeature } from '../features/download/feature';
import { alertFeature } from '../features/alert/feature';
import { duplicateFeature } from '../features/duplicate/feature';
import { specialTopicsFeature } from '../features/special-topics/feature';
import { awardsFeature } from '../features/awards/feature';
import { reportFeature } from '../features/report/feature';
import { myFileFeature } from '../features/my-file/feature';
import { preEvaluationFeature } from '../features/pre-evaluation/feature';
import { disclosureFeature } from '../features/disclosure/feature';
import { innovationSpaceFeature } from '../features/innovation-space/feature';
import { assistedWritingFeature } from '../features/assisted-writing/feature';

/**
 * Every feature of the app. A new page is its feature's declaration (features/X/feature.ts) plus,
 * for a new feature, one line here; the router, the menus and the tab bar follow.
 */
export const FEATURES: readonly Feature[] = [
  authFeature,
  homeFeature,
  patentDetailFeature,
  searchFeature,
  helpFeature,
  accountFeature,
  historyFeature,
  advancedSearchFeature,
  batchSearchFeature,
  imageSearchFeature,
  lawSearchFeature,
  defenseSearchFeature,
  classificationFeature,
  dashboardsFeature,
  analysisFeature,
  sysFeature,
  dataImportFeature,
  libraryFeature,
  statusFeature,
  messageFeature,
  groupFeature,
  applicantGroupFeature,
  shareFeature,
  downloadFeature,
  alertFeature,
  duplicateFeature,
  specialTopicsFeature,
  awardsFeature,
  reportFeature,
  innovationSpaceFeature,
  myFileFeature,
  preEvaluationFeature,
  disclosureFeature,
  assistedWritingFeature,
];
