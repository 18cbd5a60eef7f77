// Starts a PostgreSQL server that plays "an external database" for CI: it prints its URL on
// stdout and runs until SIGINT/SIGTERM. The app reaches it only through DATABASE_URL.
import path from 'node:path';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded.js';

const dir = process.argv[2];
if (!dir) {
  console.error('usage: external-postgres.ts <folder>');
  process.exit(2);
}
const server = await startEmbeddedPostgres({
  dataDir: path.join(dir, 'postgres'),
  preferredPort: 0,
  fast: true,
  log: (m) => console.error(m),
});
console.log(server.url);
const stop = () => void server.stop().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
