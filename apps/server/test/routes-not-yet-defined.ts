/**
 * Routes not yet defined in @patlas/contracts (issue 42, "endpoints defined once"): each is registered
 * by hand in its domain's routes file and called by a hand-written path in the web app. Moving one to
 * a definition (packages/contracts/src/endpoints/, kernel/route.ts, api/endpoint-call.ts) removes it
 * here; endpoints.test.ts fails when the list names a route that is defined or gone.
 */
export const ROUTES_NOT_YET_DEFINED: readonly string[] = [
  'DELETE /api/platform/platform/logout',
  'GET /api/platform/platform/logout',
  'GET /api/product/download/progress/:id',
  'PATCH /api/platform/platform/logout',
  'POST /api/platform/platform/logout',
  'PUT /api/platform/platform/logout',
];
