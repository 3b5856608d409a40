import type {
  AnalysisBucket,
  AnalysisFilter,
  BusinessSearchResponse,
  BusinessTreeImportResponse,
  BusinessTreeResponse,
  BusinessTreeSummary,
  Company,
  CompanySet,
  CompanyTreeNode,
  Language,
} from '@patlas/contracts';
import { currentCompanyName, type SearchEngine } from '@patlas/engine';
import { AppError } from '../../errors.js';
import type { PatentService } from '../patent/index.js';
import { toAppError, type SearchService } from '../search/index.js';
import type { BusinessRepository, CompanyRelationRow } from './business.repository.js';
import { companyKey, nameContains, phraseOf } from './company-names.js';
import { decodeCsv, describeTreeErrors, parseTreeCsv } from './tree-csv.js';

/** Names ranked in a keyword's set before keeping those that contain it. */
const CANDIDATES = 500;
/** Written names of a company listed (most patents first). */
const MAX_VARIANTS = 50;
/** Patents of a company whose records are read to pair written names with standardised ones. */
const VARIANT_SAMPLE = 300;
/** Written names matching a keyword whose standardised names are looked up in their records. */
const WRITTEN_LOOKUPS = 10;
/** Levels and nodes of a subsidiary tree answered (each node costs one analysis). */
const MAX_TREE_DEPTH = 8;
const MAX_TREE_NODES = 200;
/** Parent links followed upwards. */
const MAX_PARENT_CHAIN = 20;

/** A name's patents as the engine finds them: its standardised names, or failing those its written names. */
interface NodeSet {
  set: CompanySet;
  /** applicantStandard values when the name is (a spelling of) a standardised name. */
  standardNames: string[];
  patents: number;
}

function orPhrases(field: string, names: readonly string[]): string {
  return `${field}=(${names.map(phraseOf).join(' OR ')})`;
}

function termsOf(result: unknown): AnalysisBucket[] {
  const r = result as { kind: string; buckets?: AnalysisBucket[] };
  if (r.kind !== 'terms' || !r.buckets) throw new Error(`terms answered ${r.kind}`);
  return r.buckets;
}

/**
 * Companies built from the applicants (docs/companies.md): grouped by their standardised names
 * (the applicantStandard dimension: vendor 标准化申请人, else the name as written) and names that
 * differ only as companyKey allows; their written variants paired from the stored records; the
 * parent/subsidiary tree from the operators' imported CSV.
 */
export class BusinessService {
  constructor(
    private readonly engine: SearchEngine,
    private readonly search: SearchService,
    private readonly patents: PatentService,
    private readonly relations: BusinessRepository,
    private readonly now: () => Date = () => new Date(),
  ) {}

  private async rank(
    expression: string,
    filters: readonly AnalysisFilter[],
    lang: Language,
    limit: number,
  ): Promise<{ total: number; standard: AnalysisBucket[]; written: AnalysisBucket[] }> {
    const ast = this.search.parse(expression, lang);
    try {
      const res = await this.engine.aggregateEach(
        ast,
        [
          { kind: 'terms', dimension: 'applicantStandard', limit },
          { kind: 'terms', dimension: 'applicant', limit },
        ],
        { filters },
      );
      return { total: res.total, standard: termsOf(res.results[0]), written: termsOf(res.results[1]) };
    } catch (err) {
      throw toAppError(err);
    }
  }

  private async count(set: CompanySet, lang: Language): Promise<number> {
    try {
      return await this.engine.count(this.search.parse(set.searchExpre, lang), { filters: set.filters });
    } catch (err) {
      throw toAppError(err);
    }
  }

  /** Stored records of a set's first patents (best first). */
  private async sampleRecords(set: CompanySet, limit: number, lang: Language) {
    try {
      const ranked = await this.engine.rankedNumbers({
        ast: this.search.parse(set.searchExpre, lang),
        filters: set.filters,
        offset: 0,
        limit,
      });
      return [...(await this.patents.getByPublicationNumbers(ranked.publicationNumbers)).values()];
    } catch (err) {
      throw toAppError(err);
    }
  }

  /** The standardised names written names are paired with in their records (a written name → its standard). */
  private async standardsOfWritten(written: readonly string[], lang: Language): Promise<Map<string, string>> {
    const found = new Map<string, string>();
    for (const name of written) {
      const set = { searchExpre: orPhrases('PA', [name]), filters: [{ field: 'applicant' as const, values: [name] }] };
      for (const record of await this.sampleRecords(set, 20, lang)) {
        const party = record.applicants?.find((p) => p.name === name);
        if (party) {
          found.set(name, currentCompanyName((party.standardName ?? party.name).trim()));
          break;
        }
      }
    }
    return found;
  }

  /** Companies whose standardised or written names contain the keyword, most patents first. */
  async searchCompanies(keyword: string, limit: number, lang: Language): Promise<BusinessSearchResponse> {
    const started = performance.now();
    const ranked = await this.rank(
      `${orPhrases('PA-STD', [keyword])} OR ${orPhrases('PA', [keyword])}`,
      [],
      lang,
      CANDIDATES,
    );
    // Standardised names grouped by companyKey, with their patent counts in the keyword's set.
    const groups = new Map<string, Map<string, number>>();
    const add = (name: string, count: number) => {
      const key = companyKey(name);
      const group = groups.get(key) ?? new Map<string, number>();
      group.set(name, Math.max(group.get(name) ?? 0, count));
      groups.set(key, group);
    };
    const standardNames = new Set(ranked.standard.map((b) => b.key));
    for (const b of ranked.standard) if (nameContains(b.key, keyword)) add(b.key, b.count);
    // A written name that is not itself a standardised name: the company is its standardised name.
    const written = ranked.written
      .filter((b) => nameContains(b.key, keyword) && !standardNames.has(b.key))
      .slice(0, WRITTEN_LOOKUPS);
    const standards = await this.standardsOfWritten(
      written.map((b) => b.key),
      lang,
    );
    for (const b of written) {
      const standard = standards.get(b.key);
      if (standard) add(standard, b.count);
    }
    const ordered = [...groups.values()]
      .map((names) => [...names.entries()].sort((a, b) => b[1] - a[1]))
      .sort((a, b) => b.reduce((n, [, c]) => n + c, 0) - a.reduce((n, [, c]) => n + c, 0))
      .slice(0, limit);
    const companies: Company[] = [];
    for (const names of ordered)
      companies.push(
        await this.describe(
          names.map(([name]) => name),
          lang,
        ),
      );
    companies.sort((a, b) => b.patents - a.patents);
    return { companies, tookMs: Math.round(performance.now() - started) };
  }

  /** A company of these standardised names (most frequent first): its patents, written variants and tree links. */
  private async describe(standardNames: readonly string[], lang: Language): Promise<Company> {
    const set: CompanySet = {
      searchExpre: orPhrases('PA-STD', standardNames),
      filters: [{ field: 'applicantStandard', values: [...standardNames] }],
    };
    const ranked = await this.rank(set.searchExpre, set.filters, lang, 200);
    const wanted = new Set(standardNames);
    // Which written names stand for these standardised names: read off the records' pairs.
    const paired = new Set<string>();
    for (const record of await this.sampleRecords(set, VARIANT_SAMPLE, lang)) {
      for (const p of record.applicants ?? []) {
        if (wanted.has(currentCompanyName((p.standardName ?? p.name).trim()))) paired.add(p.name);
      }
    }
    const counts = new Map(ranked.written.map((b) => [b.key, b.count]));
    const variants = [...paired].map((name) => ({ name, count: counts.get(name) ?? 0 }));
    for (const v of variants) {
      // A variant outside the ranked written names: count it exactly.
      if (v.count === 0) {
        v.count = await this.count(
          {
            searchExpre: orPhrases('PA', [v.name]),
            filters: [...set.filters, { field: 'applicant', values: [v.name] }],
          },
          lang,
        );
      }
    }
    variants.sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
    const order = new Map(ranked.standard.map((b) => [b.key, b.count]));
    const names = [...standardNames].sort((a, b) => (order.get(b) ?? 0) - (order.get(a) ?? 0));
    const name = names[0] ?? '';
    const key = companyKey(name);
    const parent = await this.relations.findByChild(key);
    const subsidiaries = await this.relations.countChildren(key);
    return {
      name,
      standardNames: names,
      variants: variants.slice(0, MAX_VARIANTS),
      patents: ranked.total,
      set,
      tree: parent || subsidiaries > 0 ? { parent: parent?.parent_name ?? null, subsidiaries } : null,
    };
  }

  /** A name's own patents: its standardised names (same companyKey), else its written names. */
  private async nodeSet(name: string, lang: Language): Promise<NodeSet> {
    const key = companyKey(name);
    const ranked = await this.rank(`${orPhrases('PA-STD', [name])} OR ${orPhrases('PA', [name])}`, [], lang, 200);
    const standard = ranked.standard.filter((b) => companyKey(b.key) === key).map((b) => b.key);
    if (standard.length > 0) {
      const set: CompanySet = {
        searchExpre: orPhrases('PA-STD', standard),
        filters: [{ field: 'applicantStandard', values: standard }],
      };
      return { set, standardNames: standard, patents: await this.count(set, lang) };
    }
    const written = ranked.written.filter((b) => companyKey(b.key) === key).map((b) => b.key);
    const names = written.length > 0 ? written : [name];
    const set: CompanySet = { searchExpre: orPhrases('PA', names), filters: [{ field: 'applicant', values: names }] };
    return { set, standardNames: [], patents: written.length > 0 ? await this.count(set, lang) : 0 };
  }

  /** The company a name designates: its standardised names, or the standardised name of a written variant. */
  private async companyNamed(name: string, lang: Language): Promise<Company | undefined> {
    const node = await this.nodeSet(name, lang);
    if (node.standardNames.length > 0) return this.describe(node.standardNames, lang);
    const written = node.set.filters[0]?.values ?? [];
    if (node.patents === 0) return undefined;
    const standards = [...new Set((await this.standardsOfWritten(written.slice(0, 5), lang)).values())];
    return standards.length > 0 ? this.describe(standards, lang) : undefined;
  }

  /** The tree of a company: its parent chain and its subsidiaries as imported, each with its patents. */
  async tree(name: string, lang: Language): Promise<BusinessTreeResponse> {
    const started = performance.now();
    const found = await this.companyNamed(name, lang);
    const key = companyKey(found?.name ?? name);
    const own = (await this.relations.findByChild(key)) ?? (await this.relations.findChildren([key]))[0];
    if (!found && !own) throw new AppError('BUSINESS_COMPANY_NOT_FOUND', { name });
    const company: Company = found ?? {
      name,
      standardNames: [name],
      variants: [],
      patents: 0,
      set: { searchExpre: orPhrases('PA-STD', [name]), filters: [{ field: 'applicantStandard', values: [name] }] },
      tree: null,
    };

    const nodeOf = (nodeName: string, edge: CompanyRelationRow | undefined, node: NodeSet): CompanyTreeNode => ({
      name: nodeName,
      share: edge?.share ?? null,
      relation: edge?.relation ?? null,
      patents: node.patents,
      set: node.set,
      children: [],
    });

    const parents: CompanyTreeNode[] = [];
    const seen = new Set<string>([key]);
    let link = await this.relations.findByChild(key);
    const rootEdge = link;
    while (link && parents.length < MAX_PARENT_CHAIN && !seen.has(link.parent_key)) {
      seen.add(link.parent_key);
      const up = await this.relations.findByChild(link.parent_key);
      parents.push(nodeOf(link.parent_name, up, await this.nodeSet(link.parent_name, lang)));
      link = up;
    }

    const root: CompanyTreeNode = {
      name: company.name,
      share: rootEdge?.share ?? null,
      relation: rootEdge?.relation ?? null,
      patents: company.patents,
      set: company.set,
      children: [],
    };
    const allStandard = new Set(company.standardNames);
    let allByStandard = true;
    const expressions = [company.set.searchExpre];
    let level: { key: string; node: CompanyTreeNode }[] = [{ key, node: root }];
    let nodes = 1;
    const inside = new Set<string>([key]);
    for (let depth = 0; depth < MAX_TREE_DEPTH && level.length > 0 && nodes < MAX_TREE_NODES; depth++) {
      const children = await this.relations.findChildren(level.map((l) => l.key));
      const byParent = new Map(level.map((l) => [l.key, l.node]));
      const next: typeof level = [];
      for (const edge of children) {
        if (nodes >= MAX_TREE_NODES || inside.has(edge.child_key)) continue;
        inside.add(edge.child_key);
        nodes++;
        const node = await this.nodeSet(edge.child_name, lang);
        const child = nodeOf(edge.child_name, edge, node);
        if (node.standardNames.length > 0) node.standardNames.forEach((n) => allStandard.add(n));
        else if (node.patents > 0) allByStandard = false;
        if (node.patents > 0) expressions.push(node.set.searchExpre);
        byParent.get(edge.parent_key)?.children.push(child);
        next.push({ key: edge.child_key, node: child });
      }
      level = next;
    }
    // The union: exact when every node is found by its standardised names; else the expressions alone.
    const unionSet: CompanySet = allByStandard
      ? {
          searchExpre: orPhrases('PA-STD', [...allStandard]),
          filters: [{ field: 'applicantStandard', values: [...allStandard] }],
        }
      : { searchExpre: expressions.map((e) => `(${e})`).join(' OR '), filters: [] };
    return {
      company,
      parents,
      root,
      inTree: own !== undefined,
      withSubsidiaries: {
        patents: nodes > 1 ? await this.count(unionSet, lang) : company.patents,
        set: nodes > 1 ? unionSet : company.set,
      },
      tookMs: Math.round(performance.now() - started),
    };
  }

  /** Replaces the imported tree with an operator's CSV; any malformed row refuses the whole file. */
  async importTree(file: Buffer, filename: string, lang: Language): Promise<BusinessTreeImportResponse> {
    const parsed = parseTreeCsv(decodeCsv(file), lang);
    if (!parsed.ok) throw new AppError('BUSINESS_TREE_INVALID', { lines: describeTreeErrors(parsed.errors, lang) });
    const importedAt = this.now().toISOString();
    await this.relations.replaceAll(
      parsed.relations.map((r) => ({
        child_key: r.childKey,
        child_name: r.childName,
        parent_key: r.parentKey,
        parent_name: r.parentName,
        share: r.share,
        relation: r.relation,
        source: filename,
        line: r.line,
        imported_at: importedAt,
      })),
    );
    const companies = new Set(parsed.relations.flatMap((r) => [r.parentKey, r.childKey]));
    return { relations: parsed.relations.length, companies: companies.size, source: filename };
  }

  treeSummary(): Promise<BusinessTreeSummary> {
    return this.relations.summary();
  }
}
