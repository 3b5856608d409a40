import type { CompanyInfo, CompanyInfoImportResponse, CompanyInfoSummary, Language } from '@patlas/contracts';
import type { SheetReader } from '../../files/sheet-reader.js';
import { readCompanyInfoCsv, readCompanyInfoXlsx } from './company-info-file.js';
import type { CompanyInfoRepository, CompanyInfoRow } from './company-info.repository.js';
import { companyKey } from './company-names.js';

function toInfo(row: CompanyInfoRow): CompanyInfo {
  return {
    name: row.name,
    listed: row.listed === 1,
    board: row.board,
    stockCode: row.stock_code,
    type: row.company_type,
    region: row.region,
  };
}

/**
 * The operators' company information file ("企业信息表", docs/company-fields.md): listed or not,
 * board and stock code, type and region of the companies it names. It answers `PA-LISTED` (the
 * names it marks listed) and the detail page's parties table.
 */
export class CompanyInfoService {
  constructor(
    private readonly repository: CompanyInfoRepository,
    private readonly sheets: SheetReader,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Replaces the company information with the file's; malformed lines are listed and left out. */
  async importFile(file: Buffer, filename: string, lang: Language): Promise<CompanyInfoImportResponse> {
    const reading = /\.xlsx$/i.test(filename)
      ? await readCompanyInfoXlsx(file, lang, this.sheets)
      : readCompanyInfoCsv(file, lang);
    const importedAt = this.now().toISOString();
    if (reading.entries.length > 0) {
      await this.repository.replaceAll(
        reading.entries.map((e) => ({
          company_key: e.key,
          name: e.name,
          listed: e.listed ? 1 : 0,
          board: e.board,
          stock_code: e.stockCode,
          company_type: e.type,
          region: e.region,
          source: filename,
          line: e.line,
          imported_at: importedAt,
        })),
      );
    }
    return {
      companies: reading.entries.length,
      listed: reading.entries.filter((e) => e.listed).length,
      source: filename,
      errors: reading.errors,
    };
  }

  summary(): Promise<CompanyInfoSummary> {
    return this.repository.summary();
  }

  /**
   * The names the file marks listed (or not listed); undefined when no file has been imported.
   * `PA-LISTED=是` stands for these names (domains/search/listed-companies.ts).
   */
  async namesByListed(listed: boolean): Promise<string[] | undefined> {
    const { companies } = await this.repository.summary();
    if (companies === 0) return undefined;
    return this.repository.namesByListed(listed);
  }

  /** What the file says of these names (an applicant's standardised or written name), keyed by the name asked. */
  async infoOf(names: readonly string[]): Promise<Map<string, CompanyInfo>> {
    const keys = new Map(names.map((name) => [name, companyKey(name)]));
    const rows = await this.repository.byKeys([...new Set(keys.values())]);
    const byKey = new Map(rows.map((row) => [row.company_key, toInfo(row)]));
    const found = new Map<string, CompanyInfo>();
    for (const [name, key] of keys) {
      const info = byKey.get(key);
      if (info) found.set(name, info);
    }
    return found;
  }
}
