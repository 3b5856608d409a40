// Migrations see the database as it was when they were written, not the current schema type.
/* eslint-disable @typescript-eslint/no-explicit-any */
import type { Kysely } from 'kysely';

/**
 * Accounts, roles, sessions, personal API tokens, the audit log, login failures and captchas.
 * Portable across SQLite and PostgreSQL: text ids (random UUIDs), ISO timestamps as text,
 * booleans as integer 0/1, JSON as text.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('tenants')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('ip_ranges', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('ip_role_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('online_cap', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('fullname', 'text', (c) => c.notNull())
    // null until the account is activated (registration link) or a password is set
    .addColumn('password_hash', 'text')
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
    .addColumn('can_operation', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('quotas', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('custom_config', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_login_at', 'text')
    .execute();
  await db.schema.createIndex('users_tenant_idx').on('users').column('tenant_id').execute();

  await db.schema
    .createTable('roles')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('description', 'text')
    .addColumn('permissions', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('built_in', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('user_roles')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role_id', 'text', (c) => c.notNull().references('roles.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('user_roles_pk', ['user_id', 'role_id'])
    .execute();
  await db.schema.createIndex('user_roles_role_idx').on('user_roles').column('role_id').execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // null for IP visitors
    .addColumn('user_id', 'text')
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('login_type', 'text', (c) => c.notNull())
    .addColumn('access_hash', 'text', (c) => c.notNull().unique())
    .addColumn('refresh_hash', 'text', (c) => c.notNull().unique())
    .addColumn('access_expires_at', 'text', (c) => c.notNull())
    .addColumn('refresh_expires_at', 'text', (c) => c.notNull())
    // After a refresh the previous access token keeps working until its own expiry (parallel requests of a client).
    .addColumn('previous_access_hash', 'text')
    .addColumn('previous_access_expires_at', 'text')
    .addColumn('ip', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('ended_at', 'text')
    .addColumn('end_reason', 'text')
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();
  await db.schema.createIndex('sessions_tenant_idx').on('sessions').columns(['tenant_id', 'login_type']).execute();
  await db.schema.createIndex('sessions_previous_access_idx').on('sessions').column('previous_access_hash').execute();

  await db.schema
    .createTable('api_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('prefix', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('api_tokens_user_idx').on('api_tokens').column('user_id').execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text')
    .addColumn('actor_email', 'text')
    .addColumn('target_id', 'text')
    .addColumn('ip', 'text')
    .addColumn('detail', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  await db.schema.createIndex('audit_log_at_idx').on('audit_log').column('at').execute();
  await db.schema.createIndex('audit_log_action_idx').on('audit_log').columns(['action', 'at']).execute();
  await db.schema.createIndex('audit_log_actor_idx').on('audit_log').columns(['actor_id', 'at']).execute();

  await db.schema
    .createTable('login_failures')
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('login_failures_email_idx').on('login_failures').columns(['email', 'at']).execute();

  await db.schema
    .createTable('captchas')
    .addColumn('uuid', 'text', (c) => c.primaryKey())
    .addColumn('answer', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    // 1 when re-issued for the single retry after "already signed in elsewhere"
    .addColumn('is_retry', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('captchas_expires_idx').on('captchas').column('expires_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'captchas',
    'login_failures',
    'audit_log',
    'api_tokens',
    'sessions',
    'user_roles',
    'roles',
    'users',
    'tenants',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
