import { Checkbox, Flex, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';

interface LimitInputProps {
  /** null (or absent) = unlimited */
  value?: number | null;
  onChange?: (value: number | null) => void;
  min?: number;
  /** Accessible name of the number field. */
  label: string;
  /** The number offered when "unlimited" is unticked. */
  initialLimit?: number;
}

/** A limit with an "unlimited" box: the quotas of a user, the online cap of a tenant. */
export function LimitInput({ value, onChange, min = 0, label, initialLimit = 100 }: LimitInputProps) {
  const { t } = useTranslation('sys');
  const isUnlimited = value === null || value === undefined;
  return (
    <Flex gap={12} align="center">
      <InputNumber<number>
        aria-label={label}
        min={min}
        precision={0}
        disabled={isUnlimited}
        value={isUnlimited ? null : value}
        onChange={(n) => onChange?.(n ?? min)}
      />
      <Checkbox
        checked={isUnlimited}
        onChange={(e) => onChange?.(e.target.checked ? null : Math.max(min, initialLimit))}
      >
        {t('common.unlimited')}
      </Checkbox>
    </Flex>
  );
}
