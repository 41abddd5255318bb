// The mailer's worker thread (see mailer.ts): nodemailer composes every message (MIME, quoted-printable) and
// sends it through SMTP or writes it into the outbox here, off the thread that answers requests.
// Plain JavaScript: a worker thread starts without the TypeScript loader of the tests and of the server.
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import nodemailer from 'nodemailer';

const { smtpUrl, outboxDir, from } = workerData;

const transport = smtpUrl
  ? nodemailer.createTransport(
      {
        url: smtpUrl,
        pool: true,
        // A request that sends a reset mail waits on this: fail in seconds, not nodemailer's minutes.
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
        logger: false,
        debug: false,
      },
      { from },
    )
  : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' }, { from });

/** Written under a temporary name in the same directory and renamed: a reader never sees half a message. */
async function writeToOutbox(message, fileName) {
  const target = join(outboxDir, fileName);
  const temporary = `${target}.tmp`;
  try {
    const info = await transport.sendMail(message);
    await mkdir(outboxDir, { recursive: true });
    await writeFile(temporary, info.message, { flag: 'wx' });
    await rename(temporary, target);
  } catch (err) {
    await rm(temporary, { force: true }).catch(() => {});
    throw err;
  }
}

/**
 * Name, code, SMTP reply code and message only: an error object may carry the message it failed to send.
 * The reply code tells the queue a refusal for good (5xx) from one worth retrying.
 */
function describeError(err) {
  if (!(err instanceof Error)) return { message: String(err) };
  return {
    name: err.name,
    message: err.message,
    ...(err.code === undefined ? {} : { code: err.code }),
    ...(typeof err.responseCode === 'number' ? { responseCode: err.responseCode } : {}),
  };
}

parentPort.on('message', async ({ id, message, fileName }) => {
  try {
    if (smtpUrl) await transport.sendMail(message);
    else await writeToOutbox(message, fileName);
    parentPort.postMessage({ id });
  } catch (err) {
    parentPort.postMessage({ id, error: describeError(err) });
  }
});
