import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';

// The one way the server sends email: SMTP through nodemailer, set up by SMTP_URL
// (smtp://user:pass@host:587, smtps://… for TLS from the first byte). Without it the server
// sends nothing and says so (`configured: false`), so a screen can offer another way.

export type MailAttachment = { filename: string; content: Buffer; contentType: string };

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  attachments: readonly MailAttachment[];
};

export type MailTransport =
  | { readonly configured: false }
  | {
      readonly configured: true;
      /** Who the emails come from, as the recipient reads it. */
      readonly from: string;
      /** Hands the message to the SMTP server; throws when it is refused or unreachable. */
      send(message: MailMessage): Promise<void>;
    };

/**
 * Bounded waits: a PO's Send waits for the SMTP server before it answers, and one that never
 * answers would otherwise hold the order (and, on PGlite, the database) indefinitely.
 */
const TIMEOUTS_MS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

/** SMTP_FROM, else the SMTP login when it is an address, else plantline@ the SMTP host. */
export function senderOf(smtpUrl: string, configured: string | undefined): string {
  if (configured) return configured;
  const url = new URL(smtpUrl);
  const login = decodeURIComponent(url.username);
  return login.includes('@') ? login : `plantline@${url.hostname}`;
}

export function mailTransportFor(config: Pick<Config, 'SMTP_URL' | 'SMTP_FROM'>): MailTransport {
  const url = config.SMTP_URL;
  if (!url) return { configured: false };
  const from = senderOf(url, config.SMTP_FROM);
  const transport = nodemailer.createTransport({ url, ...TIMEOUTS_MS });
  return {
    configured: true,
    from,
    send: async (message) => {
      await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        attachments: message.attachments.map((a) => ({ ...a })),
      });
    },
  };
}
