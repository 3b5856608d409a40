import {
  DASHBOARD_ENDPOINTS_BY_KIND,
  dashboardsEndpoints,
  type DashboardJumpRequest,
  type DashboardKind,
  type DashboardOverviewRequest,
  type PatentMapAnalyRequest,
  type PatentMapClassificationRequest,
  type PatentMapJumpRequest,
} from '@patlas/contracts';
import { businessEndpoints } from '@patlas/contracts';
import { type RequestOptions } from '../../api/client';
import { call } from '../../api/endpoint-call';

type Options = Omit<RequestOptions, 'query'>;

/** `POST /api/product/dashboards/{kind}/overview`. */
export function fetchOverview(kind: DashboardKind, body: DashboardOverviewRequest, options: Options) {
  return call(DASHBOARD_ENDPOINTS_BY_KIND[kind].overview, { body }, options);
}

/** `POST /api/product/dashboards/{kind}/jump`: the result page of one figure. */
export function fetchDashboardJump(kind: DashboardKind, body: DashboardJumpRequest, options: Options) {
  return call(DASHBOARD_ENDPOINTS_BY_KIND[kind].jump, { body }, options);
}

/** `POST /api/product/dashboards/{kind}/entities`: the picker's choices with their counts. */
export function fetchEntities(kind: DashboardKind, q: string, options: Options) {
  return call(DASHBOARD_ENDPOINTS_BY_KIND[kind].entities, { body: { q, limit: 20 } }, options);
}

/** `POST /api/product/search/patentMap/classification`. */
export function fetchMapClassification(body: PatentMapClassificationRequest, options: Options) {
  return call(dashboardsEndpoints.patentMapClassification, { body }, options);
}

/** `POST /api/product/search/patentMap/analy`. */
export function fetchMapProvince(body: PatentMapAnalyRequest, options: Options) {
  return call(dashboardsEndpoints.patentMapAnaly, { body }, options);
}

/** `POST /api/product/search/patentMap/analysisJump`. */
export function fetchMapJump(body: PatentMapJumpRequest, options: Options) {
  return call(dashboardsEndpoints.patentMapJump, { body }, options);
}

/** `POST /api/product/business/search/business`: companies whose names contain the keyword. */
export function fetchCompanies(keyword: string, options: Options) {
  return call(businessEndpoints.searchCompanies, { body: { keyword, limit: 10 } }, options);
}

/** `POST /api/product/business/search/business/tree`: a company's variants and imported tree. */
export function fetchCompanyTree(name: string, options: Options) {
  return call(businessEndpoints.tree, { body: { name } }, options);
}

/** `POST /api/product/dashboards/{cu|co}/awards`: the subject's awarded patents (docs/awards.md). */
export function fetchDashboardAwards(kind: 'cu' | 'co', body: DashboardOverviewRequest, options: Options) {
  return call(DASHBOARD_ENDPOINTS_BY_KIND[kind].awards, { body }, options);
}
