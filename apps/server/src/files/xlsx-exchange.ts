import type { Readable } from 'node:stream';
import { envelopeOf, ImportReportSchema, type ImportReport, type Language } from '@patlas/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { AuthContext, RouteAccess } from '../kernel/access.plugin.js';
import { ok } from '../envelope.js';
import { languageOf } from '../plugins/locale.js';
import { contentDisposition, XLSX_TYPE } from './spreadsheet.js';
import { readUpload } from './upload.js';

/** A per-user list that leaves as .xlsx and comes back from the same file (search and operation history). */
export interface XlsxExchange<Query extends z.ZodTypeAny> {
  access: RouteAccess;
  tag: string;
  exportPath: string;
  /** What is chosen for export: ids, or the list's filters. */
  exportBody: Query;
  exportSummary: string;
  importPath: string;
  /** The file, as a stream when it is written as it is sent (exports of up to MAX_EXPORT_ROWS rows). */
  write(
    auth: AuthContext,
    query: z.infer<Query>,
    lang: Language,
  ): Promise<{ file: Buffer | Readable; filename: string }>;
  read(auth: AuthContext, file: Buffer, lang: Language): Promise<ImportReport>;
}

/**
 * POST <exportPath>: the chosen rows as an .xlsx download. POST <importPath>: one exported file
 * (multipart; a missing or empty file is refused), good rows imported, bad ones reported by line.
 */
export function registerXlsxExchange<Query extends z.ZodTypeAny>(
  app: FastifyInstance,
  exchange: XlsxExchange<Query>,
): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.post(
    exchange.exportPath,
    {
      config: { access: exchange.access },
      schema: { summary: exchange.exportSummary, tags: [exchange.tag], body: exchange.exportBody },
    },
    async (request, reply) => {
      const { file, filename } = await exchange.write(
        request.auth,
        request.body as z.infer<Query>,
        languageOf(request),
      );
      return reply.type(XLSX_TYPE).header('content-disposition', contentDisposition(filename)).send(file);
    },
  );
  routes.post(
    exchange.importPath,
    {
      config: { access: exchange.access },
      schema: {
        summary: 'Imports an exported .xlsx (multipart, one file); bad rows are reported with their line',
        tags: [exchange.tag],
        consumes: ['multipart/form-data'],
        response: { 200: envelopeOf(ImportReportSchema) },
      },
    },
    async (request) => {
      const { file } = await readUpload(request);
      return ok(await exchange.read(request.auth, file, languageOf(request)));
    },
  );
}
