// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import type { PatentDetail } from '@patlas/contracts';
import { renderPage, stubFetch } from '../../test/render-page';
import { PatentDetailPage } from './PatentDetailPage';
import { CN103577070A, CN107274400A } from './fixtures/cn103577070a';
import { US7472552B2 } from './fixtures/us7472552b2';

/**
 * Issue 43 items 5 and 6: a vendor-export record read on the detail page. Real records (fixtures):
 * a Patentics row with claim 1 only, a description of run-together numbered paragraphs and one
 * held citation; the `TI=虚拟现实 AND PA=歌尔` row with counts and no lists, no abstract.
 */
const A_WITH_GRANT_NOT_HELD: PatentDetail = {
  ...CN103577070A,
  publicationNumber: 'CN108268281A',
  applicationNumber: 'CN201710004263.3',
  applicationDate: '2017-01-04',
  publicationDate: '2018-07-10',
  title: { lang: 'zh', text: '处理器协同方法及电路' },
  family: { simple: ['CN108268281A', 'CN108268281B'] },
  familyCount: 2,
  // The B is not held: the API describes it by its number; the page's own row is the page's.
  familyMembers: { CN108268281B: { number: 'CN108268281B', country: 'CN', kind: 'B' } },
};
const RECORDS: Record<string, PatentDetail> = {
  CN103577070A,
  CN107274400A,
  US7472552B2,
  CN108268281A: A_WITH_GRANT_NOT_HELD,
};

function serveRecords() {
  return stubFetch((url) => {
    const record = RECORDS[url.searchParams.get('pn') ?? ''];
    if (url.pathname === '/api/product/patent/detail' && record) {
      return { status: 200, body: { status: 1, message: '', data: record } };
    }
    return { status: 404, body: { status: 0, message: 'no route', data: { code: 'ROUTE_NOT_FOUND' } } };
  });
}

const open = (pn: string, tab: string, lang: 'zh' | 'en' = 'zh') =>
  renderPage(<PatentDetailPage />, `/innovationSpace/searchDetail?pn=${pn}&tab=${tab}`, lang);

const tabLabel = (name: string) =>
  [...document.querySelectorAll<HTMLElement>('.patent-detail [role=tab]')].find((tab) =>
    tab.textContent?.startsWith(name),
  );

describe('a vendor record on the detail page', () => {
  beforeEach(() => window.localStorage.clear());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('splits the description at its paragraph numbers, numbers the claim and says the source holds claim 1 only', async () => {
    serveRecords();
    open('CN103577070A', 'fulltext');
    expect(await screen.findByText('来源数据只含主权项')).toBeTruthy();
    const claims = document.querySelectorAll('.patent-claim');
    expect(claims).toHaveLength(1);
    expect(claims[0]?.querySelector('.patent-claim-number')?.textContent).toBe('1. ');
    const paragraphs = [...document.querySelectorAll('.patent-fulltext .patent-longtext:not(.patent-claims) p')].map(
      (p) => p.textContent ?? '',
    );
    expect(paragraphs.filter((p) => /^\[00\d\d\]/.test(p)).map((p) => p.slice(0, 6))).toEqual([
      '[0025]',
      '[0026]',
      '[0027]',
      '[0028]',
      '[0030]',
    ]);
    expect(paragraphs).toContain('背景技术');
    expect(document.body.textContent).not.toContain('<br');
  });

  it('gives each claim its own block and tags the dependent ones', async () => {
    serveRecords();
    open('US7472552B2', 'fulltext');
    expect(await screen.findByText('从属于权利要求 1')).toBeTruthy();
    const claims = [...document.querySelectorAll<HTMLElement>('.patent-claim')];
    expect(claims.map((c) => c.dataset.claim)).toEqual(['1', '2']);
    expect(claims[0]?.querySelector('.patent-claim-dependent')).toBeNull();
    // Ten claims stated, two held: not "first claim only".
    expect(screen.queryByText('来源数据只含主权项')).toBeNull();
  });

  it('lists a held citation with its title, applicant and date as a link, and says which are not in the database', async () => {
    serveRecords();
    open('CN103577070A', 'citations');
    const held = await screen.findByText('CN102981763A');
    expect(held.closest('a')?.getAttribute('href')).toBe('/innovationSpace/searchDetail?pn=CN102981763A');
    const row = held.closest('tr');
    if (!row) throw new Error('no row');
    expect(within(row).getByText('触控屏锁定状态下运行应用程序的方法')).toBeTruthy();
    expect(within(row).getByText('中科创达软件股份有限公司')).toBeTruthy();
    expect(within(row).getByText('2013-03-20')).toBeTruthy();
    const notHeld = screen.getByText('CN101587421A').closest('tr');
    expect(screen.getByText('CN101587421A').closest('a')).toBeNull();
    expect(notHeld && within(notHeld).getByText('不在本库')).toBeTruthy();
    // Cited by 7, no list: the count, said to be the source's count only.
    expect(screen.getByText(/7 条\s*（来源只含数量）/)).toBeTruthy();
    expect(screen.getByText('来源数据只含数量，不含列表')).toBeTruthy();
  });

  it('shows counts the source states without lists as counts, not as greyed tabs', async () => {
    serveRecords();
    open('CN107274400A', 'basic');
    expect(await screen.findByText('来源数据不含摘要')).toBeTruthy();
    expect(screen.queryByText('本专利暂无摘要')).toBeNull();
    const citations = tabLabel('引证');
    const family = tabLabel('同族');
    expect(citations?.querySelector('.patent-tab-empty')).toBeNull();
    expect(citations?.querySelector('.patent-tab-count')?.textContent).toBe('16');
    expect(family?.querySelector('.patent-tab-empty')).toBeNull();
    expect(family?.querySelector('.patent-tab-count')?.textContent).toBe('4');
    // In the bibliographic table: 11, the source's count only.
    const cell = screen.getByText('引用专利数').closest('th')?.nextElementSibling;
    expect(cell?.textContent).toBe('11 （来源只含数量）');
  });

  it('says the source lists no family members where it only counts them', async () => {
    serveRecords();
    open('CN107274400A', 'family');
    expect(await screen.findByText('来源数据只含数量，不含列表')).toBeTruthy();
    expect(screen.getByText(/共 4 件/)).toBeTruthy();
    expect(screen.queryByText('本专利暂无同族信息')).toBeNull();
  });

  it('moves the source and its licence out of the bibliographic table into a footnote', async () => {
    serveRecords();
    open('CN107274400A', 'basic');
    await screen.findByText('来源数据不含摘要');
    const table = document.querySelector('.patent-basic .ant-descriptions');
    expect(table?.textContent).not.toContain('GPL-3.0');
    expect(table?.textContent).not.toContain('cn-patentics-incopat');
    expect(table?.textContent).not.toContain('数据来源');
    const footnote = document.querySelector('.patent-provenance');
    expect(footnote?.textContent).toContain('数据来源：cn-patentics-incopat');
    expect(footnote?.textContent).toContain('数据许可：GPL-3.0 (repository licence)');
  });

  it("marks only the page's own publication as this patent in the family tab, with its own kind and date", async () => {
    serveRecords();
    open('CN108268281A', 'family');
    const self = await screen.findByText('本专利');
    const selfRow = self.closest('tr');
    expect(selfRow && within(selfRow).getByText('CN108268281A')).toBeTruthy();
    expect(selfRow && within(selfRow).getByText('A')).toBeTruthy();
    expect(selfRow && within(selfRow).getByText('2018-07-10')).toBeTruthy();
    expect(selfRow && within(selfRow).getByText('处理器协同方法及电路')).toBeTruthy();
    expect(screen.getAllByText('本专利')).toHaveLength(1);
    const grantRow = screen.getByText('CN108268281B').closest('tr');
    expect(grantRow && within(grantRow).getByText('B')).toBeTruthy();
    expect(grantRow && within(grantRow).getByText('本库未收录')).toBeTruthy();
  });

  it('says it in English for an English user', async () => {
    serveRecords();
    open('CN103577070A', 'citations', 'en');
    expect((await screen.findAllByText('not in this database')).length).toBe(2);
    expect(screen.getByText('The source data holds counts only, not the lists')).toBeTruthy();
    cleanup();
    open('CN107274400A', 'basic', 'en');
    expect(await screen.findByText('The source data has no abstract')).toBeTruthy();
    cleanup();
    open('CN103577070A', 'fulltext', 'en');
    expect(await screen.findByText('The source data holds the first claim only')).toBeTruthy();
  });
});
