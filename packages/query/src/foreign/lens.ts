/**
 * The Lens (lens.org) patent search: Elasticsearch query-string syntax with Lens field names
 * (`title:`, `applicant.name:`, `class_ipcr.symbol:`), `"a b"~n` proximity, `[a TO b]` ranges,
 * `+`/`-` prefixes, truncation * ?. Guide: Lens Patent API — Search fields and query syntax
 * (docs.api.lens.org/request-patent.html) and Lens support "Structured search".
 */
import { mapTruncation, type ForeignSyntax } from './core.js';
import { msg } from './messages.js';

export const LENS_FIELDS: ForeignSyntax['fields'] = {
  title: { ids: ['TI'] },
  abstract: { ids: ['AB'] },
  claim: { ids: ['CLM'] },
  claims: { ids: ['CLM'] },
  description: { ids: ['DESC'] },
  full_text: { ids: ['FT'] },
  'applicant.name': { ids: ['PA'] },
  'inventor.name': { ids: ['IN'] },
  'owner_all.name': {
    ids: ['AS'],
    note: msg('当前及历任权利人：Patlas 检索当前权利人', 'current and past owners: Patlas searches the current owner'),
  },
  'agent.name': { ids: ['AGT'] },
  'class_ipcr.symbol': { ids: ['IPC'] },
  'class_cpc.symbol': { ids: ['CPC'] },
  date_published: { ids: ['PD'] },
  filing_date: { ids: ['AD'] },
  'application_reference.date': { ids: ['AD'] },
  earliest_priority_date: { ids: ['PRD'] },
  jurisdiction: { ids: ['CC'] },
  'family.simple.size': { ids: ['FAMN'] },
  'cited_by.patent_count': { ids: ['CITEDN'] },
  'class_national.symbol': {
    unsupported: msg(
      'Patlas 不收录各国本国分类号；该条件未写入',
      'Patlas holds no national classifications; this condition was left out',
    ),
  },
  publication_type: {
    unsupported: msg(
      'Lens 的文献类型（GRANTED_PATENT 等）与 Patlas 的专利类型（PT）取值不同；该条件未写入，请改用 PT',
      "Lens's publication types (GRANTED_PATENT…) differ from Patlas's patent types (PT); this condition was left out: use PT",
    ),
  },
  lens_id: {
    unsupported: msg(
      'Lens ID 是 Lens 自己的编号，Patlas 中没有；该条件未写入，请改用公开号 PN',
      'A Lens ID is Lens’s own number; this condition was left out: use the publication number (PN)',
    ),
  },
  'legal_status.patent_status': {
    unsupported: msg(
      'Lens 的法律状态取值（ACTIVE、EXPIRED…）与 Patlas 的法律状态（LS）不同；该条件未写入',
      "Lens's legal statuses (ACTIVE, EXPIRED…) differ from Patlas's (LS); this condition was left out",
    ),
  },
};

export const lensSyntax: ForeignSyntax = {
  system: 'lens',
  fields: LENS_FIELDS,
  caseSensitiveFields: true,
  fieldSeparators: ':',
  proximity: () => undefined,
  truncation: mapTruncation({ '*': { to: '*' }, '?': { to: '?' } }),
  signPrefixes: true,
  phraseSlop: true,
  bareTermNote: msg(
    'Lens 无字段的检索词在全部文本中检索，Patlas 在标题/摘要/权利要求（TIABC）中检索',
    'Lens searches a bare term in all text fields; Patlas searches title, abstract and claims (TIABC)',
  ),
  writeField: (name) => `${name}:`,
};
