import { Input, InputNumber, Select, Space } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { FieldDef } from '@patlas/query';
import {
  COUNTRY_CODES,
  PATENT_TYPES,
  rowKindOf,
  type FormRow,
  type InnerOperator,
} from '../../expression-forms/advanced-expression';
import { DateRangeInput } from '../../components/DateInput/DateInput';

interface FieldRowInputProps {
  field: FieldDef;
  row: FormRow;
  label: string;
  onChange: (patch: Partial<FormRow>) => void;
}

/** The input of one form row, chosen by the field's type (spec 1 §1 advanced form). */
export function FieldRowInput({ field, row, label, onChange }: FieldRowInputProps) {
  const { t } = useTranslation('advancedSearch');
  switch (rowKindOf(field)) {
    case 'words':
      return (
        <Space.Compact className="advanced-row-input">
          <Input
            aria-label={label}
            value={row.text ?? ''}
            placeholder={t('placeholder.words')}
            allowClear
            onChange={(event) => onChange({ text: event.target.value })}
          />
          <Select<InnerOperator>
            aria-label={t('innerOperator', { field: label })}
            value={row.inner ?? 'AND'}
            onChange={(inner) => onChange({ inner })}
            options={[
              { value: 'AND', label: t('inner.AND') },
              { value: 'OR', label: t('inner.OR') },
            ]}
            className="advanced-inner"
          />
        </Space.Compact>
      );
    case 'date':
      return (
        <DateRangeInput
          aria-label={label}
          allowEmpty={[true, true]}
          placeholder={[t('placeholder.from'), t('placeholder.to')]}
          value={[row.from ? dayjs(row.from) : null, row.to ? dayjs(row.to) : null]}
          format="YYYY-MM-DD"
          onChange={(_, [from, to]) => onChange({ from: from || undefined, to: to || undefined })}
          className="advanced-row-input"
        />
      );
    case 'number':
      return (
        <Space className="advanced-row-input">
          <InputNumber
            aria-label={t('numberFrom', { field: label })}
            placeholder={t('placeholder.min')}
            value={row.from === undefined ? null : Number(row.from)}
            onChange={(value) => onChange({ from: value === null ? undefined : String(value) })}
          />
          <span>—</span>
          <InputNumber
            aria-label={t('numberTo', { field: label })}
            placeholder={t('placeholder.max')}
            value={row.to === undefined ? null : Number(row.to)}
            onChange={(value) => onChange({ to: value === null ? undefined : String(value) })}
          />
        </Space>
      );
    case 'country':
      return (
        <Select<string[]>
          aria-label={label}
          mode="multiple"
          allowClear
          placeholder={t('placeholder.country')}
          value={row.values ?? []}
          // Spec 1 §5: "Same country cannot be selected twice" — a multiple Select holds each value once.
          onChange={(values) => onChange({ values: [...new Set(values)] })}
          options={COUNTRY_CODES.map((code) => ({ value: code, label: `${code} ${t(`country.${code}`)}` }))}
          className="advanced-row-input"
        />
      );
    case 'patentType':
      return (
        <Select<string[]>
          aria-label={label}
          mode="multiple"
          allowClear
          placeholder={t('placeholder.patentType')}
          value={row.values ?? []}
          onChange={(values) => onChange({ values: [...new Set(values)] })}
          options={PATENT_TYPES.map((type) => ({ value: type, label: t(`patentType.${type}`) }))}
          className="advanced-row-input"
        />
      );
  }
}
