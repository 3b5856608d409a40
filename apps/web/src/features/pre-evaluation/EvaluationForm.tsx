import { useState } from 'react';
import { Alert, App, Button, Card, Flex, Input, Segmented, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import dayjs from 'dayjs';
import {
  MAX_ABNORMAL_APPLICANT_LENGTH,
  MAX_PRE_EVALUATION_TEXT_LENGTH,
  MAX_PRE_EVALUATION_TITLE_LENGTH,
  PRE_EVALUATION_MIN_CHARS,
  type ApplicationText,
  type PreEvaluation,
  type PreEvaluationOrigin,
} from '@patlas/contracts';
import { draftApplication, draftText } from './api';
import { useDraft, useStartEvaluation } from './queries';
import { DateInput } from '../../components/DateInput/DateInput';

/**
 * A new evaluation: the text (a claim set or a disclosure, spec 2 §5: at least 30 characters),
 * an optional title, kind, priority date and own publication number. A saved draft given by
 * `?documentId=` or `?disclosureId=` fills the text (its claims, else its solution and effects).
 */
export function EvaluationForm({
  origin,
  onStarted,
}: {
  origin: PreEvaluationOrigin;
  onStarted: (evaluation: PreEvaluation) => void;
}) {
  const { t } = useTranslation('preEvaluation');
  const { message } = App.useApp();
  const [params] = useSearchParams();
  const draftId = params.get('documentId') ?? params.get('disclosureId');
  const draft = useDraft(draftId);
  const [title, setTitle] = useState('');
  const [text, setText] = useState('');
  const [kind, setKind] = useState<'auto' | 'claims' | 'disclosure'>(
    origin === 'noveltySearch' ? 'disclosure' : 'auto',
  );
  const [date, setDate] = useState<string>();
  const [own, setOwn] = useState('');
  const [applicant, setApplicant] = useState('');
  // An application draft's sections go with the claims, so that its formal review reads the whole application.
  const [application, setApplication] = useState<ApplicationText>();
  const start = useStartEvaluation();
  const chars = text.trim().length;
  const tooShort = chars > 0 && chars < PRE_EVALUATION_MIN_CHARS;

  // The draft's text fills the form once, when it arrives (state adjusted while rendering, not in an effect).
  const [filledFrom, setFilledFrom] = useState<string>();
  if (draft.data && filledFrom !== draft.data.id) {
    const filled = draftText(draft.data);
    setFilledFrom(draft.data.id);
    setText(filled.text);
    setKind(filled.kind);
    setTitle(draft.data.title.slice(0, MAX_PRE_EVALUATION_TITLE_LENGTH));
    setApplication(draftApplication(draft.data));
  }

  const submit = async () => {
    if (chars < PRE_EVALUATION_MIN_CHARS) {
      void message.error(t('form.tooShort', { min: PRE_EVALUATION_MIN_CHARS, count: chars }));
      return;
    }
    try {
      const { evaluation } = await start.mutateAsync({
        text,
        kind,
        origin,
        ...(title.trim() ? { title: title.trim() } : {}),
        ...(date ? { priorityDate: date } : {}),
        ...(own.trim() ? { publicationNumber: own.trim() } : {}),
        ...(applicant.trim() ? { applicant: applicant.trim() } : {}),
        ...(application
          ? { application: { ...application, claims: kind === 'claims' ? text : application.claims } }
          : {}),
      });
      void message.success(t('form.started'));
      onStarted(evaluation);
    } catch (error) {
      void message.error((error as Error).message);
    }
  };

  return (
    <Card title={t(origin === 'noveltySearch' ? 'novelty.formTitle' : 'form.title')} variant="borderless">
      <Flex vertical gap={12}>
        {draftId && draft.isError && (
          <Alert type="warning" showIcon title={t('form.draftMissing')} description={(draft.error as Error).message} />
        )}
        <Input
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          maxLength={MAX_PRE_EVALUATION_TITLE_LENGTH}
          placeholder={t('form.titlePlaceholder')}
          aria-label={t('form.titleLabel')}
          data-testid="pre-title"
        />
        <Input.TextArea
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={t(origin === 'noveltySearch' ? 'novelty.placeholder' : 'form.placeholder')}
          autoSize={{ minRows: 6, maxRows: 16 }}
          maxLength={MAX_PRE_EVALUATION_TEXT_LENGTH}
          aria-label={t('form.textLabel')}
          status={tooShort ? 'error' : undefined}
          data-testid="pre-text"
        />
        <Flex justify="space-between" wrap gap={12} align="center">
          <Space wrap>
            <Segmented
              value={kind}
              onChange={(value) => setKind(value as typeof kind)}
              options={(['auto', 'claims', 'disclosure'] as const).map((k) => ({ value: k, label: t(`kind.${k}`) }))}
              data-testid="pre-kind"
            />
            <DateInput
              value={date ? dayjs(date) : null}
              onChange={(value) => setDate(value ? value.format('YYYY-MM-DD') : undefined)}
              placeholder={t('form.date')}
              style={{ width: 240 }}
              data-testid="pre-date"
            />
            <Input
              value={own}
              onChange={(event) => setOwn(event.target.value)}
              placeholder={t('form.own')}
              style={{ width: 300 }}
              maxLength={64}
              data-testid="pre-own"
            />
            <Input
              value={applicant}
              onChange={(event) => setApplicant(event.target.value)}
              placeholder={t('form.applicant')}
              style={{ width: 260 }}
              maxLength={MAX_ABNORMAL_APPLICANT_LENGTH}
              data-testid="pre-applicant"
            />
          </Space>
          <Space>
            <Typography.Text type={tooShort ? 'danger' : 'secondary'} data-testid="pre-count">
              {t('form.count', { count: chars, min: PRE_EVALUATION_MIN_CHARS })}
            </Typography.Text>
            <Button type="primary" onClick={() => void submit()} loading={start.isPending} data-testid="pre-submit">
              {t(origin === 'noveltySearch' ? 'novelty.submit' : 'form.submit')}
            </Button>
          </Space>
        </Flex>
        {tooShort && (
          <Typography.Text type="danger" data-testid="pre-too-short">
            {t('form.tooShort', { min: PRE_EVALUATION_MIN_CHARS, count: chars })}
          </Typography.Text>
        )}
      </Flex>
    </Card>
  );
}
