import type { AnalysisTarget } from '@patlas/contracts';
import type { ChartModel as SharedChartModel } from '@patlas/charts';
import type { TEXT_JUMP_PATHS } from './api';

// The model and its option builders live in @patlas/charts (the server's reports draw the same options).
export { isViewType, tableRows, VIEW_TYPES } from '@patlas/charts';
export type { ChartCategory, ChartSeries, ViewType } from '@patlas/charts';

/** How a chart element opens its patents: a drill-down (analysis jump) or one patent. */
export type ChartElementAction =
  | { kind: 'jump'; target: AnalysisTarget }
  /** The text-mining charts' own jumps: the set plus `body` (word, cluster id, landscape region). */
  | { kind: 'textJump'; path: (typeof TEXT_JUMP_PATHS)[keyof typeof TEXT_JUMP_PATHS]; body: Record<string, unknown> }
  | { kind: 'patent'; publicationNumber: string }
  /** An applicant group's bar (issue 46): the set's expression AND `PA=@组名`. */
  | { kind: 'applicantGroup'; group: string };

/** A chart of the analysis page: its elements open drill-downs. */
export type ChartModel = SharedChartModel<ChartElementAction>;
