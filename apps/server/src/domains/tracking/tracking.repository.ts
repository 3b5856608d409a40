import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export interface NewTrackingEvent {
  userId: string | null;
  tenantId: string;
  eventName: string;
  eventId: string | null;
  eventType: string | null;
  count: number;
  recordType: number | null;
  productAlias: string | null;
  createdAt: string;
}

export interface TrackingCounts {
  byRecordType: { recordType: number; count: number }[];
  byEvent: { eventName: string; count: number }[];
}

/** Event tracking records (table event_tracking). */
export class TrackingRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(event: NewTrackingEvent): Promise<string> {
    const id = randomUUID();
    await this.db
      .insertInto('event_tracking')
      .values({
        id,
        user_id: event.userId,
        tenant_id: event.tenantId,
        event_name: event.eventName,
        event_id: event.eventId,
        event_type: event.eventType,
        count: event.count,
        record_type: event.recordType,
        product_alias: event.productAlias,
        created_at: event.createdAt,
      })
      .execute();
    return id;
  }

  /** Sums of `count` per record type and per event name: one account's, or everyone's (userId undefined). */
  async counts(userId: string | undefined): Promise<TrackingCounts> {
    let base = this.db.selectFrom('event_tracking');
    if (userId !== undefined) base = base.where('user_id', '=', userId);
    const byType = await base
      .select((eb) => ['record_type', eb.fn.sum<string | number>('count').as('n')])
      .where('record_type', 'is not', null)
      .groupBy('record_type')
      .orderBy('record_type')
      .execute();
    const byEvent = await base
      .select((eb) => ['event_name', eb.fn.sum<string | number>('count').as('n')])
      .groupBy('event_name')
      .orderBy('n', 'desc')
      .orderBy('event_name')
      .execute();
    return {
      byRecordType: byType.map((row) => ({ recordType: Number(row.record_type), count: Number(row.n) })),
      byEvent: byEvent.map((row) => ({ eventName: row.event_name, count: Number(row.n) })),
    };
  }
}
