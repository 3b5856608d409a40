import type { Language } from '@patlas/contracts';
import { makeOr, type QueryNode, type TermNode } from '@patlas/query';
import { referenceError } from './expression-search.js';

/**
 * What `PA-LISTED=是` stands for (issue 46 item 4, docs/company-fields.md): the names the operators'
 * company information file marks listed (or, for 否, not listed); undefined when no file has been
 * imported. Answered by the business domain (given at construction by composition/search.ts).
 */
export interface ListedCompanySource {
  namesByListed(listed: boolean): Promise<string[] | undefined>;
}

const FIELD = 'PA-LISTED';
/** The field the names are searched in: the applicants' standardised names (else their written ones). */
const NAME_FIELD = 'PA-STD';
/** Searched when the file names no company of the asked kind: a phrase no applicant bears. */
const NO_COMPANY = 'PATLAS NO COMPANY OF THIS KIND';

const YES = /^(是|y|yes|true|1|listed|上市|已上市)$/i;
const NO = /^(否|n|no|false|0|unlisted|未上市|非上市)$/i;

function listedTerms(ast: QueryNode): TermNode[] {
  switch (ast.kind) {
    case 'Term':
      return ast.field === FIELD ? [ast] : [];
    case 'And':
    case 'Or':
      return ast.children.flatMap(listedTerms);
    case 'Not':
      return listedTerms(ast.child);
    default:
      return [];
  }
}

function replaceListed(ast: QueryNode, replace: (term: TermNode) => QueryNode): QueryNode {
  switch (ast.kind) {
    case 'Term':
      return ast.field === FIELD ? replace(ast) : ast;
    case 'And':
    case 'Or':
      return { ...ast, children: ast.children.map((child) => replaceListed(child, replace)) };
    case 'Not':
      return { ...ast, child: replaceListed(ast.child, replace) };
    default:
      return ast;
  }
}

function listedValue(term: TermNode): boolean | undefined {
  const value = term.value.normalize('NFKC').trim();
  return YES.test(value) ? true : NO.test(value) ? false : undefined;
}

/**
 * The AST with each `PA-LISTED=是` replaced by the listed companies' names ORed, each searched as a
 * phrase in PA-STD (`PA-STD=("宁德时代新能源科技股份有限公司" OR …)`); `否` by the names the file marks
 * not listed. Unchanged without PA-LISTED. No file imported, or a value other than yes/no: refused
 * with a positioned message, like a parse error.
 */
export async function expandListedCompanies(
  ast: QueryNode,
  lang: Language,
  source: ListedCompanySource | undefined,
): Promise<QueryNode> {
  const terms = listedTerms(ast);
  if (terms.length === 0) return ast;
  const names = new Map<boolean, string[]>();
  for (const term of terms) {
    const listed = listedValue(term);
    if (listed === undefined)
      throw referenceError('QUERY_LISTED_VALUE', term.span, { field: FIELD, value: term.value }, lang);
    if (names.has(listed)) continue;
    const found = source ? await source.namesByListed(listed) : undefined;
    if (found === undefined) throw referenceError('QUERY_COMPANY_INFO_MISSING', term.span, { field: FIELD }, lang);
    names.set(listed, found);
  }
  return replaceListed(ast, (term) => {
    const list = names.get(listedValue(term)!)!;
    const children: TermNode[] = (list.length > 0 ? list : [NO_COMPANY]).map((value) => ({
      kind: 'Term',
      field: NAME_FIELD,
      value,
      phrase: true,
      span: term.span,
    }));
    return children.length === 1 ? children[0]! : makeOr(children);
  });
}
