import { ConfigError, loadConfig, rolesFromArgv } from './config.js';
import { DatabaseUnreachableError } from './db/database.js';
import { DatabaseNewerThanCodeError } from './db/migrate.js';
import { createLogger } from './platform/logger.js';
import { startPlatform } from './runtime.js';

async function main(): Promise<void> {
  let config;
  try {
    const roles = rolesFromArgv(process.argv.slice(2));
    config = loadConfig(process.env, roles ? { ROLES: roles } : {});
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(78);
    }
    throw err;
  }
  const log = createLogger(config.logLevel);

  let shuttingDown = false;
  let stopPlatform: (() => Promise<void>) | undefined;
  const shutdown = (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      log.error('shutdown took too long; exiting');
      process.exit(1);
    }, 45_000);
    force.unref();
    void (stopPlatform?.() ?? Promise.resolve()).then(() => {
      log.info('stopped');
      process.exit(0);
    });
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  try {
    const platform = await startPlatform(config, log);
    stopPlatform = platform.stop;
    if (shuttingDown) {
      await platform.stop();
      process.exit(0);
    }
    if (platform.seed?.adminCredentials) {
      const { email, password } = platform.seed.adminCredentials;
      console.log(
        [
          '',
          '  An admin account was created. Its password is shown this once:',
          `    email:    ${email}`,
          `    password: ${password}`,
          '  Change it after logging in.',
          '',
        ].join('\n'),
      );
    }
    if (platform.url) {
      const shown = platform.url.replace('127.0.0.1', 'localhost');
      console.log(
        `Dynaloop is running at ${shown} (API reference: ${shown}/api/docs). Press Ctrl-C to stop.`,
      );
    }
  } catch (err) {
    if (err instanceof DatabaseUnreachableError || err instanceof DatabaseNewerThanCodeError) {
      log.fatal(err.message);
      console.error(`\nCannot start: ${err.message}\n`);
      process.exit(69);
    }
    log.fatal({ err }, 'failed to start');
    console.error(`\nCannot start: ${(err as Error).message}\n`);
    process.exit(1);
  }
}

void main();
