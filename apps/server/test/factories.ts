import type { Patent } from '@patlas/contracts';

/** Real records (from the demo corpus sources) trimmed to what the tests need. */
export function buildCnPatent(overrides: Partial<Patent> = {}): Patent {
  return {
    publicationNumber: 'CN117151122A',
    country: 'CN',
    kind: 'A',
    patentType: 'invention_application',
    title: { lang: 'zh', text: '一种基于区块链的数据共享方法' },
    abstract: { lang: 'zh', text: '本发明公开了一种基于区块链的数据共享方法，涉及数据安全技术领域。' },
    applicationNumber: 'CN202311234567.8',
    classifications: { cpc: ['G06F21/62', 'G06F16/27'] },
    ...overrides,
  };
}

export function buildUsPatent(overrides: Partial<Patent> = {}): Patent {
  return {
    publicationNumber: 'US6980000B2',
    country: 'US',
    kind: 'B2',
    patentType: 'invention_grant',
    title: { lang: 'en', text: 'Lithium ion battery electrode' },
    abstract: { lang: 'en', text: 'An electrode for a lithium ion battery comprising a current collector.' },
    applicationNumber: 'US10123456',
    applicationDate: '2003-04-01',
    publicationDate: '2005-12-27',
    grantDate: '2005-12-27',
    inventors: [{ name: 'John Smith', type: 'person' }],
    assignees: [{ name: 'Acme Batteries Inc.', type: 'company' }],
    citations: [{ number: 'US5000000', country: 'US', kind: 'A', category: 'cited by examiner' }],
    ...overrides,
  };
}

/**
 * The default CN patent (blockchain) and five battery ones (CN kinds A, B and U from CATL and BYD,
 * two US): the corpus of the history and library route tests.
 */
export function buildBatteryCorpus(): Patent[] {
  return [
    buildCnPatent(),
    buildCnPatent({
      publicationNumber: 'CN110000001A',
      applicationNumber: 'CN201810000001.2',
      title: { lang: 'zh', text: '一种锂电池正极材料及其制备方法' },
      abstract: { lang: 'zh', text: '本发明涉及锂电池技术领域，提供一种高容量正极材料。' },
      applicants: [{ name: '宁德时代新能源科技股份有限公司', type: 'company' }],
      applicationDate: '2018-03-02',
      publicationDate: '2018-09-10',
      classifications: { ipc: ['H01M4/525', 'H01M10/0525'], ipcMain: 'H01M4/525' },
    }),
    buildCnPatent({
      publicationNumber: 'CN110000002B',
      applicationNumber: 'CN201610000002.3',
      title: { lang: 'zh', text: '一种电池组散热结构' },
      abstract: { lang: 'zh', text: '一种电池组的散热结构，包括散热片。' },
      applicants: [{ name: '比亚迪股份有限公司', type: 'company' }],
      applicationDate: '2016-05-01',
      publicationDate: '2017-01-01',
      kind: 'B',
      patentType: 'invention_grant',
      classifications: { ipc: ['H01M10/613'] },
    }),
    buildCnPatent({
      publicationNumber: 'CN110000003U',
      applicationNumber: 'CN201920000003.4',
      title: { lang: 'zh', text: '一种电池盒' },
      abstract: { lang: 'zh', text: '一种电池盒，包括盒体。' },
      applicants: [{ name: '比亚迪股份有限公司', type: 'company' }],
      applicationDate: '2019-05-01',
      publicationDate: '2020-01-01',
      kind: 'U',
      patentType: 'utility_model',
      classifications: { ipc: ['H01M50/20'] },
    }),
    buildUsPatent({
      publicationNumber: 'US2019000001A1',
      applicationNumber: 'US16000001',
      kind: 'A1',
      patentType: 'invention_application',
      title: { lang: 'en', text: 'Cathode material for a lithium battery' },
      abstract: { lang: 'en', text: 'A lithium battery cathode with high capacity.' },
      applicationDate: '2018-12-01',
      publicationDate: '2019-06-01',
      classifications: { ipc: ['H01M4/525'] },
    }),
    buildUsPatent(),
  ];
}
