import { useMemo } from 'react';
import { formatQueryError, type HistoryReferenceItem, type Language } from '@patlas/contracts';
import { referenceOf, type EditorToken, type QueryError } from '@patlas/query';
import { useHistoryReferences } from '../../history-recording/queries';
import { usePersonalSession } from '../../session/useSession';
import type { ExpressionProblem } from './useExpressionValidation';

/** One `#n` of the text: where it is and what it stands for (undefined while unknown). */
export interface ReferenceInText {
  no: number;
  span: { start: number; end: number };
  item: HistoryReferenceItem | undefined;
}

/**
 * The `#n` of the editor's text with the searches they stand for (asked of the server, which
 * knows the user's history), and the first that cannot run as a positioned problem in the same
 * words the server would answer after submit. Anonymous and IP-login visitors have no history:
 * nothing is asked, and the server refuses the reference when searched.
 */
export function useReferenceProblem(
  tokens: readonly EditorToken[],
  lang: Language,
): { references: ReferenceInText[]; problem: ExpressionProblem | undefined; isLoading: boolean } {
  const isPersonal = usePersonalSession();
  const found = useMemo(
    () =>
      tokens
        .filter((token) => token.kind === 'reference')
        .map((token) => ({ no: referenceOf(token.text) ?? 0, span: { start: token.start, end: token.end } }))
        .filter((ref) => ref.no > 0),
    [tokens],
  );
  const query = useHistoryReferences(
    found.map((ref) => ref.no),
    isPersonal,
  );
  return useMemo(() => {
    const byNo = new Map((query.data?.items ?? []).map((item) => [item.no, item]));
    const references = found.map((ref) => ({ ...ref, item: byNo.get(ref.no) }));
    let problem: ExpressionProblem | undefined;
    for (const ref of references) {
      if (!ref.item) continue;
      const error: QueryError | undefined = !ref.item.found
        ? { code: 'QUERY_REFERENCE_NOT_FOUND', span: ref.span, params: { no: ref.no } }
        : ref.item.problem
          ? {
              code: 'QUERY_REFERENCE_UNUSABLE',
              span: ref.span,
              params: { no: ref.no, reason: ref.item.problem },
            }
          : undefined;
      if (error) {
        problem = { message: formatQueryError(error, lang), span: error.span, code: error.code };
        break;
      }
    }
    return { references: isPersonal ? references : [], problem, isLoading: query.isFetching };
  }, [found, query.data, query.isFetching, lang, isPersonal]);
}
