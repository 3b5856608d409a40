import { DEFAULT_REGISTRATION_MODE, REGISTRATION_MODES, type RegistrationMode } from '@patlas/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** The meta key of the registration mode (issue 43). */
const REGISTRATION_MODE_KEY = 'registration_mode';

/** What self-registered accounts get (issue 43), one row of the installation's meta table. */
export class RegistrationSettingsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async mode(): Promise<RegistrationMode> {
    const row = await this.db
      .selectFrom('meta')
      .select('value')
      .where('key', '=', REGISTRATION_MODE_KEY)
      .executeTakeFirst();
    const value = row?.value as RegistrationMode | undefined;
    return value && REGISTRATION_MODES.includes(value) ? value : DEFAULT_REGISTRATION_MODE;
  }

  async setMode(mode: RegistrationMode): Promise<void> {
    await this.db
      .insertInto('meta')
      .values({ key: REGISTRATION_MODE_KEY, value: mode })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: mode }))
      .execute();
  }
}
