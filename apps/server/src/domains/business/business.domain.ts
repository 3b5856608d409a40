import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { businessPlatformRoutes, businessRoutes } from './business.routes.js';
import type { BusinessService } from './business.service.js';
import type { CompanyInfoService } from './company-info.service.js';

export interface BusinessDomainDeps {
  business: BusinessService;
  /** the operators' company information file (listed or not, type, region) */
  companyInfo: CompanyInfoService;
}

/** Companies and their trees (issue 20): search and tree under /api/product, the tree import under /api/platform. */
export const businessDomain: FastifyPluginAsyncZod<BusinessDomainDeps> = async (app, { business, companyInfo }) => {
  await app.register(businessRoutes, { prefix: '/product', service: business });
  await app.register(businessPlatformRoutes, { prefix: '/platform', service: business, companyInfo });
};
