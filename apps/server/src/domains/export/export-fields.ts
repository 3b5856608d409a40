import {
  EXPORT_FIELD_GROUPS,
  EXPORT_FIELDS,
  firstClaimOf,
  legalStatusLabel,
  type CurrentLegalStatus,
  type ExportFieldGroup,
  type ExportFieldId,
  type ExportFieldsResponse,
  type Language,
  type LocalizedText,
  type Party,
  type Patent,
  type PatentType,
} from '@patlas/contracts';
import { currentLegalStatus } from '../patent/index.js';

type Labels = { zh: string; en: string };

/** Group headings, as the detail page names its sections. */
export const EXPORT_GROUP_LABELS: Record<ExportFieldGroup, Labels> = {
  basic: { zh: '基本信息', en: 'Basic' },
  people: { zh: '申请人与代理', en: 'Parties' },
  dates: { zh: '日期', en: 'Dates' },
  classification: { zh: '分类号', en: 'Classification' },
  text: { zh: '文本', en: 'Text' },
  legal: { zh: '法律信息', en: 'Legal' },
  citation: { zh: '引证', en: 'Citations' },
  family: { zh: '同族', en: 'Family' },
};

/** Column headers, as the detail page labels each field. */
export const EXPORT_FIELD_LABELS: Record<ExportFieldId, Labels> = {
  publicationNumber: { zh: '公开(公告)号', en: 'Publication number' },
  applicationNumber: { zh: '申请号', en: 'Application number' },
  title: { zh: '标题', en: 'Title' },
  country: { zh: '受理局', en: 'Office' },
  kind: { zh: '文献类型代码', en: 'Kind code' },
  patentType: { zh: '专利类型', en: 'Patent type' },
  priorityNumbers: { zh: '优先权号', en: 'Priority numbers' },
  applicants: { zh: '申请人', en: 'Applicants' },
  applicantAddress: { zh: '申请人地址', en: 'Applicant address' },
  currentAssignees: { zh: '当前权利人', en: 'Current assignees' },
  inventors: { zh: '发明人', en: 'Inventors' },
  agency: { zh: '代理机构', en: 'Agency' },
  agents: { zh: '代理人', en: 'Agents' },
  examiners: { zh: '审查员', en: 'Examiners' },
  province: { zh: '申请人省份', en: 'Applicant province' },
  city: { zh: '申请人城市', en: 'Applicant city' },
  applicationDate: { zh: '申请日', en: 'Application date' },
  publicationDate: { zh: '公开(公告)日', en: 'Publication date' },
  grantDate: { zh: '授权日', en: 'Grant date' },
  priorityDate: { zh: '优先权日', en: 'Priority date' },
  expiryDate: { zh: '失效日', en: 'Expiry date' },
  ipcMain: { zh: 'IPC主分类号', en: 'Main IPC' },
  ipc: { zh: 'IPC分类号', en: 'IPC' },
  cpc: { zh: 'CPC分类号', en: 'CPC' },
  locarno: { zh: '洛迦诺分类号', en: 'Locarno' },
  keywords: { zh: '关键词', en: 'Keywords' },
  abstract: { zh: '摘要', en: 'Abstract' },
  firstClaim: { zh: '首项权利要求', en: 'First claim' },
  claims: { zh: '权利要求', en: 'Claims' },
  description: { zh: '说明书', en: 'Description' },
  claimCount: { zh: '权利要求数量', en: 'Number of claims' },
  legalStatus: { zh: '当前法律状态', en: 'Legal status' },
  legalEvents: { zh: '法律事件', en: 'Legal events' },
  citations: { zh: '引证专利', en: 'Citations' },
  citationCount: { zh: '引证次数', en: 'Citation count' },
  citedBy: { zh: '被引证专利', en: 'Cited by' },
  citedByCount: { zh: '被引证次数', en: 'Cited-by count' },
  familyId: { zh: '简单同族ID', en: 'Simple family ID' },
  familyMembers: { zh: '简单同族', en: 'Simple family members' },
  familyCount: { zh: '简单同族数量', en: 'Simple family size' },
};

const PATENT_TYPE_LABELS: Record<PatentType, Labels> = {
  invention_application: { zh: '发明申请', en: 'Invention application' },
  invention_grant: { zh: '发明授权', en: 'Invention grant' },
  utility_model: { zh: '实用新型', en: 'Utility model' },
  design: { zh: '外观设计', en: 'Design' },
  other: { zh: '其他', en: 'Other' },
};

/** The detail page's badge words for a status the record does not state but implies. */
const LEGAL_STATUS_LABELS: Record<CurrentLegalStatus['code'], Labels> = {
  active: { zh: '有效', en: 'Active' },
  inactive: { zh: '失效', en: 'Inactive' },
  pending: { zh: '审中', en: 'Pending' },
  granted: { zh: '授权', en: 'Granted' },
  published: { zh: '公开', en: 'Published' },
  other: { zh: '其他', en: 'Other' },
};

/** Lists inside one cell. */
export const EXPORT_LIST_SEPARATOR = '; ';

const LARGE = new Set<ExportFieldId>(EXPORT_FIELDS.filter((f) => 'large' in f && f.large).map((f) => f.id));

export function exportFieldLabel(field: ExportFieldId, lang: Language): string {
  return EXPORT_FIELD_LABELS[field][lang];
}

/** The catalogue grouped for the dialog, in `order` within each group (default: the catalogue's). */
export function exportFieldGroups(lang: Language, order?: readonly ExportFieldId[]): ExportFieldsResponse['groups'] {
  const rank = new Map((order ?? []).map((id, i) => [id, i]));
  const position = (id: ExportFieldId, i: number) => rank.get(id) ?? EXPORT_FIELDS.length + i;
  return EXPORT_FIELD_GROUPS.map((group) => ({
    id: group,
    label: EXPORT_GROUP_LABELS[group][lang],
    fields: EXPORT_FIELDS.map((f, i) => ({ f, i }))
      .filter(({ f }) => f.group === group)
      .sort((a, b) => position(a.f.id, a.i) - position(b.f.id, b.i) || a.i - b.i)
      .map(({ f }) => ({ id: f.id, label: EXPORT_FIELD_LABELS[f.id][lang], large: LARGE.has(f.id) })),
  }));
}

const joined = (values: readonly (string | undefined)[]) =>
  [...new Set(values.map((v) => v?.trim()).filter((v): v is string => !!v))].join(EXPORT_LIST_SEPARATOR);
const names = (parties: readonly Party[] | undefined) => joined((parties ?? []).map((p) => p.name));
const textOf = (text: LocalizedText | undefined) => text?.text.trim() ?? '';
/** A title in English where the record has one (written in English, or translated); else as written. */
const titleIn = (title: LocalizedText | undefined, lang: Language) => {
  if (lang !== 'en' || !title || title.lang === 'en') return textOf(title);
  return title.translations?.en?.trim() || textOf(title);
};
const countOf = (n: number | undefined) => (n === undefined ? '' : String(n));
/** Dates are stored as YYYY-MM-DD; a longer stamp is cut to its day. */
const dateOf = (date: string | undefined) => (date ? date.slice(0, 10) : '');

/** "YYYY-MM-DD" of `now` in UTC: the day a legal status is judged on. */
export function isoDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/**
 * A field of a record as every export format writes it: dates YYYY-MM-DD, lists joined with
 * "; ", parties by name, the legal status as the detail page's badge shows it (the source's
 * wording, in English for an English export, else the status worked out from the record), the
 * title in English for an English export where the record has one, empty text for what the
 * record lacks.
 *
 * @param today - `YYYY-MM-DD`, the day an implied legal status is judged on.
 */
export function valueOf(
  patent: Patent,
  field: ExportFieldId,
  lang: Language,
  today: string = isoDay(new Date()),
): string {
  switch (field) {
    case 'publicationNumber':
      return patent.publicationNumber;
    case 'applicationNumber':
      return patent.applicationNumber ?? '';
    case 'title':
      return titleIn(patent.title, lang);
    case 'country':
      return patent.country;
    case 'kind':
      return patent.kind ?? '';
    case 'patentType':
      return patent.patentType ? PATENT_TYPE_LABELS[patent.patentType][lang] : '';
    case 'priorityNumbers':
      return joined(patent.priorityNumbers ?? []);
    case 'applicants':
      return names(patent.applicants);
    case 'applicantAddress':
      return joined((patent.applicants ?? []).map((p) => p.address));
    case 'currentAssignees':
      return names(patent.currentAssignees);
    case 'inventors':
      return names(patent.inventors);
    case 'agency':
      return patent.agency ?? '';
    case 'agents':
      return joined(patent.agents ?? []);
    case 'examiners':
      return joined(patent.examiners ?? []);
    case 'province':
      return joined((patent.applicants ?? []).map((p) => p.province));
    case 'city':
      return joined((patent.applicants ?? []).map((p) => p.city));
    case 'applicationDate':
      return dateOf(patent.applicationDate);
    case 'publicationDate':
      return dateOf(patent.publicationDate);
    case 'grantDate':
      return dateOf(patent.grantDate);
    case 'priorityDate':
      return dateOf(patent.priorityDate);
    case 'expiryDate':
      return dateOf(patent.expiryDate);
    case 'ipcMain':
      return patent.classifications?.ipcMain ?? patent.classifications?.ipc?.[0] ?? '';
    case 'ipc':
      return joined(patent.classifications?.ipc ?? []);
    case 'cpc':
      return joined(patent.classifications?.cpc ?? []);
    case 'locarno':
      return joined(patent.classifications?.loc ?? []);
    case 'keywords':
      return joined(patent.keywords ?? []);
    case 'abstract':
      return textOf(patent.abstract);
    case 'firstClaim':
      return textOf(firstClaimOf(patent.claims));
    case 'claims':
      return textOf(patent.claims);
    case 'description':
      return textOf(patent.description);
    case 'claimCount':
      return countOf(patent.claimCount);
    case 'legalStatus': {
      const status = currentLegalStatus(patent, today);
      if (!status) return '';
      return status.basis === 'source' && status.text
        ? legalStatusLabel(status.text, lang)
        : LEGAL_STATUS_LABELS[status.code][lang];
    }
    case 'legalEvents':
      return (patent.legalEvents ?? [])
        .map((e) => [dateOf(e.date), e.code, e.description].filter(Boolean).join(' '))
        .filter(Boolean)
        .join(EXPORT_LIST_SEPARATOR);
    case 'citations':
      return joined((patent.citations ?? []).map((c) => c.number || c.text));
    case 'citationCount':
      return countOf(patent.citations?.length || patent.citationCount);
    case 'citedBy':
      return joined((patent.citedBy ?? []).map((c) => c.number));
    case 'citedByCount':
      return countOf(patent.citedBy?.length || patent.citedByCount);
    case 'familyId':
      return patent.family?.simpleFamilyId ?? '';
    case 'familyMembers':
      return joined(patent.family?.simple ?? []);
    case 'familyCount':
      return countOf(patent.family?.simple?.length || patent.familyCount);
  }
}
