import { DuckDBInstance } from '@duckdb/node-api';
import { quoteLiteral } from './sql.js';

/** Resource bounds shared by the engine's DuckDB instances. */
export interface InstanceSettings {
  threads: number;
  memoryLimit: string;
  /** Spill folder for sorts and joins larger than memory. */
  tempDir: string;
}

async function createInstance(settings: InstanceSettings): Promise<DuckDBInstance> {
  return DuckDBInstance.create(':memory:', {
    threads: String(settings.threads),
    memory_limit: settings.memoryLimit,
    temp_directory: settings.tempDir,
    // No network and no extension downloads: json, parquet and icu are built in.
    autoinstall_known_extensions: 'false',
    autoload_known_extensions: 'false',
  });
}

async function configure(instance: DuckDBInstance, statements: string[]): Promise<void> {
  const connection = await instance.connect();
  try {
    for (const statement of statements) await connection.run(statement);
  } finally {
    connection.closeSync();
  }
}

/**
 * The instance that serves reads, profiles and queries. Files outside `worksheetsDir` (and the
 * spill folder) are out of reach (`enable_external_access=false` with `allowed_directories`,
 * DuckDB ≥ 1.3), and `lock_configuration` stops SQL from loosening that afterwards. DuckDB still
 * lets SQL write inside allowed folders, so the engine only ever runs SELECTs of its own making
 * or ones that pass the `query` guard.
 */
export async function openQueryInstance(
  worksheetsDir: string,
  settings: InstanceSettings,
): Promise<DuckDBInstance> {
  const instance = await createInstance(settings);
  try {
    await configure(instance, [
      "SET GLOBAL TimeZone = 'UTC'",
      `SET GLOBAL allowed_directories = [${quoteLiteral(`${worksheetsDir}/`)}]`,
      'SET GLOBAL enable_external_access = false',
      'SET GLOBAL lock_configuration = true',
    ]);
  } catch (error) {
    instance.closeSync();
    throw error;
  }
  return instance;
}

/** A short-lived instance for one ingest: it must read the source file wherever it is. */
export async function openIngestInstance(settings: InstanceSettings): Promise<DuckDBInstance> {
  const instance = await createInstance(settings);
  try {
    await configure(instance, ["SET GLOBAL TimeZone = 'UTC'"]);
  } catch (error) {
    instance.closeSync();
    throw error;
  }
  return instance;
}
