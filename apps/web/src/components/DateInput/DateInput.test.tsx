// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderPage } from '../../test/render-page';
import { DateInput, DateRangeInput } from './DateInput';
import { isValidDateText } from './date-text';

describe('isValidDateText', () => {
  it('takes real dates in the picker format and nothing else', () => {
    expect(isValidDateText('2024-02-29', 'YYYY-MM-DD')).toBe(true);
    expect(isValidDateText('', 'YYYY-MM-DD')).toBe(true);
    expect(isValidDateText('2023-02-29', 'YYYY-MM-DD')).toBe(false);
    expect(isValidDateText('2024-13-01', 'YYYY-MM-DD')).toBe(false);
    expect(isValidDateText('2024/02/03', 'YYYY-MM-DD')).toBe(false);
    expect(isValidDateText('abc', 'YYYY-MM-DD')).toBe(false);
    expect(isValidDateText('2024-11', 'YYYY-MM')).toBe(true);
    expect(isValidDateText('2024-00', 'YYYY-MM')).toBe(false);
    expect(isValidDateText('2024-Q3', 'YYYY-[Q]Q')).toBe(true);
    expect(isValidDateText('2024-Q5', 'YYYY-[Q]Q')).toBe(false);
  });
});

describe('date inputs (spec 2 §8 日期不合法)', { timeout: 60_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('says 日期不合法 when a range end is not a date, and marks the box until a date is typed', async () => {
    renderPage(<DateRangeInput aria-label="日期" allowEmpty={[true, true]} />, '/');
    const [from] = await screen.findAllByRole('textbox');
    fireEvent.focus(from!);
    fireEvent.change(from!, { target: { value: '2023-02-30' } });
    fireEvent.blur(from!);
    expect(await screen.findByText('日期不合法')).toBeTruthy();
    expect(document.querySelector('.ant-picker-status-error')).toBeTruthy();
    fireEvent.focus(from!);
    fireEvent.change(from!, { target: { value: '2023-02-28' } });
    fireEvent.blur(from!);
    await waitFor(() => expect(document.querySelector('.ant-picker-status-error')).toBeNull());
  });

  it('says Invalid date in English, on Enter too', async () => {
    renderPage(<DateInput aria-label="date" />, '/', 'en');
    const input = await screen.findByRole('textbox');
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '2024-13-01' } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(await screen.findByText('Invalid date')).toBeTruthy();
  });
});
