/**
 * The shared server's mail: a real SMTP server on loopback (the smtp-server package, as tests/helpers/smtp.ts) that
 * global-setup.ts starts with the shared server, writing each message it accepts as a line of JSON to a file, since the
 * test files that read it run in other processes (harness.ts, `sharedMail()`).
 */
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { decodeMessage, subjectOf, type ReceivedMail } from '../helpers/smtp.ts';

export interface MailDrop {
  url: string;
  close(): Promise<void>;
}

/** Starts the SMTP server; every message it accepts is appended to `file`. */
export async function startMailDrop(file: string): Promise<MailDrop> {
  writeFileSync(file, '');
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const mail: ReceivedMail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          decoded: decodeMessage(raw),
          subject: subjectOf(raw),
        };
        appendFileSync(file, `${JSON.stringify(mail)}\n`);
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The messages written to `file` so far (whole lines only: one may be being written). */
export function readMailDrop(file: string): ReceivedMail[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .slice(0, -1)
    .map((line) => JSON.parse(line) as ReceivedMail);
}
