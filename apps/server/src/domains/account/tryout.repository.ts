import { randomUUID } from 'node:crypto';
import type { TryoutApplicationSchema } from '@patlas/contracts';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database, TryoutApplicationRow } from '../../db/schema.js';

export type TryoutApplication = z.infer<typeof TryoutApplicationSchema>;

export interface NewTryoutApplication {
  email: string;
  fullname: string;
  organisation: string | null;
  phone: string | null;
  purpose: string | null;
  ip: string | null;
  createdAt: string;
}

function applicationOf(row: TryoutApplicationRow): TryoutApplication {
  return {
    id: row.id,
    email: row.email,
    fullname: row.fullname,
    organisation: row.organisation,
    phone: row.phone,
    purpose: row.purpose,
    createdAt: row.created_at,
  };
}

/** Trial applications (/signUp), stored verbatim; the operators list them in /sys (GET /sys/tryout). */
export class TryoutRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async create(application: NewTryoutApplication): Promise<TryoutApplication> {
    const row: TryoutApplicationRow = {
      id: randomUUID(),
      email: application.email,
      fullname: application.fullname,
      organisation: application.organisation,
      phone: application.phone,
      purpose: application.purpose,
      ip: application.ip,
      created_at: application.createdAt,
    };
    await this.db.insertInto('tryout_applications').values(row).execute();
    return applicationOf(row);
  }

  /** Newest first; `page` counts from 1. */
  async list(page: number, pageSize: number): Promise<{ total: number; items: TryoutApplication[] }> {
    const count = await this.db
      .selectFrom('tryout_applications')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .executeTakeFirst();
    const rows = await this.db
      .selectFrom('tryout_applications')
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(pageSize)
      .offset((Math.max(1, page) - 1) * pageSize)
      .execute();
    return { total: Number(count?.n ?? 0), items: rows.map(applicationOf) };
  }
}
