import { existsSync } from 'node:fs';
import path from 'node:path';
import { DomainError } from '@vitrin/core';
import { backupCliCommand } from './ops/backup-cli.ts';
import { bootstrap } from './ops/bootstrap.ts';
import { commandError } from './ops/command-error.ts';
import { runCommand, USAGE } from './ops/commands.ts';
import { loadConfig } from './ops/config.ts';
import { controlSocketPath, sendControlCommand } from './ops/control.ts';
import { progressLine, storageCliCommand } from './ops/storage-command.ts';

/** The commands that make a database: every other one needs a shop that is there. */
const CREATING_COMMANDS = new Set(['migrate', 'seed']);

/**
 * `npm run vitrin -- <command>`. On the embedded database a running server holds the data directory, so the
 * command goes to it over the control socket; otherwise the CLI opens the database itself.
 */
async function main(args: string[]): Promise<number> {
  const [command] = args;
  if (command === undefined || command === 'help' || command === '--help') {
    console.log(USAGE);
    return 0;
  }
  const config = loadConfig();
  // The CLI writes and reads the backup file itself; a running server only dumps its database for it.
  if (command === 'backup' || command === 'restore') {
    console.log(await backupCliCommand(config, args));
    return 0;
  }
  // Files only: the data directory's folders and the bucket, no database.
  if (command === 'storage') {
    // A line every ten seconds: moving a large shop's files takes a while.
    let shown = Date.now();
    const result = await storageCliCommand(config, args, (_key, _outcome, counts) => {
      if (Date.now() - shown < 10_000) return;
      shown = Date.now();
      console.log(progressLine(counts));
    });
    console.log(result);
    return 0;
  }
  const dataDir = path.resolve(config.dataDir);
  const creating = CREATING_COMMANDS.has(command);
  if (!config.databaseUrl) {
    const answer = await sendControlCommand(controlSocketPath(config.dataDir), args);
    if (answer) {
      if (answer.ok) console.log(answer.output);
      else console.error(`Hata (${answer.code}): ${answer.message}`);
      return answer.ok ? 0 : 1;
    }
    // A mistyped DATA_DIR (or a command run from another directory) must not quietly make an empty shop.
    if (!existsSync(path.join(dataDir, 'pg', 'PG_VERSION'))) {
      if (!creating) {
        throw commandError(
          'VERI_DIZINI_BOS',
          `"${dataDir}" veri dizininde bir mağaza veritabanı yok; hiçbir şey oluşturulmadı. ` +
            'Mağazanın veri dizinini DATA_DIR ile verin (ör. DATA_DIR=/srv/vitrin/data npm run vitrin -- …) ' +
            'ya da yeni bir mağaza için önce "npm run vitrin -- migrate" veya "seed" çalıştırın.',
        );
      }
      console.log(`Veri dizini: ${dataDir} (boştu; yeni bir veritabanı oluşturuluyor).`);
    }
  }
  // Only the server seeds on its own; here seeding is the explicit `seed` command.
  const services = await bootstrap(config, (m) => console.log(m), {
    seed: false,
    onEmpty: () => {
      if (creating) return;
      const where = config.databaseUrl ? 'DATABASE_URL veritabanında' : `"${dataDir}" veri dizininde`;
      console.error(`Uyarı: ${where} mağaza verisi yok; komut boş bir mağazada çalışıyor.`);
    },
  });
  try {
    console.log(await runCommand(services, args));
    return 0;
  } finally {
    await services.database.close();
  }
}

// A command whose work waits on something that can no longer happen (a stream that neither ends nor fails)
// leaves Node nothing to do: it would exit 0 as if the command had succeeded. It fails instead.
process.once('beforeExit', () => {
  console.error('Hata: komut tamamlanamadan durdu; hiçbir şeyin tamamlandığını varsaymayın.');
  process.exit(1);
});

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    if (err instanceof DomainError) {
      console.error(`Hata (${err.code}): ${err.message}`);
    } else {
      console.error('Hata:', err);
    }
    process.exit(1);
  },
);
