import type { Readable } from 'node:stream';
import type { Endpoint, EndpointBodyOut, ImportReport, ImportReportSchema, Language } from '@patlas/contracts';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { AuthContext, RouteAccess } from '../kernel/access.plugin.js';
import { route } from '../kernel/route.js';
import { ok } from '../envelope.js';
import { languageOf } from '../plugins/locale.js';
import { contentDisposition, XLSX_TYPE } from './spreadsheet.js';
import { readUpload } from './upload.js';

/** The export: a POST whose body chooses the rows (ids, or the list's filters). */
type ExportEndpoint = Endpoint<'POST', string, z.ZodType, undefined, undefined, undefined>;
/** The import: a multipart POST answering the import report. */
type ImportEndpoint = Endpoint<'POST', string, undefined, undefined, undefined, typeof ImportReportSchema>;

/** A per-user list that leaves as .xlsx and comes back from the same file (search and operation history). */
export interface XlsxExchange<Export extends ExportEndpoint> {
  access: RouteAccess;
  tag: string;
  exportEndpoint: Export;
  exportSummary: string;
  importEndpoint: ImportEndpoint;
  /** The file, as a stream when it is written as it is sent (exports of up to MAX_EXPORT_ROWS rows). */
  write(
    auth: AuthContext,
    query: EndpointBodyOut<Export>,
    lang: Language,
  ): Promise<{ file: Buffer | Readable; filename: string }>;
  read(auth: AuthContext, file: Buffer, lang: Language): Promise<ImportReport>;
}

/**
 * The export endpoint: the chosen rows as an .xlsx download. The import endpoint: one exported file
 * (multipart; a missing or empty file is refused), good rows imported, bad ones reported by line.
 */
export function registerXlsxExchange<Export extends ExportEndpoint>(
  app: FastifyInstance,
  exchange: XlsxExchange<Export>,
): void {
  route(
    app,
    exchange.exportEndpoint,
    {
      config: { access: exchange.access },
      schema: { summary: exchange.exportSummary, tags: [exchange.tag] },
    },
    async (request, reply) => {
      // Fastify's request typing does not narrow a generic endpoint's body; the route validated it.
      const body = request.body as EndpointBodyOut<Export>;
      const { file, filename } = await exchange.write(request.auth, body, languageOf(request));
      return reply.type(XLSX_TYPE).header('content-disposition', contentDisposition(filename)).send(file);
    },
  );
  route(
    app,
    exchange.importEndpoint,
    {
      config: { access: exchange.access },
      schema: {
        summary: 'Imports an exported .xlsx (multipart, one file); bad rows are reported with their line',
        tags: [exchange.tag],
        consumes: ['multipart/form-data'],
      },
    },
    async (request) => {
      const { file } = await readUpload(request);
      return ok(await exchange.read(request.auth, file, languageOf(request)));
    },
  );
}
