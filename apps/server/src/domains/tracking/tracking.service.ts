import type { RecordType } from '@patlas/contracts';
import { AppError } from '../../errors.js';
import type { AuthContext } from '../../kernel/access.plugin.js';
import type { Clock } from '../../kernel/clock.js';
import type { TrackingCounts, TrackingRepository } from './tracking.repository.js';

export interface TrackingEventInput {
  eventName: string;
  eventId?: string | undefined;
  eventType?: string | undefined;
  count: number;
  recordType?: RecordType | undefined;
  productAlias?: string | undefined;
}

/** Spec 1 §3 event tracking: every signed-in caller's events are stored, countable per user. */
export class TrackingService {
  constructor(
    private readonly repository: TrackingRepository,
    private readonly now: Clock,
  ) {}

  /** IP-login visitors are counted too: under their organisation, without a user. */
  async record(auth: AuthContext, event: TrackingEventInput): Promise<void> {
    await this.repository.insert({
      userId: auth.userId,
      tenantId: auth.tenantId,
      eventName: event.eventName,
      eventId: event.eventId ?? null,
      eventType: event.eventType ?? null,
      count: event.count,
      recordType: event.recordType ?? null,
      productAlias: event.productAlias ?? null,
      createdAt: this.now().toISOString(),
    });
  }

  /** The caller's own counts; an IP-login visitor has no account to count under. */
  async ownSummary(auth: AuthContext): Promise<TrackingCounts> {
    if (auth.userId === null) throw new AppError('ACCOUNT_IP_VISITOR');
    return this.repository.counts(auth.userId);
  }

  /** Operators: one account's counts, or everyone's. */
  async summary(userId: string | undefined): Promise<TrackingCounts> {
    return this.repository.counts(userId);
  }
}
