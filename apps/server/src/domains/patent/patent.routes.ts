import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { patentEndpoints as endpoints, type CompanyInfo, type PatentDetail } from '@patlas/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.js';
import { route } from '../../kernel/route.js';
import type { PatentService } from './patent.service.js';
import type { ReadMarkService } from './read-mark.service.js';

export interface PatentRoutesOptions {
  service: PatentService;
  drawingsDir: string;
  /** Reading marks: the detail call marks its patent read for its caller (absent: no marks). */
  readMarks?: ReadMarkService | undefined;
  /** What the operators' company information file says of the applicants (absent: nothing added). */
  companyInfo?: CompanyInfoSource | undefined;
}

/** The business domain's company information as the detail reads it (docs/company-fields.md). */
export interface CompanyInfoSource {
  infoOf(names: readonly string[]): Promise<Map<string, CompanyInfo>>;
}

/**
 * What the company information file says of the record's parties (applicants, assignees, current
 * owners), keyed by the name as written: found by the standardised name, else by the written one.
 */
async function companyInfoOf(detail: PatentDetail, source: CompanyInfoSource): Promise<Record<string, CompanyInfo>> {
  const parties = [...(detail.applicants ?? []), ...(detail.assignees ?? []), ...(detail.currentAssignees ?? [])];
  if (parties.length === 0) return {};
  const names = [...new Set(parties.flatMap((p) => [p.name, ...(p.standardName ? [p.standardName] : [])]))];
  const found = await source.infoOf(names);
  const info: Record<string, CompanyInfo> = {};
  for (const p of parties) {
    const hit = (p.standardName ? found.get(p.standardName) : undefined) ?? found.get(p.name);
    if (hit) info[p.name] = hit;
  }
  return info;
}

/** Patent detail, compare and drawings under /api/product/patent. */
export const patentRoutes: FastifyPluginAsyncZod<PatentRoutesOptions> = async (
  app,
  { service, drawingsDir, readMarks, companyInfo },
) => {
  route(
    app,
    endpoints.detail,
    {
      config: { access: '/search/detail' },
      schema: {
        summary: 'The whole patent record, found by any form of its publication or application number',
        tags: ['patent'],
      },
    },
    async (request) => {
      let detail = await service.getDetail(request.query.pn);
      if (companyInfo) {
        const info = await companyInfoOf(detail, companyInfo);
        if (Object.keys(info).length > 0) detail = { ...detail, companyInfo: info };
      }
      // Spec 2 §3/§9 reading marks: opening a patent marks it read for its user (IP visitors keep none).
      // A mark that cannot be written leaves the detail answered (and is logged).
      const userId = request.auth.userId;
      if (readMarks && userId !== null) {
        try {
          await readMarks.record(userId, detail.publicationNumber);
        } catch (err) {
          request.log.warn({ err }, 'reading mark not recorded');
        }
      }
      return { status: 1, message: '', data: detail };
    },
  );

  route(
    app,
    endpoints.readMarks,
    {
      config: { access: 'authenticated' },
      schema: {
        summary: 'Reading marks: which of these patents the caller has opened, and when',
        tags: ['patent'],
      },
    },
    async (request) => {
      const userId = request.auth.userId;
      const read =
        readMarks && userId !== null ? await readMarks.readAmong(userId, request.body.publicationNumbers) : [];
      return { status: 1, message: '', data: { read } };
    },
  );

  route(
    app,
    endpoints.drawings,
    {
      config: { access: ['/search/detail', '/search/result'] },
      schema: {
        summary: 'The drawings of several patents at once (result page, all-drawings view)',
        tags: ['patent'],
      },
    },
    async (request) => ({
      status: 1,
      message: '',
      data: { items: await service.getDrawings(request.body.publicationNumbers) },
    }),
  );

  route(
    app,
    endpoints.compare,
    {
      config: { access: ['/search/detail', '/search/result'] },
      schema: {
        summary: 'The patents of the compare dialog side by side (2 to 10, numbers in any form)',
        tags: ['patent'],
      },
    },
    async (request) => ({ status: 1, message: '', data: await service.compare(request.body.publicationNumbers) }),
  );

  route(
    app,
    endpoints.drawing,
    {
      // Public: <img> tags cannot send a bearer header, and drawings are published patent data.
      config: { access: 'public' },
      schema: {
        summary: 'A description drawing, converted for the browser at import',
        tags: ['patent'],
      },
    },
    async (request, reply) => {
      const file = path.join(drawingsDir, request.params.file);
      const info = await stat(file).catch(() => undefined);
      if (!info?.isFile()) throw new AppError('DRAWING_NOT_FOUND');
      const type = file.endsWith('.png') ? 'image/png' : 'image/jpeg';
      return reply
        .header('content-type', type)
        .header('content-length', info.size)
        .header('cache-control', 'public, max-age=86400')
        .send(createReadStream(file));
    },
  );
};
