import { InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { WEIGHT_MAX, WEIGHT_MIN, WEIGHT_PARTS, type SemanticWeights } from './semantic-weights';

interface WeightsInputProps {
  value?: SemanticWeights;
  onChange?: (value: SemanticWeights) => void;
  disabled?: boolean;
}

/** The four semantic weights (title, abstract, claims, description) as one form value. */
export function WeightsInput({ value = [3, 3, 3, 3], onChange, disabled }: WeightsInputProps) {
  const { t } = useTranslation('account');
  return (
    <div className="account-weights">
      {WEIGHT_PARTS.map((part, index) => (
        <label key={part}>
          <div>{t(`setting.weightParts.${part}`)}</div>
          <InputNumber<number>
            aria-label={t(`setting.weightParts.${part}`)}
            min={WEIGHT_MIN}
            max={WEIGHT_MAX}
            precision={0}
            disabled={disabled}
            value={value[index]}
            onChange={(n) => {
              const next = [...value] as SemanticWeights;
              next[index] = n ?? 0;
              onChange?.(next);
            }}
          />
        </label>
      ))}
    </div>
  );
}
