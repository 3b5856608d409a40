import { isInAppPath, type Message } from '@patlas/contracts';
import type { TFunction } from 'i18next';
import { patentDetailPath } from '../../app/paths';

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** The sentence a message shows, from its kind and payload, in the UI language. */
export function messageText(message: Message, t: TFunction<'message'>): string {
  const sender = message.sender?.fullname || message.sender?.email || '';
  const p = message.payload;
  switch (message.kind) {
    case 'groupInvite':
      return t('text.groupInvite', { sender, group: text(p.groupName) });
    case 'libraryInvite':
      return t('text.libraryInvite', { sender, name: text(p.libraryName ?? p.name) });
    case 'sharePatent': {
      const pns = Array.isArray(p.pns) ? p.pns.filter((pn): pn is string => typeof pn === 'string') : [];
      return t('text.sharePatent', { sender, n: pns.length, pns: pns.slice(0, 3).join(', ') });
    }
    case 'shareSearch':
      return t('text.shareSearch', { sender, title: text(p.title) });
    case 'groupRemoved':
      return t('text.groupRemoved', { group: text(p.groupName) });
    case 'groupDisbanded':
      return t('text.groupDisbanded', { group: text(p.groupName) });
    case 'groupJoined':
      return t('text.groupJoined', { sender, group: text(p.groupName) });
    case 'groupDeclined':
      return t('text.groupDeclined', { sender, group: text(p.groupName) });
    case 'libraryJoined':
    case 'libraryDeclined':
    case 'libraryRemoved':
    case 'libraryDisbanded':
      return t(`text.${message.kind}`, { sender, name: text(p.libraryName) });
    case 'system':
      return text(p.text) || t('text.system');
  }
}

/** Where a share message leads: the patent's detail page, or the shared result page state. */
export function messageLink(message: Message): string | undefined {
  const p = message.payload;
  if (message.kind === 'sharePatent' && Array.isArray(p.pns) && p.pns.length === 1 && typeof p.pns[0] === 'string') {
    return patentDetailPath(p.pns[0]);
  }
  if (message.kind === 'sharePatent') return '/innovationSpace/share?tab=patent';
  // A library joined (or an invitation accepted): the shared libraries page lists it.
  if (message.kind === 'libraryJoined' || (message.kind === 'libraryInvite' && message.response === 'accepted')) {
    return '/innovationSpace/collectCooperate';
  }
  // Only in-app paths: a router is the sender's own result page URL.
  if (message.kind === 'shareSearch' && isInAppPath(p.router)) return p.router;
  return undefined;
}
