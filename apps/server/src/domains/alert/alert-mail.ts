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
  /** The owner's text: in the body only (escaped in the HTML part), never in the subject. */
  alertName: string;
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

/** An alert's mail without its recipient: each recipient gets a mail of their own. */
export type AlertMail = Omit<MailMessage, 'to'>;

/**
 * Issue 41: the subject is fixed. It held the alert's name, the owner's own text, which made the
 * alerts a way to mail anyone a subject line of one's choosing (a phishing link went out so).
 */
export const ALERT_MAIL_SUBJECT = {
  zh: 'Patlas 专利预警：有新的检索结果',
  en: 'Patlas alert: new results',
} as const;

/** Issue 43: the subject of "send a test mail now" (fixed as well), so the reader knows no run sent it. */
export function alertTestMailSubject(lang: Language): string {
  return lang === 'zh' ? `【测试邮件】${ALERT_MAIL_SUBJECT.zh}` : `[Test mail] ${ALERT_MAIL_SUBJECT.en}`;
}

const TEXT = {
  zh: {
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

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** The mail of one run: subject, text and HTML parts in the owner's language. */
export function alertMail(input: AlertMailInput): AlertMail {
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
  return { subject: ALERT_MAIL_SUBJECT[input.lang], text: lines.join('\n'), html };
}

const CONFIRM_TEXT = {
  zh: {
    subject: 'Patlas 专利预警：请确认接收邮箱',
    lines: (owner: string, days: number) => [
      `Patlas 用户 ${owner} 希望将专利预警邮件发送到本邮箱。`,
      '如您同意接收，请打开下面的链接并点击“确认接收”；在您确认之前，本邮箱不会收到任何预警邮件。',
      `链接 ${days} 天内有效。如您不认识该用户或不想接收，请忽略本邮件，我们不会再向您发送预警邮件。`,
    ],
    action: '确认接收预警邮件',
  },
  en: {
    subject: 'Patlas alert: please confirm this address',
    lines: (owner: string, days: number) => [
      `The Patlas user ${owner} would like to send patent alert e-mails to this address.`,
      'To accept, open the link below and press "Confirm". Until you do, this address receives no alert e-mail.',
      `The link works for ${days} days. If you do not know this user or do not want these e-mails, ignore this message; no alert e-mail will be sent to you.`,
    ],
    action: 'Confirm alert e-mails',
  },
} as const;

/**
 * Issue 41: the one mail an address gets before its holder confirms it (double opt-in). It names
 * the owner by their account address (confirmed when the account was made), not by any text the
 * owner typed.
 */
export function recipientConfirmationMail(input: {
  lang: Language;
  ownerEmail: string;
  link: string;
  ttlSeconds: number;
}): AlertMail {
  const t = CONFIRM_TEXT[input.lang];
  const lines = t.lines(input.ownerEmail, Math.max(1, Math.round(input.ttlSeconds / 86_400)));
  return {
    subject: t.subject,
    text: `${lines.join('\n\n')}\n\n${input.link}\n`,
    html: [
      ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
      `<p><a href="${escapeHtml(input.link)}">${escapeHtml(t.action)}</a></p>`,
    ].join('\n'),
  };
}
