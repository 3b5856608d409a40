import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PatentDetail } from '@patlas/contracts';
import { claimParagraphs, paragraphs, present } from '../patent-view';
import { EmptyTab } from './EmptyTab';
import { Section } from './Section';

/** Claims and description as written: paragraphs and claim numbers kept, long text scrolls. */
export function FullTextTab({ patent }: { patent: PatentDetail }) {
  const { t } = useTranslation('patent');
  const claims = present(patent.claims?.text);
  const description = present(patent.description?.text);
  if (!claims && !description) return <EmptyTab description={t('fulltext.empty')} />;
  const claimList = claims ? claimParagraphs(claims) : [];
  const claimCount = patent.claimCount ?? undefined;
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
        {claims ? (
          <div className="patent-longtext" lang={patent.claims?.lang}>
            {claimList.map((claim, i) => (
              <p key={i} className="patent-claim">
                {claim}
              </p>
            ))}
          </div>
        ) : (
          <Typography.Text type="secondary">{t('fulltext.emptyClaims')}</Typography.Text>
        )}
      </Section>
      <Section title={t('fulltext.description')}>
        {description ? (
          <div className="patent-longtext" lang={patent.description?.lang}>
            {paragraphs(description).map((p, i) => (
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
