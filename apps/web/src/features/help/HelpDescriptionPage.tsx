import { Card, Space, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  ALERTS_PATH,
  DOWNLOADS_PATH,
  DUPLICATE_PATH,
  HELP_DETECTION_PATH,
  HISTORY_PATH,
  HOME_PATH,
  IMAGE_SEARCH_PATH,
  LIBRARY_PATH,
  PRE_ASSESSMENT_PATH,
  ASSISTED_WRITING_PATH,
} from '../../app/paths';
import { HelpNav } from './HelpNav';
import './HelpDetectionPage.css';

type SectionKey = 'search' | 'results' | 'analysis' | 'libraries' | 'tools' | 'account';
type LinkKey =
  | 'quick'
  | 'advanced'
  | 'batch'
  | 'image'
  | 'law'
  | 'rules'
  | 'history'
  | 'patentMap'
  | 'library'
  | 'alerts'
  | 'downloads'
  | 'duplicate'
  | 'preAssessment'
  | 'writing';

/** The sections of the description, each with the pages it leads to. */
const SECTIONS: readonly { key: SectionKey; links: readonly { key: LinkKey; to: string }[] }[] = [
  {
    key: 'search',
    links: [
      { key: 'quick', to: `${HOME_PATH}?tabName=quick` },
      { key: 'advanced', to: '/search/advance' },
      { key: 'batch', to: '/search/batch' },
      { key: 'image', to: IMAGE_SEARCH_PATH },
      { key: 'law', to: '/search/lawSearch' },
      { key: 'rules', to: HELP_DETECTION_PATH },
    ],
  },
  { key: 'results', links: [{ key: 'history', to: HISTORY_PATH }] },
  { key: 'analysis', links: [{ key: 'patentMap', to: '/patentMap' }] },
  {
    key: 'libraries',
    links: [
      { key: 'library', to: LIBRARY_PATH },
      { key: 'alerts', to: ALERTS_PATH },
      { key: 'downloads', to: DOWNLOADS_PATH },
    ],
  },
  {
    key: 'tools',
    links: [
      { key: 'duplicate', to: DUPLICATE_PATH },
      { key: 'preAssessment', to: PRE_ASSESSMENT_PATH },
      { key: 'writing', to: ASSISTED_WRITING_PATH },
    ],
  },
  { key: 'account', links: [] },
];

/** Spec 1 §2 help area, Description: what the product does and where each part lives. */
export function HelpDescriptionPage() {
  const { t } = useTranslation('help');
  return (
    <Card className="help-page" title={t('description.title')}>
      <HelpNav />
      <Typography.Paragraph type="secondary" className="help-intro">
        {t('description.intro')}
      </Typography.Paragraph>
      <article className="help-article">
        {SECTIONS.map((section) => (
          <section key={section.key}>
            <Typography.Title level={3}>{t(`description.sections.${section.key}.title`)}</Typography.Title>
            <Typography.Paragraph>{t(`description.sections.${section.key}.body`)}</Typography.Paragraph>
            {section.links.length > 0 && (
              <Space wrap size="middle" className="help-links">
                {section.links.map((link) => (
                  <Link key={link.key} to={link.to}>
                    {t(`description.links.${link.key}`)}
                  </Link>
                ))}
              </Space>
            )}
          </section>
        ))}
      </article>
    </Card>
  );
}
