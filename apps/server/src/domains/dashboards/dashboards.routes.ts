import {
  DASHBOARD_ENDPOINTS_BY_KIND,
  DASHBOARD_KINDS,
  dashboardsEndpoints as endpoints,
  type DashboardKind,
  type TechnologyField,
} from '@patlas/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../kernel/route.js';
import { languageOf } from '../../plugins/locale.js';
import type { RouteAccess } from '../../kernel/access.plugin.js';
import type { DashboardsService } from './dashboards.service.js';
import { ok } from '../../envelope.js';

export interface DashboardsRoutesOptions {
  service: DashboardsService;
}

/**
 * Spec 2 §6: the university dashboard's data is the university database, the company dashboard's
 * the enterprise database; the region dashboard is in every user's menu (spec 1 §2), so any signed-in user.
 */
const KIND_ACCESS: Record<DashboardKind, RouteAccess> = {
  region: 'authenticated',
  cu: '/nationalUniversityDatabase',
  co: '/enterpriseDatabase',
};
const PATENT_MAP_ACCESS: RouteAccess = '/patentMap';

function fieldOf(body: TechnologyField): TechnologyField | undefined {
  return body.ipc || body.expression
    ? { ...(body.ipc ? { ipc: body.ipc } : {}), ...(body.expression ? { expression: body.expression } : {}) }
    : undefined;
}

/** /api/product/dashboards/{region|cu|co}/{overview|jump|entities}: the dashboards of /analysis/*. */
export const dashboardsRoutes: FastifyPluginAsyncZod<DashboardsRoutesOptions> = async (app, { service }) => {
  for (const kind of DASHBOARD_KINDS) {
    const access = KIND_ACCESS[kind];
    const kindEndpoints = DASHBOARD_ENDPOINTS_BY_KIND[kind];
    route(
      app,
      kindEndpoints.overview,
      {
        config: { access },
        schema: {
          summary: `The /analysis/${kind} dashboard of one subject: KPIs, trend, technology mix, rankings`,
          tags: ['dashboards'],
        },
      },
      async (request) => {
        const lang = languageOf(request);
        service.checkKind(kind, request.body.subject, lang);
        return ok(await service.overview(request.body.subject, request.body.field, lang));
      },
    );

    route(
      app,
      kindEndpoints.jump,
      {
        config: { access },
        schema: {
          summary: `The result page of one figure of the /analysis/${kind} dashboard, with its total`,
          tags: ['dashboards'],
        },
      },
      async (request) => {
        const lang = languageOf(request);
        const { subject, field, target } = request.body;
        service.checkKind(kind, subject, lang);
        return ok(await service.jump(subject, field, target, lang));
      },
    );

    if (kindEndpoints.awards) {
      route(
        app,
        kindEndpoints.awards,
        {
          config: { access },
          schema: {
            summary: `The awarded patents of the /analysis/${kind} subject (AWARD field): count, per award, newest 50`,
            tags: ['dashboards'],
          },
        },
        async (request) => {
          const lang = languageOf(request);
          service.checkKind(kind, request.body.subject, lang);
          return ok(await service.awards(request.body.subject, request.body.field, lang));
        },
      );
    }

    route(
      app,
      kindEndpoints.entities,
      {
        config: { access },
        schema: {
          summary: `Subjects of the /analysis/${kind} dashboard matching a text, with patent counts (the picker)`,
          tags: ['dashboards'],
        },
      },
      async (request) =>
        ok({ items: await service.entities(kind, request.body.q, request.body.limit, languageOf(request)) }),
    );
  }
};

/** Spec 2 §7 /search/patentMap/*: the /patentMap dashboard (China by province, drilling into universities). */
export const patentMapRoutes: FastifyPluginAsyncZod<DashboardsRoutesOptions> = async (app, { service }) => {
  route(
    app,
    endpoints.patentMapClassification,
    {
      config: { access: PATENT_MAP_ACCESS },
      schema: {
        summary: 'Patents per province of China, optionally in a technology field (IPC prefix or expression)',
        tags: ['dashboards'],
      },
    },
    async (request) => ok(await service.classification(fieldOf(request.body), languageOf(request))),
  );

  route(
    app,
    endpoints.patentMapAnaly,
    {
      config: { access: PATENT_MAP_ACCESS },
      schema: {
        summary: 'One province: its universities ranked, trend, technology mix and cities',
        tags: ['dashboards'],
      },
    },
    async (request) =>
      ok(
        await service.provinceAnaly(
          request.body.province,
          fieldOf(request.body),
          request.body.limit,
          languageOf(request),
        ),
      ),
  );

  route(
    app,
    endpoints.patentMapJump,
    {
      config: { access: PATENT_MAP_ACCESS },
      schema: {
        summary: 'A province, or a university within it, as a result page whose total is its count',
        tags: ['dashboards'],
      },
    },
    async (request) =>
      ok(
        await service.provinceJump(
          request.body.province,
          request.body.university,
          fieldOf(request.body),
          request.body.target,
          languageOf(request),
        ),
      ),
  );
};
