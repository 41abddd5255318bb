import { StartupError } from '@vitrin/core';
import { bootstrap } from './bootstrap.ts';
import { CommandError, runCommand } from './commands.ts';
import { loadConfig } from './config.ts';
import { controlSocketPath, sendControlCommand } from './control.ts';

/**
 * `npm run vitrin -- <command>`. On the embedded database a running server holds the data directory, so the
 * command goes to it over the control socket; otherwise the CLI opens the database itself.
 */
async function main(args: string[]): Promise<number> {
  const config = loadConfig();
  if (!config.databaseUrl) {
    const answer = await sendControlCommand(controlSocketPath(config.dataDir), args);
    if (answer) {
      if (answer.ok) console.log(answer.output);
      else console.error(`Hata (${answer.code}): ${answer.message}`);
      return answer.ok ? 0 : 1;
    }
  }
  // Only the server seeds on its own; here seeding is the explicit `seed` command.
  const services = await bootstrap(config, (m) => console.log(m), { seed: false });
  try {
    console.log(await runCommand(services, args));
    return 0;
  } finally {
    await services.database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    if (err instanceof CommandError || err instanceof StartupError) {
      console.error(`Hata (${err.code}): ${err.message}`);
    } else {
      console.error('Hata:', err);
    }
    process.exit(1);
  },
);
