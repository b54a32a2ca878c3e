/**
 * A real SMTP server on loopback for tests (the smtp-server package): it keeps every message it accepts, and can
 * be told to refuse messages or to answer slowly. No TLS and no authentication: `smtp://127.0.0.1:<port>`.
 */
import { createServer, type AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The message as received, headers and body. */
  raw: string;
  /**
   * The message with its parts' transfer encodings undone (quoted-printable, base64: a body mostly in Hindi comes
   * as base64), as UTF-8, to search for text such as a link.
   */
  decoded: string;
  /** The Subject header, its encoded words (RFC 2047: a subject in Hindi) decoded. */
  subject: string;
}

export interface TestSmtp {
  url: string;
  received: ReceivedMail[];
  /** When set, every message is refused with this SMTP reply (code and text). */
  refuse: { code: number; message: string } | undefined;
  /** Milliseconds to wait before accepting a message. */
  delayMs: number;
  close: () => Promise<void>;
}

/** Undoes quoted-printable encoding (as nodemailer uses for long lines), bytes read as UTF-8; other text unchanged. */
export function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/(?:=[0-9A-F]{2})+/g, (run) => Buffer.from(run.replaceAll('=', ''), 'hex').toString('utf8'));
}

/** Undoes the transfer encodings of a message's parts: base64 blocks, then quoted-printable. */
export function decodeMessage(raw: string): string {
  const base64 = raw.replace(
    /(Content-Transfer-Encoding: base64\r?\n(?:[^\r\n]+\r?\n)*\r?\n)([A-Za-z0-9+/=\r\n]+)/gi,
    (_match, head: string, body: string) => head + Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8'),
  );
  return decodeQuotedPrintable(base64);
}

/** The Subject header of a message, unfolded, its encoded words (`=?UTF-8?B?…?=`, `=?UTF-8?Q?…?=`) decoded. */
export function subjectOf(raw: string): string {
  const header = (/^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(raw)?.[1] ?? '').replace(/\r?\n[ \t]/g, ' ');
  const bytesOf = (encoding: string, text: string): Buffer => {
    if (encoding.toUpperCase() === 'B') return Buffer.from(text, 'base64');
    const q = text.replaceAll('_', ' ');
    const out: number[] = [];
    for (let i = 0; i < q.length; i++) {
      if (q[i] === '=') {
        out.push(parseInt(q.slice(i + 1, i + 3), 16));
        i += 2;
      } else out.push(q.charCodeAt(i));
    }
    return Buffer.from(out);
  };
  // A run of encoded words with white space between them is one text (the white space is not part of it).
  return header.replace(/=\?UTF-8\?[BQ]\?[^?]*\?=(?:\s+=\?UTF-8\?[BQ]\?[^?]*\?=)*/gi, (run) =>
    Buffer.concat(
      [...run.matchAll(/=\?UTF-8\?([BQ])\?([^?]*)\?=/gi)].map(([, encoding, text]) => bytesOf(encoding!, text!)),
    ).toString('utf8'),
  );
}

export async function startSmtp(): Promise<TestSmtp> {
  const state: TestSmtp = {
    url: '',
    received: [],
    refuse: undefined,
    delayMs: 0,
    close: async () => {},
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        setTimeout(() => {
          if (state.refuse) {
            callback(Object.assign(new Error(state.refuse.message), { responseCode: state.refuse.code }));
            return;
          }
          const raw = Buffer.concat(chunks).toString('utf8');
          state.received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
            decoded: decodeMessage(raw),
            subject: subjectOf(raw),
          });
          callback();
        }, state.delayMs);
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  state.url = `smtp://127.0.0.1:${port}`;
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return state;
}

/** A loopback port on which nothing listens (it was free a moment ago). */
export async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
