import { useMemo, useState } from 'react';
import { Alert as Notice, Button, Checkbox, Flex, Form, Input, Modal, Radio, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import {
  MAX_REPORT_RANGE_UNITS,
  MAX_REPORT_TITLE_LENGTH,
  REPORT_RANGE_UNITS,
  REPORT_SECTIONS,
  type Language,
  type Report,
  type ReportRangeUnit,
} from '@patlas/contracts';
import {
  formProblems,
  initialValues,
  rangePointOf,
  toReportRequest,
  type ReportFormField,
  type ReportFormValues,
  type ReportPreset,
} from './report-model';
import { useCreateReport } from './queries';
import { DateInput } from '../components/DateInput/DateInput';

interface ReportDialogProps {
  /** Undefined: the dialog is closed. */
  preset: ReportPreset | undefined;
  onClose: () => void;
  /** Called with the report created (after the dialog closes). */
  onCreated: (report: Report) => void;
}

/**
 * The report dialog (spec 2 §1 "generate smart reports", §5, §9; issue 20): title, language,
 * sections and an optional time range of at most 12 years, quarters or months. The form refuses
 * what the spec refuses as the user types; the server checks the same again and answers the
 * quota (spec 2 §8), shown above the buttons.
 */
export function ReportDialog({ preset, onClose, onCreated }: ReportDialogProps) {
  const { t } = useTranslation('report');
  return (
    <Modal
      title={t('dialog.title')}
      open={preset !== undefined}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      width={720}
    >
      {preset && <ReportForm preset={preset} onClose={onClose} onCreated={onCreated} />}
    </Modal>
  );
}

/** A range end in the form (2021, 2021Q1, 2021-03) as the picker's date. */
function dateOf(value: unknown): Dayjs | undefined {
  if (typeof value !== 'string' || !/^\d{4}/.test(value)) return undefined;
  const year = Number(value.slice(0, 4));
  const quarter = /^\d{4}Q([1-4])$/.exec(value);
  const month = /^\d{4}-(\d{2})$/.exec(value);
  const monthIndex = quarter ? (Number(quarter[1]) - 1) * 3 : month ? Number(month[1]) - 1 : 0;
  return dayjs(new Date(year, monthIndex, 1));
}

const PICKER_FORMATS: Record<ReportRangeUnit, string> = { year: 'YYYY', quarter: 'YYYY-[Q]Q', month: 'YYYY-MM' };

function ReportForm({ preset, onClose, onCreated }: ReportDialogProps & { preset: ReportPreset }) {
  const { t, i18n } = useTranslation('report');
  const lang: Language = i18n.language === 'en' ? 'en' : 'zh';
  const [form] = Form.useForm<ReportFormValues>();
  const initial = useMemo(() => initialValues(preset, lang), [preset, lang]);
  const unit = Form.useWatch('unit', form) ?? initial.unit;
  const sections = Form.useWatch('sections', form) ?? initial.sections;
  const create = useCreateReport();
  const [serverError, setServerError] = useState<string>();

  /** A rule showing the field's spec 2 §5 problem, checked over the whole form. */
  const problemRule = (field: ReportFormField) => ({
    validator: async () => {
      const problem = formProblems(form.getFieldsValue(true) as ReportFormValues)[field];
      if (!problem) return;
      const values = { ...problem.values };
      if (typeof values.unit === 'string') values.unit = t(`unitWords.${values.unit as ReportRangeUnit}`);
      throw new Error(t(`dialog.problems.${problem.key}`, values));
    },
  });

  const handleFinish = async () => {
    setServerError(undefined);
    const values = form.getFieldsValue(true) as ReportFormValues;
    try {
      const report = await create.mutateAsync(toReportRequest(values, preset));
      onClose();
      onCreated(report);
    } catch (error) {
      setServerError((error as Error).message);
    }
  };

  const rangePicker = (name: 'from' | 'to') => (
    <Form.Item
      name={name}
      noStyle
      getValueProps={(value: unknown) => ({ value: dateOf(value) })}
      normalize={(value: Dayjs | null) => (value ? rangePointOf(unit, value.year(), value.month() + 1) : undefined)}
    >
      <DateInput
        picker={unit}
        format={PICKER_FORMATS[unit]}
        placeholder={t(`dialog.${name}`)}
        aria-label={t(`dialog.${name}`)}
        onChange={() => void form.validateFields(['rangeCheck'])}
        data-testid={`report-range-${name}`}
      />
    </Form.Item>
  );

  return (
    <Form<ReportFormValues>
      form={form}
      layout="horizontal"
      labelCol={{ flex: '104px' }}
      labelWrap
      initialValues={initial}
      onFinish={() => void handleFinish()}
      data-testid="report-dialog"
    >
      <Form.Item label={t('dialog.set')}>
        <Typography.Text type="secondary" ellipsis={{ tooltip: preset.label }} data-testid="report-set-label">
          {preset.label
            ? t('originWithLabel', { origin: t(`origins.${preset.origin}`), label: preset.label })
            : t(`origins.${preset.origin}`)}
        </Typography.Text>
      </Form.Item>
      <Form.Item name="title" label={t('dialog.reportTitle')} required rules={[problemRule('title')]}>
        <Input
          maxLength={MAX_REPORT_TITLE_LENGTH + 20}
          showCount={{ formatter: ({ count }) => `${count}/${MAX_REPORT_TITLE_LENGTH}` }}
          placeholder={t('dialog.titlePlaceholder')}
          data-testid="report-title"
        />
      </Form.Item>
      <Form.Item name="lang" label={t('dialog.lang')}>
        <Radio.Group
          optionType="button"
          options={(['zh', 'en'] as const).map((value) => ({ value, label: t(`langs.${value}`) }))}
          data-testid="report-lang"
        />
      </Form.Item>
      <Form.Item label={t('dialog.sections')} required>
        <Checkbox
          checked={sections.length === REPORT_SECTIONS.length}
          indeterminate={sections.length > 0 && sections.length < REPORT_SECTIONS.length}
          onChange={(e) => {
            form.setFieldValue('sections', e.target.checked ? [...REPORT_SECTIONS] : []);
            void form.validateFields(['sections']);
          }}
          data-testid="report-sections-all"
        >
          {t('dialog.selectAll')}
        </Checkbox>
        <Form.Item name="sections" noStyle rules={[problemRule('sections')]}>
          <Checkbox.Group
            className="report-sections"
            style={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: 4, marginTop: 6 }}
            options={REPORT_SECTIONS.map((value) => ({ value, label: t(`sections.${value}`) }))}
            data-testid="report-sections"
          />
        </Form.Item>
      </Form.Item>
      <Form.Item label={t('dialog.timeRange')} extra={t('dialog.timeRangeHint', { max: MAX_REPORT_RANGE_UNITS })}>
        <Flex gap={8} wrap align="center">
          <Form.Item name="unit" noStyle>
            <Radio.Group
              optionType="button"
              options={REPORT_RANGE_UNITS.map((value) => ({ value, label: t(`units.${value}`) }))}
              onChange={() => {
                form.setFieldsValue({ from: undefined, to: undefined });
                void form.validateFields(['rangeCheck']);
              }}
              data-testid="report-range-unit"
            />
          </Form.Item>
          {rangePicker('from')}
          <span>–</span>
          {rangePicker('to')}
        </Flex>
        {/* The range's problem (spec 2 §9 "within 12 units"), checked over unit, from and to. */}
        <Form.Item name="rangeCheck" noStyle dependencies={['from', 'to', 'unit']} rules={[problemRule('range')]}>
          <input type="hidden" />
        </Form.Item>
      </Form.Item>
      {serverError && (
        <Notice
          type="error"
          showIcon
          title={serverError}
          style={{ marginBottom: 12 }}
          data-testid="report-server-error"
        />
      )}
      <Flex justify="end" gap={8}>
        <Button onClick={onClose}>{t('dialog.cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={create.isPending} data-testid="report-submit">
          {t('dialog.submit')}
        </Button>
      </Flex>
    </Form>
  );
}
