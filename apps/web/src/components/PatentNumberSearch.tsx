import { useState } from 'react';
import { Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { patentDetailPath } from '../app/paths';

/** Longest number accepted; the detail API allows 64 characters (PatentDetailQuerySchema). */
const MAX_NUMBER_LENGTH = 64;

interface PatentNumberSearchProps {
  /** Text of the submit button. */
  buttonText: string;
  defaultValue?: string;
  size?: 'middle' | 'large';
  autoFocus?: boolean;
}

/**
 * "Open a patent by number": any written form (CN117151122A, CN 117151122 A, an application
 * number) goes to the detail page as typed; the server normalises it.
 */
export function PatentNumberSearch({
  buttonText,
  defaultValue = '',
  size = 'large',
  autoFocus,
}: PatentNumberSearchProps) {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const [value, setValue] = useState(defaultValue);
  const [error, setError] = useState<string>();

  function handleSearch(text: string) {
    const pn = text.trim();
    if (!pn) {
      setError(t('patentNumber.empty'));
      return;
    }
    setError(undefined);
    navigate(patentDetailPath(pn));
  }

  return (
    <div>
      <Input.Search
        value={value}
        onChange={(e) => {
          setValue(e.target.value);
          if (error) setError(undefined);
        }}
        onSearch={handleSearch}
        placeholder={t('patentNumber.placeholder')}
        enterButton={buttonText}
        size={size}
        maxLength={MAX_NUMBER_LENGTH}
        autoFocus={autoFocus}
        status={error ? 'error' : undefined}
        allowClear
      />
      {error && (
        <div role="alert" style={{ color: 'var(--ant-color-error, #ff4d4f)', marginTop: 4 }}>
          {error}
        </div>
      )}
    </div>
  );
}
