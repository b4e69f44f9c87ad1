import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fieldOf } from '../platform/guards.ts';
import { makeFolders } from '../platform/make-folders.ts';

/** The file in the data folder that keeps the station's id for staged rollouts. */
export const STATION_ID_FILE = 'station-id';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The station's stable id: made once (a random UUID from `newId`) and kept in
 * `<data>/station-id`, so a staged rollout (stagingPercentage) keeps a station inside or
 * outside from one check to the next and across restarts. A file that does not hold a UUID is
 * replaced. electron-updater reads its last four bytes as the station's place in the rollout.
 */
export async function stationId(dataDir: string, newId: () => string): Promise<string> {
  const file = join(dataDir, STATION_ID_FILE);
  const kept = await readFile(file, 'utf8').then(
    (text) => text.trim(),
    (error: unknown) => {
      if (fieldOf(error, 'code') === 'ENOENT') return '';
      throw error;
    },
  );
  if (UUID.test(kept)) return kept.toLowerCase();
  const id = newId();
  if (!UUID.test(id)) throw new Error(`a station id must be a UUID, not ${JSON.stringify(id)}`);
  makeFolders(dataDir);
  await writeFile(`${file}.tmp`, `${id}\n`);
  await rename(`${file}.tmp`, file);
  return id;
}
