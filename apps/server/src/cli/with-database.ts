import { openDatabase, type Database } from '../db/database.ts';
import { readConfig, type Config } from '../env.ts';

/**
 * Runs an operator's command on the server's database, with the server's settings (DATABASE_URL, or DATA_DIR for
 * the embedded database, which only one process can open): the exit code is what `run` answers; an error prints
 * its message and exits `failureCode`; the database is closed either way.
 */
export async function withDatabase(run: (db: Database, config: Config) => Promise<number>, failureCode = 1) {
  const config = readConfig();
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    process.exitCode = await run(handle.db, config);
  } catch (error) {
    console.error((error as Error).message);
    process.exitCode = failureCode;
  } finally {
    await handle.close();
  }
}

/** Where a command writes: its lines, and its refusals (a test collects both). */
export interface CommandOutput {
  log: (line: string) => void;
  error: (line: string) => void;
}

/** A command's lines on standard output, its refusals on standard error. */
export const consoleOutput: CommandOutput = {
  log: (line: string) => console.log(line),
  error: (line: string) => console.error(line),
};
