import type { Configuration, MikroORM } from '@mikro-orm/core';

/** What a migration may take from the configuration of the process that runs it. */
export interface MigrationSettings {
  /** PUBLIC_BASE_URL, without a trailing slash. */
  publicBaseUrl: string;
}

const EXTENSION = 'invoicing:migration-settings';

/**
 * A MikroORM extension that hands the settings of the running process to the migrations
 * (mikroOrmOptions adds it to every ORM): a migration receives MikroORM's configuration, not ours,
 * and one that fills rows from a setting reads it here (decision 70).
 */
export function migrationSettingsExtension(settings: MigrationSettings): { register: (orm: MikroORM) => void } {
  return { register: (orm) => orm.config.registerExtension(EXTENSION, () => settings) };
}

/** The settings of the process running a migration; an ORM built without them cannot run one that needs them. */
export function migrationSettingsOf(config: Configuration): MigrationSettings {
  const settings = config.getExtension<MigrationSettings>(EXTENSION);
  if (!settings) throw new Error('this migration needs the settings of the process that runs it: build the ORM with mikroOrmOptions');
  return settings;
}
