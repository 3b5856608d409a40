import { Alert, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PatentDetail } from '@patlas/contracts';
import { claimBlocks, descriptionParagraphs, present } from '../patent-view';
import { EmptyTab } from './EmptyTab';
import { Section } from './Section';

/**
 * Claims and description as written: each claim its own numbered block (a dependent claim tagged
 * with the claim it refers to), description paragraphs split at line breaks and at paragraph
 * numbers ([0053]) the source runs together; long text scrolls. A source that holds only the
 * first claim (a vendor export's 主权项) says so.
 */
export function FullTextTab({ patent }: { patent: PatentDetail }) {
  const { t } = useTranslation('patent');
  const claims = present(patent.claims?.text);
  const description = present(patent.description?.text);
  if (!claims && !description) return <EmptyTab description={t('fulltext.empty')} />;
  const blocks = claims ? claimBlocks(claims) : [];
  const claimCount = patent.claimCount ?? undefined;
  const onlyFirstClaim = blocks.length === 1 && (claimCount === undefined || claimCount > 1);
  return (
    <div className="patent-fulltext">
      <Section
        title={t('fulltext.claims')}
        extra={
          claimCount !== undefined && (
            <Typography.Text type="secondary">{t('fulltext.claimCount', { count: claimCount })}</Typography.Text>
          )
        }
      >
        {onlyFirstClaim && (
          <Alert className="patent-source-note" type="info" showIcon title={t('fulltext.onlyFirstClaim')} />
        )}
        {claims ? (
          <ol className="patent-longtext patent-claims" lang={patent.claims?.lang}>
            {blocks.map((claim) => (
              <li key={claim.number} className="patent-claim" data-claim={claim.number}>
                {!claim.numbered && <span className="patent-claim-number">{claim.number}. </span>}
                <p>{claim.text}</p>
                {claim.dependsOn !== undefined && (
                  <Tag className="patent-claim-dependent">{t('fulltext.dependsOn', { claim: claim.dependsOn })}</Tag>
                )}
              </li>
            ))}
          </ol>
        ) : (
          <Typography.Text type="secondary">{t('fulltext.emptyClaims')}</Typography.Text>
        )}
      </Section>
      <Section title={t('fulltext.description')}>
        {description ? (
          <div className="patent-longtext" lang={patent.description?.lang}>
            {descriptionParagraphs(description).map((p, i) => (
              <p key={i}>{p}</p>
            ))}
          </div>
        ) : (
          <Typography.Text type="secondary">{t('fulltext.emptyDescription')}</Typography.Text>
        )}
      </Section>
    </div>
  );
}
