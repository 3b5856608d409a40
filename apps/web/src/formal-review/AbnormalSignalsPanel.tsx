import { Alert, Button, Card, Flex, List, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AbnormalSignal, ApplicationText } from '@patlas/contracts';
import { patentDetailPath } from '../app/paths';
import { isLanguage } from '../i18n/index';
import type { LocateHandler } from './FormalReviewPanel';
import { useAbnormalSignals } from './queries';

export interface AbnormalSignalsPanelProps {
  text: ApplicationText;
  applicant: string;
  /** The application's filing date (yyyy-mm-dd); the server takes today without it. */
  filingDate?: string | undefined;
  /** Selects a copied passage in the text. */
  onLocate?: LocateHandler;
}

const LEVEL_COLORS = { high: 'red', medium: 'orange' } as const;
const percent = (x: number) => Math.round(x * 100);

function PatentLink({ pn }: { pn: string }) {
  return (
    <a href={patentDetailPath(pn)} target="_blank" rel="noreferrer">
      {pn}
    </a>
  );
}

/** A signal's evidence: the filings or passages it rests on, with their numbers, dates and similarities. */
function Evidence({ signal, onLocate }: { signal: AbnormalSignal; onLocate?: LocateHandler | undefined }) {
  const { t } = useTranslation('formalReview');
  if (signal.kind === 'same-applicant-duplicate') {
    return (
      <List
        size="small"
        dataSource={signal.filings}
        renderItem={(f) => (
          <List.Item data-testid="signal-evidence">
            <Space wrap size={4}>
              <PatentLink pn={f.publicationNumber} />
              <span>{f.title}</span>
              {f.applicationDate ? (
                <Typography.Text type="secondary">{t('abnormal.filed', { date: f.applicationDate })}</Typography.Text>
              ) : null}
              <Tag>{t('abnormal.similarity', { value: percent(f.similarity) })}</Tag>
            </Space>
          </List.Item>
        )}
      />
    );
  }
  if (signal.kind === 'batch-filings') {
    return (
      <>
        <Typography.Text type="secondary">
          {t('abnormal.window', { days: signal.windowDays, value: percent(signal.threshold) })}
        </Typography.Text>
        <List
          size="small"
          dataSource={signal.filings}
          renderItem={(f) => (
            <List.Item data-testid="signal-evidence">
              <Space wrap size={4}>
                {f.publicationNumber ? (
                  <PatentLink pn={f.publicationNumber} />
                ) : (
                  <Tag color="blue">{t('abnormal.thisApplication')}</Tag>
                )}
                <span>{f.title}</span>
                {f.applicationDate ? (
                  <Typography.Text type="secondary">{t('abnormal.filed', { date: f.applicationDate })}</Typography.Text>
                ) : null}
                <Tag>{t('abnormal.similarity', { value: percent(f.similarity) })}</Tag>
              </Space>
            </List.Item>
          )}
        />
      </>
    );
  }
  return (
    <List
      size="small"
      dataSource={signal.passages}
      renderItem={(p) => (
        <List.Item
          data-testid="signal-evidence"
          style={{ display: 'block', cursor: onLocate ? 'pointer' : undefined }}
          role={onLocate ? 'button' : undefined}
          tabIndex={onLocate ? 0 : undefined}
          onClick={onLocate ? () => onLocate(p.section, p.start, p.end) : undefined}
          onKeyDown={
            onLocate
              ? (event) => {
                  if (event.key === 'Enter') onLocate(p.section, p.start, p.end);
                }
              : undefined
          }
        >
          <div>
            <Tag>{t(`sections.${p.section}`)}</Tag>
            <Typography.Text mark>{p.excerpt}</Typography.Text>
          </div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            <PatentLink pn={p.patent.publicationNumber} /> {p.patent.title} ·{' '}
            {t('abnormal.inPatent', { pn: p.patent.publicationNumber, section: t(`sections.${p.patentSection}`) })} ·{' '}
            {t('abnormal.chars', { count: p.chars })}
          </Typography.Text>
        </List.Item>
      )}
    />
  );
}

/**
 * The abnormal-application signals of an application (issue 22), checked on demand: each signal
 * with its level and evidence, and what was looked at, so that "none found" can be read for what it is.
 */
export function AbnormalSignalsPanel({ text, applicant, filingDate, onLocate }: AbnormalSignalsPanelProps) {
  const { t, i18n } = useTranslation('formalReview');
  const lang = isLanguage(i18n.language) ? i18n.language : 'zh';
  const check = useAbnormalSignals();
  const result = check.data;
  const noApplicant = applicant.trim() === '';

  return (
    <div data-testid="abnormal-signals-panel">
      <Flex justify="space-between" align="center" style={{ marginBottom: 8 }}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('abnormal.title')}
        </Typography.Title>
        <Button
          data-testid="abnormal-signals-run"
          loading={check.isPending}
          disabled={noApplicant}
          title={noApplicant ? t('abnormal.needApplicant') : undefined}
          onClick={() => check.mutate({ ...text, applicant, ...(filingDate ? { filingDate } : {}) })}
        >
          {result ? t('abnormal.rerun') : t('abnormal.run')}
        </Button>
      </Flex>
      {noApplicant ? <Typography.Text type="secondary">{t('abnormal.needApplicant')}</Typography.Text> : null}
      {check.isError ? (
        <Alert type="error" showIcon title={check.error.message} data-testid="abnormal-signals-error" />
      ) : null}
      {result ? (
        <Space orientation="vertical" style={{ width: '100%' }}>
          {result.signals.length === 0 ? (
            <Alert type="success" showIcon title={t('abnormal.clean')} />
          ) : (
            result.signals.map((signal, i) => (
              <Card
                key={`${signal.kind}-${i}`}
                size="small"
                data-testid="abnormal-signal"
                title={
                  <Space>
                    <Tag color={LEVEL_COLORS[signal.level]}>{t(`abnormal.level.${signal.level}`)}</Tag>
                    {t(`abnormal.kinds.${signal.kind}`)}
                  </Space>
                }
              >
                <Typography.Paragraph style={{ marginBottom: 4 }}>{signal.message[lang]}</Typography.Paragraph>
                <Evidence signal={signal} onLocate={onLocate} />
              </Card>
            ))
          )}
          <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="abnormal-signals-checked">
            {t('abnormal.checked', {
              filings: result.checked.applicantFilings,
              aligned: result.checked.alignedFilings,
              candidates: result.checked.corpusCandidates,
            })}
            {result.checked.truncated ? ` ${t('abnormal.truncated', { chars: result.checked.alignedChars })}` : ''}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('abnormal.disclaimer')}
          </Typography.Text>
        </Space>
      ) : null}
    </div>
  );
}
