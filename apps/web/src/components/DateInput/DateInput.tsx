import { useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { App, DatePicker, type DatePickerProps } from 'antd';
import type { RangePickerProps } from 'antd/es/date-picker';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { isValidDateText } from './date-text';

const DEFAULT_FORMAT = 'YYYY-MM-DD';

/**
 * Spec 2 §8: a date picker says 日期不合法 (Invalid date) when the text typed into it is not a date;
 * the picker itself would silently drop it. The box is marked until a valid date or nothing is typed.
 */
function useInvalidDateCheck(format: string) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  // The boxes (a range has two) whose text is not a date.
  const invalidBoxes = useRef(new Set<HTMLInputElement>());
  const [invalid, setInvalid] = useState(false);
  const check = (input: EventTarget) => {
    if (!(input instanceof HTMLInputElement)) return;
    const valid = isValidDateText(input.value, format);
    if (valid) invalidBoxes.current.delete(input);
    else invalidBoxes.current.add(input);
    setInvalid(invalidBoxes.current.size > 0);
    if (!valid) void message.error(t('errors.invalidDate'));
  };
  return {
    invalid,
    onBlur: (event: FocusEvent<HTMLElement>) => check(event.target),
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
      if (event.key === 'Enter') check(event.target);
    },
  };
}

type DateInputProps = Omit<DatePickerProps<Dayjs, false>, 'format' | 'multiple'> & { format?: string };

/** antd's DatePicker with the spec's invalid-date message. */
export function DateInput({ format = DEFAULT_FORMAT, onBlur, onKeyDown, status, ...props }: DateInputProps) {
  const check = useInvalidDateCheck(format);
  return (
    <DatePicker
      {...props}
      format={format}
      status={check.invalid ? 'error' : status}
      onBlur={(event, info) => {
        check.onBlur(event);
        onBlur?.(event, info);
      }}
      onKeyDown={(event, preventDefault) => {
        check.onKeyDown(event);
        onKeyDown?.(event, preventDefault);
      }}
    />
  );
}

type DateRangeInputProps = Omit<RangePickerProps, 'format'> & { format?: string };

/** antd's RangePicker with the spec's invalid-date message (either end). */
export function DateRangeInput({ format = DEFAULT_FORMAT, onBlur, onKeyDown, status, ...props }: DateRangeInputProps) {
  const check = useInvalidDateCheck(format);
  return (
    <DatePicker.RangePicker
      {...props}
      format={format}
      status={check.invalid ? 'error' : status}
      onBlur={(event, info) => {
        check.onBlur(event);
        onBlur?.(event, info);
      }}
      onKeyDown={(event, preventDefault) => {
        check.onKeyDown(event);
        onKeyDown?.(event, preventDefault);
      }}
    />
  );
}
