import {
  MAX_SHARE_RECIPIENTS,
  type ListSharesQuery,
  type SharePage,
  type ShareItem,
  type SharePatentRequest,
  type ShareSearchRequest,
} from '@patlas/contracts';
import { AppError } from '../../errors.js';
import type { Clock } from '../../kernel/clock.js';
import type { MessageService } from '../message/index.js';
import { unknownPerson, type People, type Person } from '../../kernel/people.js';
import { resolveRecipients } from '../../kernel/recipients.js';
import type { ShareRepository, ShareRow } from './share.repository.js';

/** A patent as a share keeps it: its publication number and title at the time of sharing. */
export interface SharedPatent {
  pn: string;
  title?: string | undefined;
}

/** Finds a patent by a number in any written form; throws PATENT_NOT_FOUND when the corpus lacks it. */
export type PatentLookup = (pn: string) => Promise<SharedPatent>;

/**
 * Sharing patents and saved searches with registered users (spec 2 §7 /share/*): at most 5
 * recipients, no duplicates, not oneself. Each recipient gets a message and finds the share under
 * "shared with me"; a patent opens its detail page, a search its result page state (`router`).
 */
export class ShareService {
  constructor(
    private readonly shares: ShareRepository,
    private readonly messages: MessageService,
    private readonly people: People,
    private readonly findPatent: PatentLookup,
    private readonly now: Clock,
  ) {}

  async sharePatents(senderId: string, request: SharePatentRequest): Promise<number> {
    const recipients = await this.recipients(senderId, request.emails);
    const patents: SharedPatent[] = [];
    const seen = new Set<string>();
    for (const pn of request.pns) {
      const patent = await this.findPatent(pn);
      if (seen.has(patent.pn)) continue;
      seen.add(patent.pn);
      patents.push(patent.title === undefined ? { pn: patent.pn } : patent);
    }
    return this.send(senderId, recipients, 'patent', { patents }, request.note, (shareId) => ({
      kind: 'sharePatent',
      payload: {
        shareId,
        pns: patents.map((p) => p.pn),
        ...(patents[0]?.title ? { title: patents[0].title } : {}),
        ...(request.note ? { note: request.note } : {}),
      },
    }));
  }

  async shareSearch(senderId: string, request: ShareSearchRequest): Promise<number> {
    const recipients = await this.recipients(senderId, request.emails);
    const search = {
      title: request.title,
      router: request.router,
      ...(request.expression === undefined ? {} : { expression: request.expression }),
      ...(request.total === undefined ? {} : { total: request.total }),
    };
    return this.send(senderId, recipients, 'search', { search }, request.note, (shareId) => ({
      kind: 'shareSearch',
      payload: {
        shareId,
        title: request.title,
        router: request.router,
        ...(request.note ? { note: request.note } : {}),
      },
    }));
  }

  async list(userId: string, kind: ShareRow['kind'], request: ListSharesQuery): Promise<SharePage> {
    const { page, pageSize } = request;
    const { total, rows } = await this.shares.page(userId, request.direction, kind, page, pageSize);
    const ids = [...new Set(rows.flatMap((row) => [row.sender_id, row.recipient_id]))];
    const people = await this.people.findByIds(ids);
    const personOf = (id: string): Person => people.get(id) ?? unknownPerson(id);
    return { total, page, pageSize, items: rows.map((row) => itemOf(row, personOf)) };
  }

  private async recipients(senderId: string, emails: readonly string[]): Promise<Person[]> {
    const recipients = await resolveRecipients(this.people, emails, MAX_SHARE_RECIPIENTS);
    if (recipients.some((person) => person.userId === senderId)) throw new AppError('SHARE_TO_SELF');
    return recipients;
  }

  private async send(
    senderId: string,
    recipients: readonly Person[],
    kind: ShareRow['kind'],
    content: Record<string, unknown>,
    note: string | undefined,
    messageOf: (shareId: string) => { kind: 'sharePatent' | 'shareSearch'; payload: Record<string, unknown> },
  ): Promise<number> {
    const createdAt = this.now().toISOString();
    const ids = await this.shares.insertMany(
      recipients.map((person) => ({
        senderId,
        recipientId: person.userId,
        kind,
        content,
        note: note ? note : null,
        createdAt,
      })),
    );
    for (const [index, person] of recipients.entries()) {
      const message = messageOf(ids[index] ?? '');
      await this.messages.notify({ recipientId: person.userId, senderId, ...message });
    }
    return ids.length;
  }
}

function itemOf(row: ShareRow, personOf: (id: string) => Person): ShareItem {
  let content: { patents?: SharedPatent[]; search?: ShareItem['search'] } = {};
  try {
    content = JSON.parse(row.content) as typeof content;
  } catch {
    // a row written by hand: listed without its content
  }
  return {
    id: row.id,
    kind: row.kind,
    sender: personOf(row.sender_id),
    recipient: personOf(row.recipient_id),
    ...(row.note === null ? {} : { note: row.note }),
    ...(row.kind === 'patent'
      ? {
          patents: (content.patents ?? []).map((p) =>
            p.title === undefined ? { pn: p.pn } : { pn: p.pn, title: p.title },
          ),
        }
      : {}),
    ...(row.kind === 'search' && content.search ? { search: content.search } : {}),
    createdAt: row.created_at,
  };
}
