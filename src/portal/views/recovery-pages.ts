import { type Html, html } from '../html.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../password.ts';
import { PASSWORD_RULE } from '../password-strength.ts';
import { csrfField, errorSummary, type FieldErrors, type PageContext, textField } from './components.ts';
import { guestPage } from './layout.ts';

export interface ForgotView {
  ctx: PageContext;
  /** False when no mail server is configured: the page says whom to ask instead. */
  available: boolean;
  values?: { email?: string };
  errors?: FieldErrors;
}

export function forgotPage({ ctx, available, values = {}, errors }: ForgotView): Html {
  if (!available) {
    const content = html`
      <h1>Reset your password</h1>
      <p class="lead">Reset by email is not available on this service.</p>
      <p>Ask the person who runs this service to reset your password. They can set a new one for you or give
      you a link to choose one yourself.</p>
      <p class="switch"><a href="/portal/login">Back to log in</a></p>`;
    return guestPage({ title: 'Reset your password', ctx, content });
  }
  const content = html`
    <h1>Reset your password</h1>
    <p class="lead">Enter the email address you log in with. We will email you a link to choose a new password.</p>
    ${errorSummary(errors, ['email'])}
    <form method="post" action="/portal/forgot" novalidate>
      ${csrfField(ctx)}
      ${textField({
        name: 'email',
        label: 'Email address',
        type: 'email',
        value: values.email,
        autocomplete: 'username',
        maxlength: 254,
        error: errors?.email,
        autofocus: !errors,
      })}
      <button type="submit" class="button button--primary button--block">Send the link</button>
    </form>
    <p class="switch"><a href="/portal/login">Back to log in</a></p>`;
  return guestPage({ title: 'Reset your password', ctx, content });
}

/** The same answer for every address, so the page never says whether an account exists. */
export function linkSentPage({ ctx, email }: { ctx: PageContext; email: string }): Html {
  const content = html`
    <h1>Check your email</h1>
    <p class="lead">If an account exists for <strong>${email}</strong>, we have sent it a link to choose a new password.</p>
    <p>The link works once, for 1 hour. Nothing after a few minutes? Check your spam folder, check the address
    and <a href="/portal/forgot">ask again</a>.</p>
    <p class="switch"><a href="/portal/login">Back to log in</a></p>`;
  return guestPage({ title: 'Check your email', ctx, content });
}

export interface NewPasswordView {
  ctx: PageContext;
  token: string;
  email: string;
  errors?: FieldErrors;
}

export function newPasswordPage({ ctx, token, email, errors }: NewPasswordView): Html {
  const content = html`
    <h1>Choose a new password</h1>
    <p class="lead">For <strong>${email}</strong>. Every browser signed in to this account will be logged out.</p>
    ${errorSummary(errors, ['password'])}
    <form method="post" action="/portal/reset/${token}" novalidate>
      ${csrfField(ctx)}
      <input class="visually-hidden" type="email" name="username" value="${email}" autocomplete="username" readonly tabindex="-1" aria-hidden="true">
      ${textField({
        name: 'password',
        label: 'New password',
        type: 'password',
        hint: PASSWORD_RULE,
        autocomplete: 'new-password',
        minlength: PASSWORD_MIN_LENGTH,
        maxlength: PASSWORD_MAX_LENGTH,
        error: errors?.password,
        autofocus: !errors,
      })}
      <button type="submit" class="button button--primary button--block">Change password and log in</button>
    </form>`;
  return guestPage({ title: 'Choose a new password', ctx, content });
}

export function expiredLinkPage({ ctx }: { ctx: PageContext }): Html {
  const content = html`
    <h1>This link has expired</h1>
    <p class="lead">A password reset link works once, for 1 hour. This one has been used or is too old.</p>
    <p><a href="/portal/forgot">Ask for a new link</a>, or <a href="/portal/login">log in</a> if you know your password.</p>`;
  return guestPage({ title: 'This link has expired', ctx, content });
}
