import { useMemo } from 'react';
import { Button, Checkbox, Collapse, Flex, Form, Input, Radio, Select, Typography, type FormInstance } from 'antd';
import { ClearOutlined, SearchOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { MAX_SEMANTIC_TEXT_LENGTH, PATENT_TYPES, SEMANTIC_MODES, type SemanticMode } from '@patlas/contracts';
import { resources } from '../../../i18n/index';
import { areWeightsValid, type SemanticWeights } from '../../../components/WeightsInput/semantic-weights';
import { WeightsInput } from '../../../components/WeightsInput/WeightsInput';
import {
  checkText,
  findDuplicateSource,
  isDateOrderValid,
  textLengthOf,
  type SemanticDateType,
  type SemanticFormValues,
} from './semantic-form';
import { DateRangeInput } from '../../../components/DateInput/DateInput';

/** The offices the data-source list offers: those the patent catalogue names. */
export const OFFICE_CODES = Object.keys(resources.zh.patent.country) as (keyof typeof resources.zh.patent.country)[];

/** The form's own shape: antd's RangePicker holds dayjs values. */
export interface SemanticFormShape {
  text: string;
  dataSources: string[];
  patentTypes: SemanticFormValues['patentTypes'];
  dateType: SemanticDateType;
  dates: [Dayjs | null, Dayjs | null] | null;
  weights: SemanticWeights;
  mode: SemanticMode;
}

const DAY = 'YYYY-MM-DD';

export function toFormShape(values: SemanticFormValues): SemanticFormShape {
  return {
    text: values.text,
    dataSources: values.dataSources,
    patentTypes: values.patentTypes,
    dateType: values.dateType,
    dates:
      values.dateFrom || values.dateTo
        ? [values.dateFrom ? dayjs(values.dateFrom) : null, values.dateTo ? dayjs(values.dateTo) : null]
        : null,
    weights: values.weights,
    mode: values.mode,
  };
}

export function fromFormShape(shape: SemanticFormShape): SemanticFormValues {
  const [from, to] = shape.dates ?? [null, null];
  return {
    text: shape.text ?? '',
    dataSources: shape.dataSources ?? [],
    patentTypes: shape.patentTypes ?? [],
    dateType: shape.dateType ?? 'AD',
    dateFrom: from ? from.format(DAY) : undefined,
    dateTo: to ? to.format(DAY) : undefined,
    weights: shape.weights,
    mode: shape.mode ?? 'hybrid',
  };
}

interface SemanticSearchFormProps {
  form: FormInstance<SemanticFormShape>;
  initialValues: SemanticFormShape;
  isSearching: boolean;
  onSearch: (values: SemanticFormValues) => void;
  onClear: () => void;
}

/**
 * The semantic search form: the text with its live count against the 50000 limit (an over-long
 * text is kept and refused, never cut), data sources, patent types, the date filter, and in the
 * advanced area the four field weights and the ranking mode.
 */
export function SemanticSearchForm({ form, initialValues, isSearching, onSearch, onClear }: SemanticSearchFormProps) {
  const { t, i18n } = useTranslation(['semanticSearch', 'patent']);
  const text = Form.useWatch('text', form) ?? '';
  const length = textLengthOf(text);
  const isOverLimit = length > MAX_SEMANTIC_TEXT_LENGTH;
  const numberFormat = useMemo(
    () => new Intl.NumberFormat(i18n.language === 'en' ? 'en-US' : 'zh-CN'),
    [i18n.language],
  );

  const sourceOptions = useMemo(
    () => [
      {
        label: t('form.scopeGroup'),
        options: [
          { value: 'cn', label: t('form.scopeCn') },
          { value: 'uncn', label: t('form.scopeUncn') },
        ],
      },
      {
        label: t('form.officeGroup'),
        options: OFFICE_CODES.map((code) => ({ value: code, label: `${code} ${t(`patent:country.${code}`)}` })),
      },
    ],
    [t],
  );

  return (
    <Form<SemanticFormShape>
      form={form}
      layout="vertical"
      initialValues={initialValues}
      onFinish={(shape) => onSearch(fromFormShape(shape))}
      className="semantic-form"
      requiredMark={false}
    >
      <Form.Item
        name="text"
        label={t('form.text')}
        extra={
          <span
            className={isOverLimit ? 'semantic-count semantic-count-over' : 'semantic-count'}
            data-testid="semantic-count"
            aria-live="polite"
          >
            {t('form.count', {
              length: numberFormat.format(length),
              max: numberFormat.format(MAX_SEMANTIC_TEXT_LENGTH),
            })}
          </span>
        }
        rules={[
          {
            validator: (_rule, value: string | undefined) => {
              const problem = checkText(value ?? '');
              if (!problem) return Promise.resolve();
              const message =
                problem.kind === 'required'
                  ? t('rules.textRequired')
                  : problem.kind === 'tooShort'
                    ? t('rules.textTooShort', { min: problem.min })
                    : t('rules.textTooLong', { max: problem.max, length: problem.length });
              return Promise.reject(new Error(message));
            },
          },
        ]}
      >
        <Input.TextArea
          aria-label={t('form.text')}
          placeholder={t('form.placeholder')}
          autoSize={{ minRows: 8, maxRows: 18 }}
          status={isOverLimit ? 'error' : undefined}
          className="semantic-textarea"
        />
      </Form.Item>

      <div className="semantic-filters">
        <Form.Item
          name="dataSources"
          label={t('form.dataSources')}
          rules={[
            {
              validator: (_rule, value: string[] | undefined) => {
                const duplicate = findDuplicateSource(value ?? [], OFFICE_CODES);
                return duplicate
                  ? Promise.reject(new Error(t('rules.duplicateSource', { code: duplicate })))
                  : Promise.resolve();
              },
            },
          ]}
        >
          <Select
            mode="multiple"
            allowClear
            aria-label={t('form.dataSources')}
            placeholder={t('form.dataSourcesPlaceholder')}
            options={sourceOptions}
            optionFilterProp="label"
            maxTagCount="responsive"
          />
        </Form.Item>
        <Form.Item label={t('form.dateRange')}>
          <Flex gap={8} className="semantic-date-row">
            <Form.Item name="dateType" noStyle>
              <Radio.Group
                aria-label={t('form.dateType')}
                optionType="button"
                options={[
                  { value: 'AD', label: t('form.dateAD') },
                  { value: 'PD', label: t('form.datePD') },
                ]}
              />
            </Form.Item>
            <Form.Item
              name="dates"
              noStyle
              rules={[
                {
                  validator: (_rule, value: SemanticFormShape['dates']) => {
                    const [from, to] = value ?? [null, null];
                    return isDateOrderValid(from?.format(DAY), to?.format(DAY))
                      ? Promise.resolve()
                      : Promise.reject(new Error(t('rules.dateOrder')));
                  },
                },
              ]}
            >
              <DateRangeInput
                allowEmpty={[true, true]}
                format={DAY}
                placeholder={[t('form.dateFrom'), t('form.dateTo')]}
                aria-label={t('form.dateRange')}
                className="semantic-date-range"
              />
            </Form.Item>
          </Flex>
        </Form.Item>
        <Form.Item name="patentTypes" label={t('form.patentType')} className="semantic-patent-types">
          <Checkbox.Group
            options={PATENT_TYPES.map((type) => ({ value: type, label: t(`patent:patentType.${type}`) }))}
          />
        </Form.Item>
      </div>

      <Collapse
        ghost
        size="small"
        className="semantic-advanced"
        items={[
          {
            key: 'advanced',
            label: t('form.advanced'),
            forceRender: true,
            children: (
              <>
                <Form.Item
                  name="weights"
                  label={t('form.weights')}
                  extra={t('form.weightsHint')}
                  rules={[
                    {
                      validator: (_rule, value: SemanticWeights | undefined) =>
                        areWeightsValid(value ?? [])
                          ? Promise.resolve()
                          : Promise.reject(new Error(t('rules.weightsAllZero'))),
                    },
                  ]}
                >
                  <WeightsInput />
                </Form.Item>
                <Form.Item name="mode" label={t('form.mode')}>
                  <Radio.Group aria-label={t('form.mode')} className="semantic-modes">
                    {SEMANTIC_MODES.map((mode) => (
                      <Radio key={mode} value={mode}>
                        {t(`form.modes.${mode}`)}
                        <Typography.Text type="secondary" className="semantic-mode-hint">
                          {t(`form.modeHints.${mode}`)}
                        </Typography.Text>
                      </Radio>
                    ))}
                  </Radio.Group>
                </Form.Item>
              </>
            ),
          },
        ]}
      />

      <Flex gap={12} justify="flex-end" className="semantic-actions">
        <Button icon={<ClearOutlined />} onClick={onClear}>
          {t('form.clear')}
        </Button>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />} loading={isSearching}>
          {t('form.submit')}
        </Button>
      </Flex>
    </Form>
  );
}
