import { useMemo } from 'react';
import { Card, Typography } from 'antd';
import Markdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { useTranslation } from 'react-i18next';
import type { Language } from '@patlas/contracts';
import searchSyntax from '../../../../../docs/search-syntax.md?raw';
import { helpDocFor } from './help-doc';
import { HelpNav } from './HelpNav';
import './HelpDetectionPage.css';

/** Markdown elements drawn with antd Typography, so the page looks like the rest of the app. */
const components: Components = {
  h1: ({ children }) => <Typography.Title level={2}>{children}</Typography.Title>,
  h2: ({ children }) => <Typography.Title level={3}>{children}</Typography.Title>,
  h3: ({ children }) => <Typography.Title level={4}>{children}</Typography.Title>,
  h4: ({ children }) => <Typography.Title level={5}>{children}</Typography.Title>,
  p: ({ children }) => <Typography.Paragraph>{children}</Typography.Paragraph>,
  code: ({ children, className }) =>
    className ? <code className={className}>{children}</code> : <Typography.Text code>{children}</Typography.Text>,
  a: ({ children, href }) => (
    <Typography.Link href={href} {...(href?.startsWith('http') ? { target: '_blank', rel: 'noreferrer' } : {})}>
      {children}
    </Typography.Link>
  ),
  table: ({ children }) => (
    <div className="help-table-wrap">
      <table className="help-table">{children}</table>
    </div>
  ),
};

/**
 * The help area's Detection page (spec 1 §2): the search rules, from docs/search-syntax.md (the
 * same rules the editor and the server apply).
 */
export function HelpDetectionPage() {
  const { t, i18n } = useTranslation('help');
  const lang: Language = i18n.language === 'en' ? 'en' : 'zh';
  const markdown = useMemo(() => helpDocFor(searchSyntax, lang), [lang]);
  return (
    <Card className="help-page" title={t('detection.title')}>
      <HelpNav />
      <Typography.Paragraph type="secondary">{t('detection.intro')}</Typography.Paragraph>
      <article className="help-article">
        <Markdown remarkPlugins={[remarkGfm]} components={components}>
          {markdown}
        </Markdown>
      </article>
    </Card>
  );
}
