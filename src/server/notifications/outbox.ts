import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Writes one development outbox message (DATA_DIR/outbox/{mail,sms}) as a JSON file. The file is
 * written under a temporary name and renamed into place, so a reader polling the folder (a developer,
 * a browser test) never sees a half-written `.json` file.
 */
export async function writeOutboxMessage(dir: string, message: object): Promise<string> {
  await mkdir(dir, { recursive: true });
  const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}`;
  const file = join(dir, `${name}.json`);
  const temporary = join(dir, `.${name}.tmp`);
  await writeFile(temporary, JSON.stringify({ ...message, sent_at: new Date().toISOString() }, null, 2));
  await rename(temporary, file);
  return file;
}
