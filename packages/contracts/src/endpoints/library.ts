import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import {
  LabelCancelRequestSchema,
  LabelCancelResponseSchema,
  LabelListRequestSchema,
  LabelListResponseSchema,
  LabelSetRequestSchema,
  LabelSetResponseSchema,
  LibraryCombineRequestSchema,
  LibraryCombineResponseSchema,
  LibraryDeleteRequestSchema,
  LibraryDeleteResponseSchema,
  LibraryExportRequestSchema,
  LibraryImportQuerySchema,
  LibraryImportResponseSchema,
  LibraryListRequestSchema,
  LibraryListResponseSchema,
  LibraryLogListRequestSchema,
  LibraryLogPageSchema,
  LibraryQuitRequestSchema,
  LibrarySaveRequestSchema,
  LibrarySaveResponseSchema,
  LibraryShareDoneSchema,
  LibraryShareRequestSchema,
  LibraryShareResponseSchema,
  LibraryShareStatusRequestSchema,
  LibraryUpdateRequestSchema,
  LibraryUpdateResponseSchema,
} from '../library.js';

/** Libraries (spec 2 §7): /archive/v2/* and /labelmanage/*. */
export const libraryEndpoints = {
  /** JSON: create a folder, collect, save an expression. Multipart with ?action=import&folderId=…: import a file. */
  save: endpoint({
    method: 'POST',
    path: '/product/archive/v2/save',
    // The query of a multipart import; a JSON save carries none.
    query: LibraryImportQuerySchema.partial(),
    // Absent for a multipart import (the file is read from the stream).
    body: LibrarySaveRequestSchema.nullish(),
    response: z.union([LibrarySaveResponseSchema, LibraryImportResponseSchema]),
  }),
  update: endpoint({
    method: 'POST',
    path: '/product/archive/v2/update',
    body: LibraryUpdateRequestSchema,
    response: LibraryUpdateResponseSchema,
  }),
  remove: endpoint({
    method: 'POST',
    path: '/product/archive/v2/delete',
    body: LibraryDeleteRequestSchema,
    response: LibraryDeleteResponseSchema,
  }),
  list: endpoint({
    method: 'POST',
    path: '/product/archive/v2/list',
    body: LibraryListRequestSchema,
    response: LibraryListResponseSchema,
  }),
  share: endpoint({
    method: 'POST',
    path: '/product/archive/v2/share',
    body: LibraryShareRequestSchema,
    response: LibraryShareResponseSchema,
  }),
  quit: endpoint({
    method: 'POST',
    path: '/product/archive/v2/share/quit',
    body: LibraryQuitRequestSchema,
    response: LibraryShareDoneSchema,
  }),
  respond: endpoint({
    method: 'POST',
    path: '/product/archive/v2/share/status/update',
    body: LibraryShareStatusRequestSchema,
    response: LibraryShareDoneSchema,
  }),
  /** Answers the spreadsheet itself (content-disposition). */
  exportFile: endpoint({
    method: 'POST',
    path: '/product/archive/v2/export',
    body: LibraryExportRequestSchema,
  }),
  combine: endpoint({
    method: 'POST',
    path: '/product/archive/v2/combined',
    body: LibraryCombineRequestSchema,
    response: LibraryCombineResponseSchema,
  }),
  logs: endpoint({
    method: 'POST',
    path: '/product/archive/v2/oper/log/list',
    body: LibraryLogListRequestSchema,
    response: LibraryLogPageSchema,
  }),
  labels: endpoint({
    method: 'POST',
    path: '/product/labelmanage/list',
    body: LabelListRequestSchema,
    response: LabelListResponseSchema,
  }),
  setLabel: endpoint({
    method: 'POST',
    path: '/product/labelmanage/set',
    body: LabelSetRequestSchema,
    response: LabelSetResponseSchema,
  }),
  cancelLabel: endpoint({
    method: 'POST',
    path: '/product/labelmanage/cancel',
    body: LabelCancelRequestSchema,
    response: LabelCancelResponseSchema,
  }),
};
