import { ERROR_CODES } from '@patlas/contracts';
import type { ImportItem, PatentFormat } from '../format.js';

/**
 * Excel 97–2003 workbooks (.xls, BIFF in an OLE2 compound file), as Derwent Innovation and the
 * CNIPA system export them, are refused with one report telling the user to save the file as
 * .xlsx: the maintained SheetJS releases are not on the npm registry (its 0.18.5 there has
 * unfixed advisories for crafted files), so no reader we would trust with uploads remains.
 */
export const legacyXlsFormat: PatentFormat = {
  id: 'legacy-xls',
  description: 'Excel 97–2003 .xls workbooks (Derwent, CNIPA): refused, save them as .xlsx',
  detect(_fileName, _head, probe) {
    return probe?.container === 'cfb';
  },
  async *read(file): AsyncGenerator<ImportItem> {
    const message = ERROR_CODES.IMPORT_XLS_LEGACY;
    yield { ok: false, file, line: 0, error: `${message.zh} / ${message.en}` };
  },
};
