import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

// A real SMTP server in the test's process: the server under test connects to it over TCP as
// it would to a relay, and every message it takes is parsed (headers, body, attachments) for
// the test to read. Recipients at `refused.example` are refused with 550, as a relay refuses an
// unknown mailbox.

export type ReceivedMail = { mail: ParsedMail; envelope: { from: string; to: string[] } };

export type SmtpInbox = {
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  received: ReceivedMail[];
  /** The messages whose envelope went to `address`. */
  to(address: string): ReceivedMail[];
  close(): Promise<void>;
};

export const REFUSED_DOMAIN = 'refused.example';

export async function startSmtpInbox(): Promise<SmtpInbox> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    // Loopback only: plain text, no certificate to make up.
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address.endsWith(`@${REFUSED_DOMAIN}`)) {
        const refusal = Object.assign(new Error('No such mailbox here'), { responseCode: 550 });
        callback(refusal);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (mail) => {
          const envelopeFrom = session.envelope.mailFrom;
          received.push({
            mail,
            envelope: {
              from: envelopeFrom ? envelopeFrom.address : '',
              to: session.envelope.rcptTo.map((r) => r.address),
            },
          });
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    to: (address) => received.filter((r) => r.envelope.to.includes(address)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
