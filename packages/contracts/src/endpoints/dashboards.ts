import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { AnalysisFilterSchema } from '../analysis.js';
import { DashboardAwardsSchema } from '../award.js';
import {
  DashboardEntitiesRequestSchema,
  DashboardEntitiesResponseSchema,
  DashboardJumpRequestSchema,
  DashboardJumpResponseSchema,
  DashboardOverviewRequestSchema,
  DashboardOverviewSchema,
  PatentMapAnalyRequestSchema,
  PatentMapAnalySchema,
  PatentMapClassificationRequestSchema,
  PatentMapClassificationSchema,
  PatentMapJumpRequestSchema,
  type DashboardKind,
} from '../dashboards.js';

/** The awarded patents with the expression and filters that open them on the result page. */
const DashboardAwardsResponseSchema = DashboardAwardsSchema.extend({
  searchExpre: z.string(),
  filters: z.array(AnalysisFilterSchema),
});

const overview = <const P extends `/${string}`>(path: P) =>
  endpoint({ method: 'POST', path, body: DashboardOverviewRequestSchema, response: DashboardOverviewSchema });
const jump = <const P extends `/${string}`>(path: P) =>
  endpoint({ method: 'POST', path, body: DashboardJumpRequestSchema, response: DashboardJumpResponseSchema });
const awards = <const P extends `/${string}`>(path: P) =>
  endpoint({ method: 'POST', path, body: DashboardOverviewRequestSchema, response: DashboardAwardsResponseSchema });
const entities = <const P extends `/${string}`>(path: P) =>
  endpoint({ method: 'POST', path, body: DashboardEntitiesRequestSchema, response: DashboardEntitiesResponseSchema });

/**
 * The region, university (cu) and company (co) dashboards of /analysis/* (spec 2 §6), each with the
 * same calls (awards only for cu and co), and the /patentMap dashboard (spec 2 §7 /search/patentMap/*).
 */
export const dashboardsEndpoints = {
  regionOverview: overview('/product/dashboards/region/overview'),
  regionJump: jump('/product/dashboards/region/jump'),
  regionEntities: entities('/product/dashboards/region/entities'),
  cuOverview: overview('/product/dashboards/cu/overview'),
  cuJump: jump('/product/dashboards/cu/jump'),
  cuAwards: awards('/product/dashboards/cu/awards'),
  cuEntities: entities('/product/dashboards/cu/entities'),
  coOverview: overview('/product/dashboards/co/overview'),
  coJump: jump('/product/dashboards/co/jump'),
  coAwards: awards('/product/dashboards/co/awards'),
  coEntities: entities('/product/dashboards/co/entities'),
  patentMapClassification: endpoint({
    method: 'POST',
    path: '/product/search/patentMap/classification',
    body: PatentMapClassificationRequestSchema,
    response: PatentMapClassificationSchema,
  }),
  patentMapAnaly: endpoint({
    method: 'POST',
    path: '/product/search/patentMap/analy',
    body: PatentMapAnalyRequestSchema,
    response: PatentMapAnalySchema,
  }),
  patentMapJump: endpoint({
    method: 'POST',
    path: '/product/search/patentMap/analysisJump',
    body: PatentMapJumpRequestSchema,
    response: DashboardJumpResponseSchema,
  }),
};

const e = dashboardsEndpoints;
/** A dashboard kind's calls, for the server's routes and the web's calls that take the kind. */
export const DASHBOARD_ENDPOINTS_BY_KIND = {
  region: { overview: e.regionOverview, jump: e.regionJump, entities: e.regionEntities, awards: undefined },
  cu: { overview: e.cuOverview, jump: e.cuJump, entities: e.cuEntities, awards: e.cuAwards },
  co: { overview: e.coOverview, jump: e.coJump, entities: e.coEntities, awards: e.coAwards },
} satisfies Record<DashboardKind, object>;
