import type { AlertChangeKind, Language } from '@patlas/contracts';
import type { MailMessage } from '../../mail/mailer.js';

/** One patent as the mail lists it. */
export interface MailPatent {
  publicationNumber: string;
  title?: string | undefined;
  applicants: string[];
  publicationDate?: string | undefined;
  changes: AlertChangeKind[];
}

export interface AlertMailInput {
  lang: Language;
  alertName: string;
  recipients: string[];
  newCount: number;
  changedCount: number;
  /** Beyond the reported hits: counted, not kept. */
  omitted: number;
  /** The first ALERT_MAIL_LISTED patents of the run. */
  patents: MailPatent[];
  /** Opens the run's patents on the result page. */
  runUrl: string;
  /** The detail page of a patent. */
  patentUrl: (publicationNumber: string) => string;
}

const TEXT = {
  zh: {
    subject: (name: string, n: number, c: number) => `【Patlas 预警】${name}：新增 ${n} 件，变化 ${c} 件`,
    intro: (name: string) => `您的预警“${name}”有以下更新：`,
    counts: (n: number, c: number) => `新增专利 ${n} 件，法律状态等信息变化 ${c} 件。`,
    omitted: (o: number) => `另有 ${o} 件超出单次预警上限，仅计数。`,
    nothing: '自上次预警以来没有新增或变化的专利。',
    first: (k: number, total: number) => `前 ${k} 件（共 ${total} 件）：`,
    all: '查看全部结果',
    applicant: '申请人',
    date: '公开日',
    footer: '此邮件由 Patlas 预警自动发送；在“预警”页面可修改或关闭预警。',
    kinds: {
      new: '新增',
      legalStatus: '法律状态变化',
      legalEvent: '新法律事件',
      family: '新同族',
      citation: '新引证',
      other: '其他变化',
    },
  },
  en: {
    subject: (name: string, n: number, c: number) => `[Patlas alert] ${name}: ${n} new, ${c} changed`,
    intro: (name: string) => `Your alert "${name}" has updates:`,
    counts: (n: number, c: number) => `${n} new patents, ${c} patents with changes (legal status and more).`,
    omitted: (o: number) => `${o} more were beyond one run's limit and are only counted.`,
    nothing: 'No new or changed patents since the last run.',
    first: (k: number, total: number) => `The first ${k} (of ${total}):`,
    all: 'See all results',
    applicant: 'Applicant',
    date: 'Published',
    footer: 'Sent by Patlas alerts; change or switch off the alert on the Alerts page.',
    kinds: {
      new: 'new',
      legalStatus: 'legal status changed',
      legalEvent: 'new legal event',
      family: 'new family member',
      citation: 'new citation',
      other: 'other change',
    },
  },
} as const;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** The mail of one run: subject, text and HTML parts in the owner's language. */
export function alertMail(input: AlertMailInput): MailMessage {
  const t = TEXT[input.lang];
  const total = input.newCount + input.changedCount;
  const kinds = (p: MailPatent) => p.changes.map((k) => t.kinds[k]).join(', ');
  const lines = [
    t.intro(input.alertName),
    '',
    total === 0 ? t.nothing : t.counts(input.newCount, input.changedCount),
    ...(input.omitted > 0 ? [t.omitted(input.omitted)] : []),
    '',
  ];
  if (input.patents.length > 0) {
    lines.push(t.first(input.patents.length, total));
    for (const [i, p] of input.patents.entries()) {
      lines.push(
        `${i + 1}. ${p.publicationNumber} ${p.title ?? ''} [${kinds(p)}]`,
        `   ${t.applicant}: ${p.applicants.join('; ') || '-'}  ${t.date}: ${p.publicationDate ?? '-'}`,
        `   ${input.patentUrl(p.publicationNumber)}`,
      );
    }
    lines.push('');
  }
  lines.push(`${t.all}: ${input.runUrl}`, '', t.footer);

  const rows = input.patents
    .map(
      (p, i) =>
        `<tr><td>${i + 1}</td><td><a href="${escapeHtml(input.patentUrl(p.publicationNumber))}">${escapeHtml(
          p.publicationNumber,
        )}</a></td><td>${escapeHtml(p.title ?? '')}</td><td>${escapeHtml(p.applicants.join('; '))}</td><td>${escapeHtml(
          p.publicationDate ?? '',
        )}</td><td>${escapeHtml(kinds(p))}</td></tr>`,
    )
    .join('');
  const html = [
    `<p>${escapeHtml(t.intro(input.alertName))}</p>`,
    `<p><strong>${escapeHtml(total === 0 ? t.nothing : t.counts(input.newCount, input.changedCount))}</strong></p>`,
    input.omitted > 0 ? `<p>${escapeHtml(t.omitted(input.omitted))}</p>` : '',
    input.patents.length > 0
      ? `<p>${escapeHtml(t.first(input.patents.length, total))}</p><table border="1" cellpadding="4" cellspacing="0">` +
        `<tr><th>#</th><th>No.</th><th></th><th>${t.applicant}</th><th>${t.date}</th><th></th></tr>${rows}</table>`
      : '',
    `<p><a href="${escapeHtml(input.runUrl)}">${escapeHtml(t.all)}</a></p>`,
    `<p style="color:#888">${escapeHtml(t.footer)}</p>`,
  ].join('\n');
  return {
    to: input.recipients.join(', '),
    subject: t.subject(input.alertName, input.newCount, input.changedCount),
    text: lines.join('\n'),
    html,
  };
}
