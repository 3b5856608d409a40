import { Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * "同时检索：…" / "also searched: …": the terms a short text was expanded with (the shipped word
 * vectors' nearest terms, issue 24), each removable; removing one searches again without it.
 */
export function AlsoSearched({
  terms,
  disabled,
  onRemove,
}: {
  terms: readonly string[];
  disabled?: boolean;
  onRemove: (term: string) => void;
}) {
  const { t } = useTranslation('semanticSearch');
  if (terms.length === 0) return null;
  return (
    <Flex wrap align="center" gap={4} className="semantic-also-searched" data-testid="semantic-also-searched">
      <Typography.Text type="secondary">{t('expansion.label')}</Typography.Text>
      {terms.map((term) => (
        <Tag
          key={term}
          closable={!disabled}
          closeIcon
          onClose={(event) => {
            // The tag disappears when the new answer arrives without it, not before.
            event.preventDefault();
            onRemove(term);
          }}
          data-testid="semantic-expansion"
          aria-label={t('expansion.remove', { term })}
        >
          {term}
        </Tag>
      ))}
      <Typography.Text type="secondary" className="semantic-also-searched-hint">
        {t('expansion.hint')}
      </Typography.Text>
    </Flex>
  );
}
