// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { CompanyInfoImportResponse, CompanyInfoSummary } from '@patlas/contracts';
import { renderPage } from '../../../test/render-page';
import { ok, stubApi } from '../../../test/test-api';
import { DataImportPage } from '../DataImportPage';

const INFO = '/platform/business/companyInfo';

describe('the company information file on the operators’ import page', { timeout: 90_000 }, () => {
  beforeEach(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('uploads the file and lists the lines left out with their numbers', async () => {
    let summary: CompanyInfoSummary = { companies: 0, listed: 0, source: null, importedAt: null };
    const answer: CompanyInfoImportResponse = {
      companies: 3,
      listed: 2,
      source: '企业信息表.csv',
      errors: [
        { line: 4, message: '企业名称为空' },
        { line: 6, message: '是否上市“也许”应为 是 或 否' },
      ],
    };
    const calls = stubApi((call) => {
      if (call.method === 'GET' && call.path === '/platform/data/patents/import/runs')
        return ok({ items: [], maxFileBytes: 1024 * 1024, maxFiles: 20 });
      if (call.method === 'GET' && call.path === INFO) return ok(summary);
      if (call.method === 'POST' && call.path === `${INFO}/import`) {
        summary = { companies: 3, listed: 2, source: '企业信息表.csv', importedAt: '2026-12-03T08:00:00.000Z' };
        return ok(answer);
      }
      return undefined;
    });
    renderPage(<DataImportPage />, '/sys/import');
    expect(await screen.findByText('尚未导入企业信息表')).toBeTruthy();
    const card = await screen.findByTestId('company-info-import');
    const input = card.querySelector('input[type="file"]') as HTMLInputElement;
    expect(input.getAttribute('accept')).toBe('.csv,.txt,.xlsx');
    fireEvent.change(input, { target: { files: [new File(['企业名称,是否上市'], '企业信息表.csv')] } });
    expect(await screen.findByText('已导入 3 家企业，其中上市 2 家')).toBeTruthy();
    expect(screen.getByText('第 4 行：企业名称为空')).toBeTruthy();
    expect(screen.getByText('第 6 行：是否上市“也许”应为 是 或 否')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByText('当前企业信息：3 家企业，其中上市 2 家（来自 企业信息表.csv）')).toBeTruthy(),
    );
    expect(calls.filter((c) => c.path === `${INFO}/import`)).toHaveLength(1);
  });
});
