import type { ExportFieldId, Patent } from '@patlas/contracts';
import type { ExportColumn } from '../src/documents/writer.js';
import { buildCnPatent, buildUsPatent } from './factories.js';

// The records the Word and PDF writer tests write: 100 patents with distinct titles.

const SUBJECTS = ['锂离子电池正极材料', '电池组散热结构', '数据共享方法', '图像识别装置', '发动机冷却系统'];
const VARIANTS = [
  '及其制备方法',
  '的控制方法',
  '及装置',
  '的检测系统',
  '及其应用',
  '的改进结构',
  '与终端',
  '的生产工艺',
];

/** Patent 1's claim: long enough to wrap over many lines (`repeats` clauses). */
export function longClaim(repeats: number): string {
  return `1. 一种锂离子电池正极材料，其特征在于，${'所述正极材料包括内核和包覆层，所述包覆层为碳层，'.repeat(repeats)}所述碳层厚度为五纳米。`;
}

/**
 * 100 patents: 70 Chinese with distinct Chinese titles (the first with longClaim(longClaimRepeats)),
 * 30 US with English ones (with two short claims when `usClaims`).
 */
export function buildDocumentPatents(options: { longClaimRepeats: number; usClaims: boolean }): Patent[] {
  return Array.from({ length: 100 }, (_, i) => {
    if (i < 70) {
      return buildCnPatent({
        publicationNumber: `CN1100${String(i).padStart(5, '0')}A`,
        title: { lang: 'zh', text: `一种${SUBJECTS[i % 5]}${VARIANTS[Math.floor(i / 5) % 8]}（第${i + 1}案）` },
        applicants: [{ name: i % 2 === 0 ? '宁德时代新能源科技股份有限公司' : '比亚迪股份有限公司', type: 'company' }],
        applicationDate: '2020-01-01',
        legalStatus: '有效',
        claims: {
          lang: 'zh',
          text:
            i === 0
              ? longClaim(options.longClaimRepeats)
              : `1. 一种装置，包括壳体。\n2. 根据权利要求1所述的装置，其特征在于，还包括盖板。`,
        },
      });
    }
    return buildUsPatent({
      publicationNumber: `US2020${String(i).padStart(5, '0')}A1`,
      title: { lang: 'en', text: `Battery thermal management system, embodiment ${i + 1}` },
      ...(options.usClaims
        ? {
            claims: {
              lang: 'en',
              text: '1. A battery pack comprising a housing.\n2. The battery pack of claim 1, further comprising a lid.',
            },
          }
        : {}),
    });
  });
}

/** The fields as written by the real valueOf (export-fields.ts), reduced to what these records hold. */
export function documentValueOf(patent: Patent, field: ExportFieldId): string {
  switch (field) {
    case 'title':
    case 'abstract':
    case 'claims':
    case 'description':
      return patent[field]?.text ?? '';
    case 'firstClaim':
      return patent.claims?.text.split('\n')[0] ?? '';
    case 'applicants':
    case 'inventors':
      return (patent[field] ?? []).map((party) => party.name).join('; ');
    case 'publicationNumber':
    case 'applicationNumber':
    case 'applicationDate':
    case 'legalStatus':
      return patent[field] ?? '';
    default:
      return '';
  }
}

/** The columns of the document tests: the claims as the first claim only, or whole. */
export function documentColumns(claims: 'firstClaim' | 'claims'): ExportColumn[] {
  return [
    { id: 'publicationNumber', label: '公开号' },
    { id: 'title', label: '标题' },
    { id: 'applicants', label: '申请人' },
    { id: 'applicationDate', label: '申请日' },
    { id: 'abstract', label: '摘要' },
    claims === 'firstClaim' ? { id: 'firstClaim', label: '首项权利要求' } : { id: 'claims', label: '权利要求书' },
    { id: 'legalStatus', label: '法律状态' },
  ];
}
