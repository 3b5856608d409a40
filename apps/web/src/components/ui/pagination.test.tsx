// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { installDomShims } from '../../test/render-app';
import { createQueryClient } from '../../api/query-client';
import { AppProviders } from '../../app/providers';
import { createI18n } from '../../i18n/setup';
import {
  AppPagination,
  FAST_JUMP_PAGES,
  JUMPER_MAX_LENGTH,
  clampPage,
  listPagination,
  visiblePageWindow,
} from './pagination';
import { ResizableTable } from './resizable-table';

afterEach(cleanup);

const pageNumbers = (container: HTMLElement) =>
  [...container.querySelectorAll('.ant-pagination-item')].map((item) => Number(item.getAttribute('title')));

describe('the shared pager (spec 2 §9)', () => {
  it('keeps four page numbers around the current page, moved inward at the ends', () => {
    expect(visiblePageWindow(1, 50)).toEqual([1, 4]);
    expect(visiblePageWindow(10, 50)).toEqual([9, 12]);
    expect(visiblePageWindow(50, 50)).toEqual([47, 50]);
    expect(visiblePageWindow(2, 3)).toEqual([1, 3]);
  });

  it('clamps pages and turns an invalid jump into page 1', () => {
    expect(clampPage('abc', 20)).toBe(1);
    expect(clampPage(0, 20)).toBe(1);
    expect(clampPage(99999999, 20)).toBe(20);
    expect(clampPage('7', 20)).toBe(7);
  });

  it('offers sizes 20, 30, 40 and a 10-row default', () => {
    const config = listPagination();
    expect(config.pageSizeOptions).toEqual([20, 30, 40]);
    expect(listPagination({ pageSize: 30 }).pageSize).toBe(30);
  });

  it('shows four pages, jumps five with the fast jump, and jumps with GO from an 8-character box', async () => {
    installDomShims();
    const onChange = vi.fn();
    render(
      <AppProviders i18n={createI18n('zh')} queryClient={createQueryClient()}>
        <AppPagination current={10} pageSize={10} total={500} onChange={onChange} />
      </AppProviders>,
    );
    const numbers = screen.getAllByRole('button', { name: /^第 \d+ 页$/ }).map((b) => Number(b.textContent));
    expect(numbers).toEqual([9, 10, 11, 12]);
    expect(screen.getByRole('button', { name: '第 10 页' }).getAttribute('aria-current')).toBe('page');

    fireEvent.click(screen.getByRole('button', { name: '向后 5 页' }));
    expect(onChange).toHaveBeenLastCalledWith(10 + FAST_JUMP_PAGES);
    fireEvent.click(screen.getByRole('button', { name: '向前 5 页' }));
    expect(onChange).toHaveBeenLastCalledWith(10 - FAST_JUMP_PAGES);

    const box = screen.getByRole('textbox', { name: '跳至' });
    expect(box.getAttribute('maxlength')).toBe(String(JUMPER_MAX_LENGTH));
    fireEvent.change(box, { target: { value: '33' } });
    fireEvent.click(screen.getByRole('button', { name: 'GO' }));
    expect(onChange).toHaveBeenLastCalledWith(33);
    // Beyond the last page: the last page; not a number: page 1.
    fireEvent.change(box, { target: { value: '9999' } });
    fireEvent.click(screen.getByRole('button', { name: 'GO' }));
    expect(onChange).toHaveBeenLastCalledWith(50);
    fireEvent.change(box, { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'GO' }));
    expect(onChange).toHaveBeenLastCalledWith(1);
  });

  it('gives a Table the GO button, the 8-character box and at most four page numbers', async () => {
    installDomShims();
    const rows = Array.from({ length: 100 }, (_, i) => ({ id: i + 1 }));
    const { container } = render(
      <ResizableTable
        rowKey="id"
        dataSource={rows}
        columns={[{ key: 'id', dataIndex: 'id', title: 'Id' }]}
        pagination={listPagination({ current: 2, pageSize: 5, total: 100 })}
      />,
    );
    expect(pageNumbers(container)).toEqual([1, 2, 3, 4]);
    expect(screen.getByRole('button', { name: 'GO' })).toBeTruthy();
    const box = container.querySelector<HTMLInputElement>('.ant-pagination-options-quick-jumper input')!;
    await waitFor(() => expect(box.getAttribute('maxlength')).toBe('8'));
  });
});
