import { useState } from 'react';
import { Card, Flex, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  APPLICATION_SECTIONS,
  MAX_ABNORMAL_APPLICANT_LENGTH,
  type ApplicationSection,
  type ApplicationText,
  type PreEvaluationDetail,
} from '@patlas/contracts';
import { AbnormalSignalsPanel } from '../../formal-review/AbnormalSignalsPanel';
import { FormalReviewPanel } from '../../formal-review/FormalReviewPanel';

/**
 * The application text the formal review reads: the four sections when the evaluation was given
 * them (an application draft), else its text as the claims (a claim set) or the description (a
 * disclosure), the title being the evaluation's.
 */
export function applicationOf(detail: PreEvaluationDetail): ApplicationText {
  if (detail.application) return detail.application;
  const { evaluation, text } = detail;
  return evaluation.kind === 'claims'
    ? { title: evaluation.title, abstract: '', claims: text, description: '' }
    : { title: evaluation.title, abstract: '', claims: '', description: text };
}

interface Mark {
  section: ApplicationSection;
  start: number;
  end: number;
}

/** The sections as read, the located place marked and scrolled to. */
function SectionsView({ text, mark }: { text: ApplicationText; mark?: Mark | undefined }) {
  const { t } = useTranslation('formalReview');
  return (
    <Flex vertical gap={12} className="pre-formal-text" data-testid="pre-formal-text">
      {APPLICATION_SECTIONS.filter((section) => text[section].trim() !== '').map((section) => {
        const value = text[section];
        const marked = mark?.section === section && mark.end > mark.start ? mark : undefined;
        return (
          <div key={section}>
            <Typography.Text strong>{t(`sections.${section}`)}</Typography.Text>
            <div className="pre-formal-section">
              {marked ? (
                <>
                  {value.slice(0, marked.start)}
                  <mark
                    data-testid="pre-formal-mark"
                    ref={(node) => node?.scrollIntoView({ block: 'center', behavior: 'smooth' })}
                  >
                    {value.slice(marked.start, marked.end)}
                  </mark>
                  {value.slice(marked.end)}
                </>
              ) : (
                value
              )}
            </div>
          </div>
        );
      })}
    </Flex>
  );
}

/** 形式审查: the rules an examiner applies, on the evaluated text; a finding's click marks its place. */
export function FormalReviewTab({ detail }: { detail: PreEvaluationDetail }) {
  const text = applicationOf(detail);
  const [mark, setMark] = useState<Mark>();
  return (
    <Flex gap={16} className="pre-formal" wrap>
      <Card size="small" className="pre-formal-panel">
        <FormalReviewPanel
          text={text}
          debounceMs={0}
          onLocate={(section, start, end) => setMark({ section, start, end })}
        />
      </Card>
      <Card size="small" className="pre-formal-source">
        <SectionsView text={text} mark={mark} />
      </Card>
    </Flex>
  );
}

/** 非正常申请: signals against the applicant's earlier filings and the corpus, for the applicant named. */
export function AbnormalTab({ detail }: { detail: PreEvaluationDetail }) {
  const { t } = useTranslation('preEvaluation');
  const text = applicationOf(detail);
  const [applicant, setApplicant] = useState(detail.applicant ?? '');
  const [mark, setMark] = useState<Mark>();
  return (
    <Flex gap={16} className="pre-formal" wrap>
      <Card size="small" className="pre-formal-panel">
        <Flex vertical gap={12}>
          <Input
            value={applicant}
            onChange={(event) => setApplicant(event.target.value)}
            maxLength={MAX_ABNORMAL_APPLICANT_LENGTH}
            placeholder={t('abnormal.applicant')}
            aria-label={t('abnormal.applicant')}
            data-testid="pre-abnormal-applicant"
          />
          <AbnormalSignalsPanel
            text={text}
            applicant={applicant}
            onLocate={(section, start, end) => setMark({ section, start, end })}
          />
        </Flex>
      </Card>
      <Card size="small" className="pre-formal-source">
        <SectionsView text={text} mark={mark} />
      </Card>
    </Flex>
  );
}
