import { ExponentialBackoff, handleAll, retry } from 'cockatiel';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** Sends the portal's emails; `undefined` where no mail server is configured. */
export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

export interface MailSettings {
  SMTP_URL?: string;
  MAIL_FROM?: string;
  PUBLIC_URL?: string;
}

/**
 * nodemailer over SMTP_URL, with bounded waits (its defaults let a silent server hold a send for two
 * minutes) and two more tries a few seconds apart: a relay that briefly refuses still delivers.
 */
export function createMailer(settings: MailSettings, logger: Logger): Mailer | undefined {
  if (!settings.SMTP_URL) return undefined;
  const transport = nodemailer.createTransport({
    url: settings.SMTP_URL,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  const from = settings.MAIL_FROM ?? defaultSender(settings.PUBLIC_URL);
  const policy = retry(handleAll, {
    maxAttempts: 2,
    backoff: new ExponentialBackoff({ initialDelay: 2_000, maxDelay: 10_000 }),
  });
  policy.onRetry((event) =>
    logger.warn({ err: 'error' in event ? event.error : undefined }, 'portal mail: sending failed, retrying'),
  );
  return {
    async send(mail) {
      await policy.execute(() => transport.sendMail({ from, ...mail }));
    },
    close() {
      transport.close();
    },
  };
}

function defaultSender(publicUrl: string | undefined): string {
  const host = publicUrl ? new URL(publicUrl).hostname : 'localhost';
  return `Waste Compliance Service <no-reply@${host}>`;
}
