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
