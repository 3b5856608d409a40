import { useMemo, useState } from 'react';
import { Alert as Notice, App, Button, Checkbox, Flex, Form, Input, Modal, Radio, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  MAX_ALERT_NAME_LENGTH,
  MAX_ALERT_PATENTS,
  MAX_ALERT_RECIPIENTS,
  type Alert,
  type Language,
  describeSource,
} from '@patlas/contracts';
import { ApiError } from '../api/client';
import { useSession } from '../session/useSession';
import {
  formProblems,
  initialFormValues,
  serverErrorField,
  splitNumbers,
  toAlertInput,
  type AlertFormField,
  type AlertFormValues,
  type AlertOpening,
} from './alert-model';
import { useSaveAlert, type AlertSave } from './queries';
import { LibraryPicker, ScheduleField } from './AlertFormFields';
import './alert-actions.css';

interface AlertDialogProps {
  /** Undefined: the dialog is closed. */
  opening: AlertOpening | undefined;
  onClose: () => void;
  /** Called with the saved alert (after the dialog closes). */
  onSaved?: (alert: Alert) => void;
}

/**
 * The alert dialog (spec 2 §2 "an alert dialog"; §3, §5): name, type and what is watched, the
 * schedule (weekly on a weekday or monthly on a day, at a time in the browser's time zone), up to
 * 5 recipients and "no update, no mail". The form checks what the spec lists as the user types;
 * the server checks the same again and adds the 0-hit rule; its messages are shown under the field
 * they concern, and the form keeps everything typed.
 */
export function AlertDialog({ opening, onClose, onSaved }: AlertDialogProps) {
  const { t } = useTranslation('alert');
  const title =
    opening?.kind === 'edit' || (opening?.kind === 'library' && opening.alert)
      ? t('dialog.editTitle')
      : t('dialog.createTitle');
  return (
    <Modal
      title={title}
      open={opening !== undefined}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      width={700}
      className="alert-dialog"
    >
      {opening && <AlertForm opening={opening} onClose={onClose} onSaved={onSaved} />}
    </Modal>
  );
}

function AlertForm({
  opening,
  onClose,
  onSaved,
}: Required<Pick<AlertDialogProps, 'onClose'>> & AlertDialogProps & { opening: AlertOpening }) {
  const { t, i18n } = useTranslation('alert');
  const lang: Language = i18n.language === 'en' ? 'en' : 'zh';
  const { message } = App.useApp();
  const { session } = useSession();
  const [form] = Form.useForm<AlertFormValues>();
  const initialValues = useMemo(() => initialFormValues(opening, session?.email), [opening, session?.email]);
  const type = Form.useWatch('type', form) ?? initialValues.type;
  const frequency = Form.useWatch('frequency', form) ?? initialValues.frequency;
  const numbers = Form.useWatch('numbers', form) ?? initialValues.numbers;
  const timeZone = Form.useWatch('timeZone', form) ?? initialValues.timeZone;
  const save = useSaveAlert();
  const [serverError, setServerError] = useState<string>();
  const isLibraryOpening = opening.kind === 'library';
  const preset = opening.kind === 'new' ? opening.preset : undefined;
  const presetSource = initialValues.source === 'all' ? undefined : initialValues.source;

  /** A rule that shows the field's first spec 2 §5 problem, checked over the whole form. */
  const problemRule = (field: AlertFormField) => ({
    validator: async () => {
      const problem = formProblems(form.getFieldsValue(true) as AlertFormValues, lang)[field];
      if (problem) throw new Error(problem);
    },
  });

  const handleFinish = async () => {
    const values = form.getFieldsValue(true) as AlertFormValues;
    setServerError(undefined);
    let request: AlertSave;
    if (opening.kind === 'library') {
      const { type: _type, content: _content, ...rest } = toAlertInput(values, opening.alert?.enabled ?? true);
      request = { kind: 'library', body: { ...rest, folderId: opening.folderId } };
    } else if (opening.kind === 'edit') {
      request = { kind: 'update', body: { ...toAlertInput(values, opening.alert.enabled), id: opening.alert.id } };
    } else {
      request = { kind: 'add', body: toAlertInput(values) };
    }
    try {
      const alert = await save.mutateAsync(request);
      onClose();
      if (onSaved) onSaved(alert);
      else void message.success(t('dialog.saved', { name: alert.name }));
    } catch (error) {
      const text = (error as Error).message;
      const field = error instanceof ApiError ? serverErrorField(error.code, values.type) : undefined;
      if (field) form.setFields([{ name: field, errors: [text] }]);
      else setServerError(text);
    }
  };

  const numberCount = splitNumbers(numbers ?? '').length;
  return (
    <Form<AlertFormValues>
      form={form}
      layout="horizontal"
      labelCol={{ flex: '112px' }}
      labelWrap
      initialValues={initialValues}
      onFinish={() => void handleFinish()}
      data-testid="alert-dialog"
      className="alert-form"
    >
      <Form.Item name="name" label={t('form.name')} required rules={[problemRule('name')]}>
        <Input
          maxLength={MAX_ALERT_NAME_LENGTH + 20}
          showCount={{ formatter: ({ count }) => `${count}/${MAX_ALERT_NAME_LENGTH}` }}
          placeholder={t('form.namePlaceholder')}
          data-testid="alert-name"
        />
      </Form.Item>
      <Form.Item name="type" label={t('form.type')} required rules={[problemRule('type')]}>
        <Radio.Group
          optionType="button"
          disabled={isLibraryOpening}
          options={(['search', 'library', 'patents'] as const).map((value) => ({ value, label: t(`types.${value}`) }))}
          data-testid="alert-type"
        />
      </Form.Item>
      {type === 'search' && (
        <>
          <Form.Item
            name="expression"
            label={t('form.expression')}
            required
            rules={[problemRule('expression')]}
            dependencies={['type']}
            extra={preset?.hasFiltersLeftOut ? t('form.filtersLeftOut') : undefined}
          >
            <Input.TextArea
              autoSize={{ minRows: 2, maxRows: 6 }}
              className="alert-expression"
              placeholder={t('form.expressionPlaceholder')}
              data-testid="alert-expression"
            />
          </Form.Item>
          <Form.Item name="source" label={t('form.source')}>
            <Radio.Group
              options={[
                ...(['all', 'cn', 'uncn'] as const).map((value) => ({ value, label: t(`sources.${value}`) })),
                // The result page's own choice of sources (港澳台, single offices …), kept as it was.
                ...(presetSource && !['cn', 'uncn'].includes(presetSource)
                  ? [{ value: presetSource, label: describeSource(presetSource, lang) ?? presetSource }]
                  : []),
              ]}
            />
          </Form.Item>
        </>
      )}
      {type === 'library' &&
        (isLibraryOpening ? (
          <Form.Item label={t('form.library')}>
            <Typography.Text strong data-testid="alert-library-name">
              {opening.folderName}
            </Typography.Text>
          </Form.Item>
        ) : (
          <Form.Item
            name="libraryId"
            label={t('form.library')}
            required
            rules={[problemRule('libraryId')]}
            dependencies={['type']}
            extra={t('form.libraryHint')}
          >
            <LibraryPicker />
          </Form.Item>
        ))}
      {type === 'patents' && (
        <Form.Item
          name="numbers"
          label={t('form.numbers')}
          required
          rules={[problemRule('numbers')]}
          dependencies={['type']}
          extra={t('form.numbersCount', { count: numberCount, max: MAX_ALERT_PATENTS.toLocaleString('en-US') })}
        >
          <Input.TextArea
            autoSize={{ minRows: 3, maxRows: 8 }}
            placeholder={t('form.numbersPlaceholder')}
            data-testid="alert-numbers"
          />
        </Form.Item>
      )}
      <ScheduleField frequency={frequency} timeZone={timeZone} timeRule={problemRule('time')} />
      <Form.Item
        name="recipients"
        label={t('form.recipients')}
        required
        rules={[problemRule('recipients')]}
        extra={t('form.recipientsHint', { max: MAX_ALERT_RECIPIENTS })}
      >
        <Select
          mode="tags"
          open={false}
          suffixIcon={null}
          tokenSeparators={[',', ';', ' ', '，', '；']}
          placeholder={t('form.recipientsPlaceholder')}
          data-testid="alert-recipients"
        />
      </Form.Item>
      <Form.Item name="noUpdateNoMail" valuePropName="checked" label={t('form.settings')}>
        <Checkbox data-testid="alert-no-update">{t('form.noUpdateNoMail')}</Checkbox>
      </Form.Item>
      {serverError && (
        <Notice
          type="error"
          showIcon
          title={serverError}
          className="alert-server-error"
          data-testid="alert-server-error"
        />
      )}
      <Flex justify="end" gap={8}>
        <Button onClick={onClose}>{t('form.cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="alert-save">
          {t('form.save')}
        </Button>
      </Flex>
    </Form>
  );
}
