import {
  categoryOfMessageKind,
  type ListMessagesQuery,
  type Message,
  type MessageKind,
  type MessagePage,
} from '@patlas/contracts';
import { AppError } from '../../errors.js';
import type { Clock } from '../../kernel/clock.js';
import type { MessageRepository, MessageRow } from './message.repository.js';
import { unknownPerson, type People } from '../../kernel/people.js';

/**
 * What the domain that sent an invitation does when its recipient answers. It may refuse with an
 * AppError (e.g. the group was disbanded meanwhile); the invitation then stays unanswered.
 */
export type InvitationCallback = (answer: {
  userId: string;
  subjectId: string;
  payload: Record<string, unknown>;
  accept: boolean;
}) => Promise<void>;

export interface NotifyInput {
  recipientId: string;
  /** null: a system notice */
  senderId: string | null;
  kind: MessageKind;
  payload: Record<string, unknown>;
}

export interface InviteInput extends NotifyInput {
  senderId: string;
  /** What the invitation is about (the group's or library's id): handed back to the callback. */
  subjectId: string;
}

function payloadOf(row: MessageRow): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(row.payload);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch {
    // a row written by hand: shown without its details
  }
  return {};
}

/**
 * The message centre (spec 2 §7 /message/*): notices, shares and invitations addressed to one
 * user. Other domains notify through it; an invitation's kind has a callback registered once
 * (composition.ts), which runs when the recipient accepts or declines.
 */
export class MessageService {
  private readonly callbacks = new Map<MessageKind, InvitationCallback>();

  constructor(
    private readonly messages: MessageRepository,
    private readonly people: People,
    private readonly now: Clock,
  ) {}

  /** Registers what answering an invitation of `kind` does (once per kind, at composition). */
  onInvitationAnswered(kind: MessageKind, callback: InvitationCallback): void {
    if (this.callbacks.has(kind)) throw new Error(`an invitation callback for ${kind} is already registered`);
    this.callbacks.set(kind, callback);
  }

  /** Sends a notice or a share to one user; answers the message's id. */
  async notify(input: NotifyInput): Promise<string> {
    return this.messages.insert({
      userId: input.recipientId,
      senderId: input.senderId,
      kind: input.kind,
      category: categoryOfMessageKind(input.kind),
      payload: input.payload,
      response: null,
      subjectId: null,
      createdAt: this.now().toISOString(),
    });
  }

  /** Records an invitation the recipient answers from the message centre (its kind needs a callback). */
  async invite(input: InviteInput): Promise<string> {
    if (!this.callbacks.has(input.kind)) throw new Error(`no invitation callback registered for ${input.kind}`);
    return this.messages.insert({
      userId: input.recipientId,
      senderId: input.senderId,
      kind: input.kind,
      category: categoryOfMessageKind(input.kind),
      payload: input.payload,
      response: 'pending',
      subjectId: input.subjectId,
      createdAt: this.now().toISOString(),
    });
  }

  /** Withdraws pending invitations about a subject (all recipients, or one): they show as expired. */
  async withdrawInvitations(kind: MessageKind, subjectId: string, userId?: string): Promise<number> {
    return this.messages.expireInvitations(kind, subjectId, userId);
  }

  async list(userId: string, request: ListMessagesQuery): Promise<MessagePage> {
    const { page, pageSize } = request;
    const { total, rows } = await this.messages.page(
      { userId, category: request.category, unreadOnly: request.unreadOnly },
      page,
      pageSize,
    );
    return { total, page, pageSize, items: await this.toMessages(rows) };
  }

  async unreadCount(userId: string): Promise<number> {
    return this.messages.countUnread(userId);
  }

  /** Marks one own message read and, with `response`, answers the pending invitation it is. */
  async updateStatus(userId: string, id: string, response?: 'accept' | 'decline'): Promise<Message> {
    const row = await this.messages.findOwn(userId, id);
    if (!row) throw new AppError('MESSAGE_NOT_FOUND');
    if (response === undefined) {
      await this.messages.markRead(userId, [id]);
    } else {
      await this.answer(row, response === 'accept');
    }
    const updated = await this.messages.findOwn(userId, id);
    const [message] = await this.toMessages(updated ? [updated] : []);
    if (!message) throw new AppError('MESSAGE_NOT_FOUND');
    return message;
  }

  async markManyRead(userId: string, ids: readonly string[] | 'all'): Promise<number> {
    return this.messages.markRead(userId, ids);
  }

  /** Answers the user's pending invitation about a subject (e.g. /group/update/inviteMember). */
  async answerInvitation(userId: string, kind: MessageKind, subjectId: string, accept: boolean): Promise<boolean> {
    const row = await this.messages.findPendingInvitation(userId, kind, subjectId);
    if (!row) return false;
    await this.answer(row, accept);
    return true;
  }

  private async answer(row: MessageRow, accept: boolean): Promise<void> {
    const callback = this.callbacks.get(row.kind as MessageKind);
    if (row.response !== 'pending' || row.subject_id === null || !callback) throw new AppError('MESSAGE_NOT_PENDING');
    // The sender's domain first: if it refuses, the invitation stays as it was.
    await callback({ userId: row.user_id, subjectId: row.subject_id, payload: payloadOf(row), accept });
    await this.messages.setResponse(row.user_id, row.id, accept ? 'accepted' : 'declined');
  }

  private async toMessages(rows: readonly MessageRow[]): Promise<Message[]> {
    const senderIds = [...new Set(rows.flatMap((row) => (row.sender_id === null ? [] : [row.sender_id])))];
    const senders = await this.people.findByIds(senderIds);
    return rows.map((row) => ({
      id: row.id,
      kind: row.kind as MessageKind,
      category: categoryOfMessageKind(row.kind as MessageKind),
      sender: row.sender_id === null ? null : (senders.get(row.sender_id) ?? unknownPerson(row.sender_id)),
      payload: payloadOf(row),
      isRead: row.is_read === 1,
      response: row.response,
      createdAt: row.created_at,
    }));
  }
}
