// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import type { Language, PatentDetail } from '@patlas/contracts';
import { createI18n } from '../../../i18n/setup';
import { installDomShims } from '../../../test/render-app';
import { BasicInfoTab } from './BasicInfoTab';

/** A record shaped like the e2e corpus's CN111929899A (香港理工大学), with a company co-applicant made up for the link. */
const PATENT = {
  publicationNumber: 'CN111929899A',
  country: 'CN',
  applicants: [
    { name: '香港理工大学', type: 'university', country: 'HK' },
    { name: '深圳市某科技有限公司', type: 'company', country: 'CN', province: '广东', standardName: '某科技' },
  ],
} as PatentDetail;

/** The same record with what the operators' company information file says of its company applicant. */
const WITH_INFO = {
  ...PATENT,
  applicants: [...PATENT.applicants!, { name: '某某电池有限公司', type: 'company' }],
  companyInfo: {
    深圳市某科技有限公司: {
      name: '某科技',
      listed: true,
      board: '创业板',
      stockCode: '300750',
      type: '股份有限公司',
      region: '广东',
    },
    某某电池有限公司: {
      name: '某某电池有限公司',
      listed: false,
      board: null,
      stockCode: null,
      type: null,
      region: null,
    },
  },
} as PatentDetail;

function renderIn(lang: Language, patent: PatentDetail = PATENT) {
  render(
    <I18nextProvider i18n={createI18n(lang)}>
      <MemoryRouter>
        <BasicInfoTab patent={patent} />
      </MemoryRouter>
    </I18nextProvider>,
  );
}

describe('company information on the detail page', () => {
  beforeAll(installDomShims);
  afterEach(cleanup);

  it('shows each applicant’s type and country or region, and links a company to its analysis', () => {
    renderIn('zh');
    expect(screen.getByText('国别/地区')).toBeTruthy();
    expect(screen.getByText(/^HK /)).toBeTruthy();
    const links = [...document.querySelectorAll<HTMLAnchorElement>('.patent-company-link')];
    expect(links.map((a) => a.textContent)).toEqual(['企业分析']);
    expect(links[0]!.getAttribute('href')).toBe('/analysis/co?name=%E6%9F%90%E7%A7%91%E6%8A%80&std=1');
  });

  it('names the column and the link in English', () => {
    renderIn('en');
    expect(screen.getByText('Country / region')).toBeTruthy();
    expect(screen.getByText('Company analysis')).toBeTruthy();
  });

  it('shows what the company information file says of an applicant it names, and nothing without it', () => {
    renderIn('zh', WITH_INFO);
    expect(screen.getByText('企业信息')).toBeTruthy();
    const cells = [...document.querySelectorAll('.patent-company-info')].map((el) => el.textContent);
    expect(cells).toEqual(['上市创业板 300750类型：股份有限公司；地区：广东', '未上市']);
    cleanup();
    renderIn('en', WITH_INFO);
    expect(screen.getByText('Company information')).toBeTruthy();
    expect(screen.getByText('Listed')).toBeTruthy();
    expect(screen.getByText('Not listed')).toBeTruthy();
    expect(screen.getByText('Type: 股份有限公司; Region: 广东')).toBeTruthy();
    cleanup();
    // No file, or a file that does not name the applicants: no column at all.
    renderIn('zh');
    expect(screen.queryByText('企业信息')).toBeNull();
    expect(document.querySelector('.patent-company-info')).toBeNull();
  });
});
