// Migrations see the database as it was when they were written, not the current schema type.
/* eslint-disable @typescript-eslint/no-explicit-any */
import type { Kysely } from 'kysely';

/** Spec 1 §1: "Default site text advertises about 171 countries, about 1.7 billion documents and 3072 schools". */
const DEFAULT_DISPLAY_COPY: readonly { name: string; content: string }[] = [
  { name: 'productName', content: 'Patlas' },
  { name: 'countryCount', content: '171' },
  { name: 'documentCount', content: '17亿' },
  { name: 'documentCount.en', content: '1.7 billion' },
  { name: 'schoolCount', content: '3072' },
  { name: 'slogan', content: '收录约 171 个国家和地区、约 17 亿篇专利文献，服务 3072 所高校' },
  {
    name: 'slogan.en',
    content: 'About 1.7 billion patent documents from about 171 countries and regions, serving 3072 schools',
  },
];

/**
 * What the account pages need besides A1's accounts tables: one-time e-mail links (registration,
 * password reset), trial applications, which guide reminders a user has clicked, and the site
 * text served without a token. Text ids, ISO timestamps as text, portable to SQLite and PostgreSQL.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('email_links')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // 'register' | 'reset'
    .addColumn('purpose', 'text', (c) => c.notNull())
    // sha256 of the mailed token; the token itself is never stored
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('email_links_user_idx').on('email_links').column('user_id').execute();

  await db.schema
    .createTable('tryout_applications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('fullname', 'text', (c) => c.notNull())
    .addColumn('organisation', 'text')
    .addColumn('phone', 'text')
    .addColumn('purpose', 'text')
    .addColumn('ip', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('tryout_applications_created_idx')
    .on('tryout_applications')
    .column('created_at')
    .execute();

  await db.schema
    .createTable('user_guide')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('remind_key', 'text', (c) => c.notNull())
    .addColumn('clicked_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_guide_pk', ['user_id', 'remind_key'])
    .execute();

  await db.schema
    .createTable('display_copy')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  const now = new Date().toISOString();
  await db
    .insertInto('display_copy')
    .values(DEFAULT_DISPLAY_COPY.map((item, position) => ({ ...item, position, updated_at: now })))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['display_copy', 'user_guide', 'tryout_applications', 'email_links']) {
    await db.schema.dropTable(table).execute();
  }
}
