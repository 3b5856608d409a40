import type { Language } from '@patlas/contracts';
import type { MailMessage } from '../mailer.js';

export type AccountMail = Omit<MailMessage, 'to'>;

const PRODUCT_NAME = 'Patlas';

/** Names and organisations come from anonymous forms: never let them become markup in the HTML part. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function htmlOf(paragraphs: readonly string[], link?: { href: string; label: string }): string {
  const body = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n');
  const button = link ? `\n<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>` : '';
  return `<!doctype html>\n<html><body>\n${body}${button}\n</body></html>\n`;
}

function hoursOf(ttlSeconds: number): number {
  return Math.max(1, Math.round(ttlSeconds / 3600));
}

/** Registration: the link sets the first password and so activates the account. */
export function registrationMail(input: {
  fullname: string;
  link: string;
  ttlSeconds: number;
  lang: Language;
}): AccountMail {
  const hours = hoursOf(input.ttlSeconds);
  if (input.lang === 'en') {
    const paragraphs = [
      `Hello ${input.fullname},`,
      `Thank you for registering with ${PRODUCT_NAME}. Open the link below to set your password and activate your account.`,
      `The link works once and expires in ${hours} hours. If you did not register, ignore this mail.`,
    ];
    return {
      subject: `${PRODUCT_NAME}: activate your account`,
      text: `${paragraphs.join('\n\n')}\n\n${input.link}\n`,
      html: htmlOf(paragraphs, { href: input.link, label: 'Set password' }),
    };
  }
  const paragraphs = [
    `${input.fullname}，您好：`,
    `感谢您注册 ${PRODUCT_NAME}。请打开下面的链接设置密码，完成账号激活。`,
    `该链接只能使用一次，${hours} 小时内有效。如果不是您本人注册，请忽略本邮件。`,
  ];
  return {
    subject: `${PRODUCT_NAME} 账号激活：请设置密码`,
    text: `${paragraphs.join('\n\n')}\n\n${input.link}\n`,
    html: htmlOf(paragraphs, { href: input.link, label: '设置密码' }),
  };
}

export function passwordResetMail(input: {
  fullname: string;
  link: string;
  ttlSeconds: number;
  lang: Language;
}): AccountMail {
  const hours = hoursOf(input.ttlSeconds);
  if (input.lang === 'en') {
    const paragraphs = [
      `Hello ${input.fullname},`,
      `Someone asked to reset the password of your ${PRODUCT_NAME} account. Open the link below to choose a new password.`,
      `The link works once and expires in ${hours} hours. If you did not ask for this, ignore this mail: your password stays as it is.`,
    ];
    return {
      subject: `${PRODUCT_NAME}: reset your password`,
      text: `${paragraphs.join('\n\n')}\n\n${input.link}\n`,
      html: htmlOf(paragraphs, { href: input.link, label: 'Reset password' }),
    };
  }
  const paragraphs = [
    `${input.fullname}，您好：`,
    `我们收到了重置您 ${PRODUCT_NAME} 账号密码的请求。请打开下面的链接设置新密码。`,
    `该链接只能使用一次，${hours} 小时内有效。如果不是您本人操作，请忽略本邮件，您的密码不会改变。`,
  ];
  return {
    subject: `${PRODUCT_NAME} 找回密码：请设置新密码`,
    text: `${paragraphs.join('\n\n')}\n\n${input.link}\n`,
    html: htmlOf(paragraphs, { href: input.link, label: '设置新密码' }),
  };
}

/** Acknowledgement of a trial application (/signUp); the operators follow up from /sys. */
export function tryoutAcknowledgementMail(input: {
  fullname: string;
  organisation: string | null;
  lang: Language;
}): AccountMail {
  if (input.lang === 'en') {
    const paragraphs = [
      `Hello ${input.fullname},`,
      `We have received your application for a ${PRODUCT_NAME} trial${input.organisation ? ` for ${input.organisation}` : ''}.`,
      'Our staff will review it and contact you at this address within a few working days.',
    ];
    return {
      subject: `${PRODUCT_NAME}: we have received your trial application`,
      text: `${paragraphs.join('\n\n')}\n`,
      html: htmlOf(paragraphs),
    };
  }
  const paragraphs = [
    `${input.fullname}，您好：`,
    `我们已收到您${input.organisation ? `（${input.organisation}）` : ''}的 ${PRODUCT_NAME} 试用申请。`,
    '工作人员审核后将在几个工作日内通过此邮箱与您联系。',
  ];
  return {
    subject: `${PRODUCT_NAME} 试用申请已收到`,
    text: `${paragraphs.join('\n\n')}\n`,
    html: htmlOf(paragraphs),
  };
}

/** Issue 41: the link that makes an e-mail change, sent to the new address. */
export function emailChangeConfirmMail(input: {
  fullname: string;
  newEmail: string;
  link: string;
  ttlSeconds: number;
  lang: Language;
}): AccountMail {
  const hours = hoursOf(input.ttlSeconds);
  if (input.lang === 'en') {
    const paragraphs = [
      `Hello ${input.fullname},`,
      `You asked to use ${input.newEmail} for your ${PRODUCT_NAME} account. Open the link below to confirm: your account changes to this address only then.`,
      `The link works once and expires in ${hours} hours. If you did not ask for this, ignore this mail: nothing changes.`,
    ];
    return {
      subject: `${PRODUCT_NAME}: confirm your new e-mail address`,
      text: `${paragraphs.join('\n\n')}\n\n${input.link}\n`,
      html: htmlOf(paragraphs, { href: input.link, label: 'Confirm the new address' }),
    };
  }
  const paragraphs = [
    `${input.fullname}，您好：`,
    `您申请将 ${PRODUCT_NAME} 账号的邮箱修改为 ${input.newEmail}。请打开下面的链接确认，确认后邮箱才会修改。`,
    `该链接只能使用一次，${hours} 小时内有效。如果不是您本人操作，请忽略本邮件，账号不会有任何变化。`,
  ];
  return {
    subject: `${PRODUCT_NAME} 确认新邮箱`,
    text: `${paragraphs.join('\n\n')}\n\n${input.link}\n`,
    html: htmlOf(paragraphs, { href: input.link, label: '确认新邮箱' }),
  };
}

/**
 * Issue 41: the notice to an account's current address that a change to another address was asked
 * for (`stage: 'requested'`) or made (`'changed'`), so that its holder learns of a takeover.
 */
export function emailChangeNoticeMail(input: {
  fullname: string;
  newEmail: string;
  stage: 'requested' | 'changed';
  lang: Language;
}): AccountMail {
  const isDone = input.stage === 'changed';
  if (input.lang === 'en') {
    const paragraphs = [
      `Hello ${input.fullname},`,
      isDone
        ? `The e-mail address of your ${PRODUCT_NAME} account has been changed to ${input.newEmail}. Sign in with the new address from now on; your personal API tokens were revoked.`
        : `Someone asked to change the e-mail address of your ${PRODUCT_NAME} account to ${input.newEmail}. The change is made only when the link mailed to that address is opened.`,
      'If this was not you, change your password at once and contact your administrator.',
    ];
    return {
      subject: isDone
        ? `${PRODUCT_NAME}: your e-mail address was changed`
        : `${PRODUCT_NAME}: a change of your e-mail address was requested`,
      text: `${paragraphs.join('\n\n')}\n`,
      html: htmlOf(paragraphs),
    };
  }
  const paragraphs = [
    `${input.fullname}，您好：`,
    isDone
      ? `您的 ${PRODUCT_NAME} 账号邮箱已修改为 ${input.newEmail}，今后请使用新邮箱登录；您的个人 API 令牌已全部撤销。`
      : `有人申请将您的 ${PRODUCT_NAME} 账号邮箱修改为 ${input.newEmail}。只有打开发送到该邮箱的确认链接后，修改才会生效。`,
    '如果不是您本人操作，请立即修改密码并联系管理员。',
  ];
  return {
    subject: isDone ? `${PRODUCT_NAME} 账号邮箱已修改` : `${PRODUCT_NAME} 账号邮箱修改申请`,
    text: `${paragraphs.join('\n\n')}\n`,
    html: htmlOf(paragraphs),
  };
}

/**
 * Issue 41: the answer to a registration of an address that already has an account. The request
 * is answered as any other (the page does not tell who is registered); the holder learns of it here.
 */
export function accountExistsMail(input: { fullname: string; resetLink: string; lang: Language }): AccountMail {
  if (input.lang === 'en') {
    const paragraphs = [
      `Hello ${input.fullname},`,
      `Someone tried to register a ${PRODUCT_NAME} account with this address, which already has one. Sign in with it; if you forgot your password, reset it from the sign-in page.`,
      'If this was not you, ignore this mail: nothing has changed.',
    ];
    return {
      subject: `${PRODUCT_NAME}: this address already has an account`,
      text: `${paragraphs.join('\n\n')}\n\n${input.resetLink}\n`,
      html: htmlOf(paragraphs, { href: input.resetLink, label: 'Forgot password' }),
    };
  }
  const paragraphs = [
    `${input.fullname}，您好：`,
    `有人使用此邮箱注册 ${PRODUCT_NAME} 账号，但该邮箱已有账号。请直接登录；如忘记密码，可在登录页找回密码。`,
    '如果不是您本人操作，请忽略本邮件，账号没有任何变化。',
  ];
  return {
    subject: `${PRODUCT_NAME}：该邮箱已有账号`,
    text: `${paragraphs.join('\n\n')}\n\n${input.resetLink}\n`,
    html: htmlOf(paragraphs, { href: input.resetLink, label: '找回密码' }),
  };
}
