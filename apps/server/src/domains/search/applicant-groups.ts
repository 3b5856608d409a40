import type { Language } from '@patlas/contracts';
import { makeAnd, makeOr, type QueryNode, type TermNode } from '@patlas/query';
import { referenceError } from './expression-search.js';

/**
 * What `PA=@组名` stands for (issue 46): the applicant names (with their variants) of the user's
 * applicant group of that name, their own or one shared with them and accepted; undefined when
 * they have none. Answered by the applicant-group domain (given at construction by
 * composition/search.ts, so the search domain imports nothing of it).
 */
export interface ApplicantGroupSource {
  namesOf(userId: string, name: string): Promise<string[] | undefined>;
}

/** The fields a group name can stand in: the applicant, its standardised form and the current assignee. */
const GROUP_FIELDS: ReadonlySet<string> = new Set(['PA', 'PA-STD', 'AS']);
const MARK = '@';

function isGroupTerm(node: QueryNode): node is TermNode {
  return (
    node.kind === 'Term' &&
    node.field !== null &&
    GROUP_FIELDS.has(node.field) &&
    !node.phrase &&
    node.value.startsWith(MARK) &&
    node.value.length > MARK.length
  );
}

function groupTerms(ast: QueryNode): TermNode[] {
  if (isGroupTerm(ast)) return [ast];
  switch (ast.kind) {
    case 'And':
    case 'Or':
      return ast.children.flatMap(groupTerms);
    case 'Not':
      return groupTerms(ast.child);
    default:
      return [];
  }
}

function replaceGroupTerms(ast: QueryNode, replace: (term: TermNode) => QueryNode): QueryNode {
  if (isGroupTerm(ast)) return replace(ast);
  switch (ast.kind) {
    case 'And':
      return makeAnd(ast.children.map((child) => replaceGroupTerms(child, replace)));
    case 'Or':
      return makeOr(ast.children.map((child) => replaceGroupTerms(child, replace)));
    case 'Not':
      return { ...ast, child: replaceGroupTerms(ast.child, replace) };
    default:
      return ast;
  }
}

/**
 * The AST with each `PA=@组名` replaced by its group's names ORed, each searched as a phrase in the
 * term's own field (`PA=("宁德时代" OR "CATL" …)`). Unchanged when it has none. An unknown group
 * (or no user) is refused with a positioned message, like a parse error.
 */
export async function expandApplicantGroups(
  ast: QueryNode,
  lang: Language,
  userId: string | null,
  source: ApplicantGroupSource | undefined,
): Promise<QueryNode> {
  const terms = groupTerms(ast);
  if (terms.length === 0) return ast;
  const names = new Map<string, string[]>();
  for (const term of terms) {
    const name = term.value.slice(MARK.length).toUpperCase();
    if (names.has(name)) continue;
    const found = userId === null || !source ? undefined : await source.namesOf(userId, name);
    if (!found || found.length === 0)
      throw referenceError('QUERY_APPLICANT_GROUP_NOT_FOUND', term.span, { name: term.value.slice(MARK.length) }, lang);
    names.set(name, found);
  }
  return replaceGroupTerms(ast, (term) => {
    const list = names.get(term.value.slice(MARK.length).toUpperCase())!;
    const children: TermNode[] = list.map((value) => ({
      kind: 'Term',
      field: term.field,
      value,
      phrase: true,
      span: term.span,
    }));
    return children.length === 1 ? children[0]! : makeOr(children);
  });
}
