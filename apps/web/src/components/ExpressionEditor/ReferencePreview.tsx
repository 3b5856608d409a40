import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ReferenceInText } from './useReferenceProblem';

/**
 * The live parse of history references: under the editor, each `#n` with the search it stands
 * for (its whole search written as an expression) and its recorded hits, or why it cannot run.
 */
export function ReferencePreview({ references }: { references: readonly ReferenceInText[] }) {
  const { t } = useTranslation('search');
  const unique = references.filter((ref, i) => references.findIndex((r) => r.no === ref.no) === i);
  if (unique.length === 0) return null;
  return (
    <ul className="expr-references" aria-label={t('editor.references')} data-testid="expression-references">
      {unique.map(({ no, item }) => (
        <li key={no} className="expr-reference" data-reference={no}>
          <span className="expr-reference-no">#{no}</span>
          {!item ? (
            <Typography.Text type="secondary">{t('editor.referenceLoading')}</Typography.Text>
          ) : !item.found ? (
            <Typography.Text type="danger">{t('editor.referenceMissing')}</Typography.Text>
          ) : item.problem ? (
            <Typography.Text type="danger">{item.problem}</Typography.Text>
          ) : (
            <>
              <Typography.Text className="expr-reference-expression" ellipsis={{ tooltip: item.expression }}>
                {item.expression}
              </Typography.Text>
              {item.total !== undefined && (
                <Typography.Text type="secondary" className="expr-reference-hits">
                  {t('editor.referenceHits', { total: Number(item.total).toLocaleString() })}
                </Typography.Text>
              )}
            </>
          )}
        </li>
      ))}
    </ul>
  );
}
