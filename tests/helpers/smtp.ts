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
  /** The message with quoted-printable soft breaks and escapes undone, to search for text such as a link. */
  decoded: string;
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

/** Undoes quoted-printable encoding (as nodemailer uses for long lines); other parts pass unchanged. */
export function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
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
            decoded: decodeQuotedPrintable(raw),
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
