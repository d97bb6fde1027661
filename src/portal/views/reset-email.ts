import type { Mail } from '../mailer.ts';

/** The password-reset email: plain text, so the link is the same in every mail client. */
export function resetEmail(to: string, link: string): Mail {
  return {
    to,
    subject: 'Reset your Waste Compliance Service password',
    text: `Hello,

Someone asked to reset the password of the Waste Compliance Service developer portal account for ${to}.

To choose a new password, open this link within 1 hour. It works once:

${link}

Choosing a new password logs out every browser signed in to the account.

If you did not ask for this, ignore this email: your password has not changed.
`,
  };
}
