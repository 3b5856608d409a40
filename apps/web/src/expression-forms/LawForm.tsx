import { Form, Input, Select } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { MAX_INPUT_LENGTH } from '@patlas/contracts';
import { getFieldById } from '@patlas/query';
import type { LawInput, LawProblem, LawValue, LawValues } from './law-expression';
import { DateRangeInput } from '../components/DateInput/DateInput';

interface LawFormProps {
  inputs: readonly LawInput[];
  values: LawValues;
  problems: Readonly<Record<string, LawProblem>>;
  onChange: (field: string, value: LawValue) => void;
}

/**
 * The inputs of a legal-search form, one per dictionary field: labelled with the field's name and
 * code, a text box, a date range or a choice of values (others may be typed). Shared by the
 * legal-search tabs and the defence-declassified form.
 */
export function LawForm({ inputs, values, problems, onChange }: LawFormProps) {
  const { t, i18n } = useTranslation('lawSearch');
  const isEnglish = i18n.language === 'en';
  return (
    <Form layout="horizontal" labelCol={{ flex: '180px' }} labelWrap className="law-form">
      {inputs.map((input) => {
        const def = getFieldById(input.field);
        if (!def) return null;
        const label = isEnglish ? def.en : def.zh;
        const value = values[input.field] ?? {};
        const problem = problems[input.field];
        return (
          <Form.Item
            key={input.field}
            label={
              <span>
                {label} <span className="law-form-code">{def.id}</span>
              </span>
            }
            validateStatus={problem ? 'error' : undefined}
            help={problem ? t(`problem.${problem}`, { max: MAX_INPUT_LENGTH }) : undefined}
            htmlFor={`law-${input.field}`}
          >
            {input.kind === 'words' && (
              <Input
                id={`law-${input.field}`}
                aria-label={label}
                value={value.text ?? ''}
                placeholder={t('placeholder.words')}
                allowClear
                onChange={(event) => onChange(input.field, { text: event.target.value })}
              />
            )}
            {input.kind === 'date' && (
              <DateRangeInput
                id={`law-${input.field}`}
                aria-label={label}
                allowEmpty={[true, true]}
                placeholder={[t('placeholder.from'), t('placeholder.to')]}
                value={[value.from ? dayjs(value.from) : null, value.to ? dayjs(value.to) : null]}
                format="YYYY-MM-DD"
                onChange={(_, [from, to]) => onChange(input.field, { from: from || undefined, to: to || undefined })}
                className="law-form-input"
              />
            )}
            {input.kind === 'choice' && (
              <Select<string[]>
                id={`law-${input.field}`}
                aria-label={label}
                mode="tags"
                allowClear
                placeholder={t('placeholder.choice')}
                value={value.values ?? []}
                onChange={(chosen) => onChange(input.field, { values: [...new Set(chosen)] })}
                options={(input.options ?? []).map((option) => ({ value: option, label: option }))}
                className="law-form-input"
              />
            )}
          </Form.Item>
        );
      })}
    </Form>
  );
}
