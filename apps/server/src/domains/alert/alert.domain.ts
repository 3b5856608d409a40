import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { alertRoutes } from './alert.routes.js';
import type { AlertService } from './alert.service.js';

export interface AlertDomainDeps {
  alerts: AlertService;
}

/** E-mail alerts; registered under /api/product. */
export const alertDomain: FastifyPluginAsyncZod<AlertDomainDeps> = async (app, { alerts }) => {
  await app.register(alertRoutes, { service: alerts });
};
