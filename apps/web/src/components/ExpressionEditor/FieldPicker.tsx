import { useMemo } from 'react';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FIELDS, type FieldDef, type FieldGroup } from '@patlas/query';

const GROUP_ORDER: readonly FieldGroup[] = [
  'text',
  'date',
  'number',
  'party',
  'classification',
  'status',
  'family',
  'citation',
  'event',
  'value',
];

interface FieldPickerProps {
  /** Called with the field code the user chose. */
  onPick: (field: FieldDef) => void;
  disabled?: boolean;
}

function searchText(field: FieldDef): string {
  return [field.id, ...field.aliases, field.zh, field.en].join(' ').toLowerCase();
}

/** The field-code picker: fields grouped as in the dictionary, with label and example; searchable. */
export function FieldPicker({ onPick, disabled }: FieldPickerProps) {
  const { t, i18n } = useTranslation('search');
  const isEn = i18n.language === 'en';
  const options = useMemo(
    () =>
      GROUP_ORDER.map((group) => ({
        label: t(`editor.groups.${group}`),
        title: group,
        options: FIELDS.filter((f) => f.group === group).map((f) => ({
          value: f.id,
          search: searchText(f),
          label: (
            <div className="expr-field-option" title={f.example}>
              <span className="expr-field-code">{f.id}</span>
              <span className="expr-field-label">{isEn ? f.en : f.zh}</span>
              <span className="expr-field-example">{f.example}</span>
            </div>
          ),
        })),
      })).filter((g) => g.options.length > 0),
    [t, isEn],
  );
  return (
    <Select
      className="expr-field-picker"
      aria-label={t('editor.fieldPicker')}
      placeholder={t('editor.fieldPicker')}
      showSearch={{
        filterOption: (input, option) =>
          Boolean(option && 'search' in option && String(option.search).includes(input.trim().toLowerCase())),
      }}
      value={null}
      disabled={disabled}
      options={options}
      popupMatchSelectWidth={420}
      onChange={(id: string | null) => {
        const field = FIELDS.find((f) => f.id === id);
        if (field) onPick(field);
      }}
    />
  );
}
