import { useMemo } from 'react';
import { Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { applicantGroupEndpoints, APPLICANT_GROUP_MARK } from '@patlas/contracts';
import { parseExpression, type QueryNode } from '@patlas/query';
import { call } from '../../api/endpoint-call';
import { useApiContext } from '../../api/useApiContext';
import { usePersonalSession } from '../../session/useSession';

/** The fields a group stands in, as the server expands them (domains/search/applicant-groups.ts). */
const GROUP_FIELDS = new Set(['PA', 'PA-STD', 'AS']);

function groupTerms(ast: QueryNode): { field: string; name: string }[] {
  switch (ast.kind) {
    case 'Term':
      return ast.field !== null &&
        GROUP_FIELDS.has(ast.field) &&
        !ast.phrase &&
        ast.value.startsWith(APPLICANT_GROUP_MARK) &&
        ast.value.length > 1
        ? [{ field: ast.field, name: ast.value.slice(1) }]
        : [];
    case 'And':
    case 'Or':
      return ast.children.flatMap(groupTerms);
    case 'Not':
      return groupTerms(ast.child);
    default:
      return [];
  }
}

/**
 * The live parse of applicant groups (issue 46): under the editor, each `PA=@组名` with the names it
 * stands for, as the server writes it out before searching (the caller's own groups and those
 * shared with them and accepted), or that the user has no such group.
 */
export function ApplicantGroupPreview({ expression }: { expression: string }) {
  const { t } = useTranslation('search');
  const { lang, messages } = useApiContext();
  const isPersonal = usePersonalSession();
  const terms = useMemo(() => {
    if (!expression.includes(APPLICANT_GROUP_MARK)) return [];
    const parsed = parseExpression(expression);
    if (!parsed.ok) return [];
    const all = groupTerms(parsed.ast);
    return all.filter((term, i) => all.findIndex((o) => o.field === term.field && o.name === term.name) === i);
  }, [expression]);
  const groups = useQuery({
    queryKey: ['applicantGroups', 'preview', lang],
    queryFn: ({ signal }) => call(applicantGroupEndpoints.list, {}, { lang, messages, signal }),
    enabled: isPersonal && terms.length > 0,
    staleTime: 10_000,
  });
  if (!isPersonal || terms.length === 0) return null;
  return (
    <ul className="expr-references" aria-label={t('editor.applicantGroups')} data-testid="expression-applicant-groups">
      {terms.map(({ field, name }) => {
        const group = groups.data?.items.find(
          (g) => g.name === name.toUpperCase() && (g.role === 'owner' || g.shareStatus === 'accepted'),
        );
        const names = group?.members.flatMap((m) => [m.name, ...m.variants]) ?? [];
        const written = `${field}=(${names.map((n) => `"${n}"`).join(' OR ')})`;
        return (
          <li key={`${field}:${name}`} className="expr-reference" data-applicant-group={name}>
            <span className="expr-reference-no">@{name}</span>
            {!groups.data ? (
              <Typography.Text type="secondary">{t('editor.referenceLoading')}</Typography.Text>
            ) : !group ? (
              <Typography.Text type="danger">{t('editor.applicantGroupMissing')}</Typography.Text>
            ) : (
              <Typography.Text className="expr-reference-expression" ellipsis={{ tooltip: written }}>
                {written}
              </Typography.Text>
            )}
          </li>
        );
      })}
    </ul>
  );
}
