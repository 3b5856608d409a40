import { businessEndpoints as endpoints, MAX_TREE_CSV_BYTES, SYS_PERMISSION } from '@patlas/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../kernel/route.js';
import { ok } from '../../envelope.js';
import { AppError } from '../../errors.js';
import { readUpload } from '../../files/upload.js';
import { languageOf } from '../../plugins/locale.js';
import type { RouteAccess } from '../../kernel/access.plugin.js';
import type { BusinessService } from './business.service.js';
import type { CompanyInfoService } from './company-info.service.js';

export interface BusinessRoutesOptions {
  service: BusinessService;
}

/** Spec 2 §6: company data is the enterprise database (the same permission as /analysis/co). */
const ENTERPRISE: RouteAccess = '/enterpriseDatabase';

/** /api/product/business/search/business and /tree (spec 2 §7). */
export const businessRoutes: FastifyPluginAsyncZod<BusinessRoutesOptions> = async (app, { service }) => {
  route(
    app,
    endpoints.searchCompanies,
    {
      config: { access: ENTERPRISE },
      schema: {
        summary:
          'Companies whose standardised or written applicant names contain the keyword, with variants, patents and tree links',
        tags: ['business'],
      },
    },
    async (request) => {
      const { keyword, limit } = request.body;
      return ok(await service.searchCompanies(keyword, limit, languageOf(request)));
    },
  );

  route(
    app,
    endpoints.tree,
    {
      config: { access: ENTERPRISE },
      schema: {
        summary: 'The imported parent chain and subsidiaries of a company, each with its patents',
        tags: ['business'],
      },
    },
    async (request) => ok(await service.tree(request.body.name, languageOf(request))),
  );
};

export interface BusinessPlatformRoutesOptions extends BusinessRoutesOptions {
  companyInfo: CompanyInfoService;
}

/** /api/platform/business/tree and /companyInfo: the operators' imports of the parent/subsidiary CSV and the company information file. */
export const businessPlatformRoutes: FastifyPluginAsyncZod<BusinessPlatformRoutesOptions> = async (
  app,
  { service, companyInfo },
) => {
  route(
    app,
    endpoints.treeSummary,
    {
      config: { access: SYS_PERMISSION },
      schema: {
        summary: 'How many relations the imported company tree holds, and from which file',
        tags: ['business'],
      },
    },
    async () => ok(await service.treeSummary()),
  );

  route(
    app,
    endpoints.importTree,
    {
      config: { access: SYS_PERMISSION },
      schema: {
        summary:
          'Replaces the company tree with a CSV (parent, child, share, relationship); malformed rows are listed by line',
        tags: ['business'],
        consumes: ['multipart/form-data'],
      },
    },
    async (request) => {
      const { file, filename } = await readUpload(request, {
        limit: {
          bytes: MAX_TREE_CSV_BYTES,
          tooLarge: () => new AppError('IMPORT_FILE_TOO_LARGE', { name: 'CSV', max: '5MB' }),
        },
      });
      if (!/\.(csv|txt)$/i.test(filename)) throw new AppError('IMPORT_FILE_TYPE', { types: '.csv' });
      return ok(await service.importTree(file, filename, languageOf(request)));
    },
  );

  route(
    app,
    endpoints.companyInfoSummary,
    {
      config: { access: SYS_PERMISSION },
      schema: {
        summary: 'How many companies the imported company information file holds, how many listed, and which file',
        tags: ['business'],
      },
    },
    async () => ok(await companyInfo.summary()),
  );

  route(
    app,
    endpoints.importCompanyInfo,
    {
      config: { access: SYS_PERMISSION },
      schema: {
        summary:
          'Replaces the company information (name, listed, board, stock code, type, region) with a CSV or XLSX; malformed rows are listed by line and the rest imported',
        tags: ['business'],
        consumes: ['multipart/form-data'],
      },
    },
    async (request) => {
      const { file, filename } = await readUpload(request, {
        limit: {
          bytes: MAX_TREE_CSV_BYTES,
          tooLarge: () => new AppError('IMPORT_FILE_TOO_LARGE', { name: 'CSV / XLSX', max: '5MB' }),
        },
      });
      if (!/\.(csv|txt|xlsx)$/i.test(filename)) throw new AppError('IMPORT_FILE_TYPE', { types: '.csv, .xlsx' });
      return ok(await companyInfo.importFile(file, filename, languageOf(request)));
    },
  );
};
