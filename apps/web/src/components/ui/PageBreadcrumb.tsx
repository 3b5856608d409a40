import { Breadcrumb } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import './ui.css';

export interface BreadcrumbStep {
  title: string;
  /** Where the step leads; the last step (the page itself) has none. */
  to?: string;
  /** Spec 2 §2: "A breadcrumb item can navigate with push or replace" (push unless set). */
  replace?: boolean;
}

/** The shared breadcrumb of a page: its way from the start page, each step a link but the last. */
export function PageBreadcrumb({ steps }: { steps: readonly BreadcrumbStep[] }) {
  const { t } = useTranslation('common');
  return (
    <nav aria-label={t('ui.breadcrumb')} className="patlas-breadcrumb" data-testid="page-breadcrumb">
      <Breadcrumb
        items={steps.map((step, index) => ({
          key: `${index}`,
          title:
            step.to && index < steps.length - 1 ? (
              <Link to={step.to} replace={step.replace}>
                {step.title}
              </Link>
            ) : (
              <span aria-current={index === steps.length - 1 ? 'page' : undefined}>{step.title}</span>
            ),
        }))}
      />
    </nav>
  );
}
