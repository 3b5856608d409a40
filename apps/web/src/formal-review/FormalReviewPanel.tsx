import { useState } from 'react';
import { Alert, Collapse, Flex, List, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ApplicationSection, ApplicationText, FormalFinding, FormalRule } from '@patlas/contracts';
import { FORMAL_RULES } from '@patlas/contracts';
import { isLanguage } from '../i18n/index';
import { useFormalReview } from './queries';

/** Selects [start, end) of a section's text in the page that shows it. */
export type LocateHandler = (section: ApplicationSection, start: number, end: number) => void;

export interface FormalReviewPanelProps {
  /** The application text as it stands; checked again once it stops changing. */
  text: ApplicationText;
  onLocate: LocateHandler;
  /** Wait after the last change before checking (0: check every change at once). */
  debounceMs?: number;
}

export const SEVERITY_COLORS = { error: 'red', warning: 'orange' } as const;

/** Where a finding is, in words: the section, the claim and the characters (1-based, inclusive). */
export function usePlaceLabel() {
  const { t } = useTranslation('formalReview');
  return (finding: Pick<FormalFinding, 'section' | 'claim' | 'start' | 'end'>) => {
    const section = t(`sections.${finding.section}`);
    if (finding.end <= finding.start) return t('place.section', { section });
    const range = { section, start: finding.start + 1, end: finding.end };
    return finding.claim === null ? t('place.range', range) : t('place.claim', { ...range, claim: finding.claim });
  };
}

/**
 * The formal review of an application text (issue 22): the findings grouped by rule, errors
 * first; clicking one hands its place to `onLocate` so that the page selects it in the text.
 */
export function FormalReviewPanel({ text, onLocate, debounceMs }: FormalReviewPanelProps) {
  const { t, i18n } = useTranslation('formalReview');
  const lang = isLanguage(i18n.language) ? i18n.language : 'zh';
  const review = useFormalReview(text, debounceMs);
  const placeOf = usePlaceLabel();
  // Groups the user closed stay closed; a rule that starts to find something as the text changes opens.
  const [closed, setClosed] = useState<ReadonlySet<FormalRule>>(new Set());
  const findings = review.data?.findings ?? [];
  const errors = findings.filter((f) => f.severity === 'error').length;
  const byRule = new Map<FormalRule, FormalFinding[]>();
  for (const finding of findings) byRule.set(finding.rule, [...(byRule.get(finding.rule) ?? []), finding]);
  const rules = FORMAL_RULES.filter((rule) => byRule.has(rule)).sort(
    (a, b) => Number(byRule.get(b)![0]!.severity === 'error') - Number(byRule.get(a)![0]!.severity === 'error'),
  );

  return (
    <div data-testid="formal-review-panel">
      <Flex justify="space-between" align="center" style={{ marginBottom: 8 }}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('formal.title')}
        </Typography.Title>
        {review.isFetching ? (
          <Spin size="small" aria-label={t('formal.checking')} />
        ) : review.data && findings.length > 0 ? (
          <Typography.Text type="secondary" data-testid="formal-review-summary">
            {t('formal.summary', { errors, warnings: findings.length - errors })}
          </Typography.Text>
        ) : null}
      </Flex>
      {review.isError ? (
        <Alert type="error" showIcon title={review.error.message} data-testid="formal-review-error" />
      ) : !review.data ? (
        <Spin />
      ) : findings.length === 0 ? (
        <Alert type="success" showIcon title={t('formal.clean')} />
      ) : (
        <Collapse
          size="small"
          activeKey={rules.filter((rule) => !closed.has(rule))}
          onChange={(keys) => {
            const open = new Set(Array.isArray(keys) ? keys : [keys]);
            setClosed(new Set(rules.filter((rule) => !open.has(rule))));
          }}
          items={rules.map((rule) => ({
            key: rule,
            label: (
              <Flex gap={8} align="center">
                <span>{t(`rules.${rule}`)}</span>
                <Tag color={SEVERITY_COLORS[byRule.get(rule)![0]!.severity]}>{byRule.get(rule)!.length}</Tag>
              </Flex>
            ),
            children: (
              <List
                size="small"
                dataSource={byRule.get(rule)}
                renderItem={(finding) => (
                  <List.Item
                    data-testid="formal-finding"
                    data-rule={finding.rule}
                    role="button"
                    tabIndex={0}
                    title={t('formal.locate')}
                    style={{ cursor: 'pointer', display: 'block' }}
                    onClick={() => onLocate(finding.section, finding.start, finding.end)}
                    onKeyDown={(event) => {
                      if (event.key === 'Enter' || event.key === ' ') {
                        event.preventDefault();
                        onLocate(finding.section, finding.start, finding.end);
                      }
                    }}
                  >
                    <div>
                      <Tag color={SEVERITY_COLORS[finding.severity]}>{t(`severity.${finding.severity}`)}</Tag>
                      {finding.message[lang]}
                    </div>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {placeOf(finding)}
                      {finding.excerpt ? (
                        <>
                          {' · '}
                          <Typography.Text code>{finding.excerpt}</Typography.Text>
                        </>
                      ) : null}
                    </Typography.Text>
                  </List.Item>
                )}
              />
            ),
          }))}
        />
      )}
    </div>
  );
}
