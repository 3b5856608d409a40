import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PatentDetail } from '@patlas/contracts';
import { drawingUrl } from '../../../api/drawings';
import { claimParagraphs, present } from '../patent-view';
import { BasicInfoTab } from './BasicInfoTab';
import { Section } from './Section';

/**
 * What goes on paper below the header: abstract and bibliography, claims, drawings. Rendered only
 * while printing (PatentDetail.css hides the app's chrome, the tabs and the buttons then).
 */
export function PrintView({ patent }: { patent: PatentDetail }) {
  const { t } = useTranslation('patent');
  const claims = present(patent.claims?.text);
  const drawings = patent.drawings ?? [];
  return (
    <div className="patent-print">
      <BasicInfoTab patent={patent} />
      {claims && (
        <Section title={t('print.claims')}>
          <div className="patent-print-claims" lang={patent.claims?.lang}>
            {claimParagraphs(claims).map((claim, i) => (
              <p key={i}>{claim}</p>
            ))}
          </div>
        </Section>
      )}
      {drawings.length > 0 && (
        <Section title={t('print.drawings')}>
          <div className="patent-print-drawings">
            {drawings.map((drawing, i) => {
              const caption = drawing.caption?.trim() || t('drawings.figure', { n: i + 1 });
              return (
                <figure key={drawing.file}>
                  <img src={drawingUrl(drawing.file)} alt={caption} />
                  <figcaption>{caption}</figcaption>
                </figure>
              );
            })}
          </div>
        </Section>
      )}
      <Typography.Paragraph type="secondary" className="patent-print-source">
        {t('print.printedFrom', { url: window.location.href })}
      </Typography.Paragraph>
    </div>
  );
}
