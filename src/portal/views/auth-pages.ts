import { type Html, html } from '../html.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../password.ts';
import { PASSWORD_RULE } from '../password-strength.ts';
import {
  csrfField,
  errorSummary,
  type FieldErrors,
  notice,
  type PageContext,
  textField,
} from './components.ts';
import { guestPage } from './layout.ts';

export interface SignUpView {
  ctx: PageContext;
  values?: { organisation_name?: string; email?: string };
  errors?: FieldErrors;
}

export function signUpPage({ ctx, values = {}, errors }: SignUpView): Html {
  const content = html`
    <h1>Create your account</h1>
    <p class="lead">Your organisation starts on the free plan. You can create API keys straight away.</p>
    ${errorSummary(errors, ['organisation_name', 'email', 'password'])}
    <form method="post" action="/portal/signup" novalidate>
      ${csrfField(ctx)}
      ${textField({
        name: 'organisation_name',
        label: 'Organisation name',
        hint: 'The business that will call the API, as your customers know it.',
        value: values.organisation_name,
        autocomplete: 'organization',
        maxlength: 200,
        error: errors?.organisation_name,
        autofocus: !errors,
      })}
      ${textField({
        name: 'email',
        label: 'Work email address',
        type: 'email',
        value: values.email,
        autocomplete: 'email',
        maxlength: 254,
        error: errors?.email,
      })}
      ${textField({
        name: 'password',
        label: 'Password',
        type: 'password',
        hint: PASSWORD_RULE,
        autocomplete: 'new-password',
        minlength: PASSWORD_MIN_LENGTH,
        maxlength: PASSWORD_MAX_LENGTH,
        error: errors?.password,
      })}
      <button type="submit" class="button button--primary button--block">Create account</button>
    </form>
    <p class="switch">Already have an account? <a href="/portal/login">Log in</a></p>`;
  return guestPage({ title: 'Create your account', ctx, content });
}

export interface LogInView {
  ctx: PageContext;
  values?: { email?: string };
  errors?: FieldErrors;
  message?: string;
}

export function logInPage({ ctx, values = {}, errors, message }: LogInView): Html {
  const content = html`
    <h1>Log in</h1>
    <p class="lead">Manage your API keys, usage and plan.</p>
    ${notice(message)}
    ${errorSummary(errors, ['email', 'password'])}
    <form method="post" action="/portal/login" novalidate>
      ${csrfField(ctx)}
      ${textField({
        name: 'email',
        label: 'Email address',
        type: 'email',
        value: values.email,
        autocomplete: 'username',
        maxlength: 254,
        error: errors?.email,
        autofocus: !errors && !values.email,
      })}
      ${textField({
        name: 'password',
        label: 'Password',
        type: 'password',
        autocomplete: 'current-password',
        maxlength: PASSWORD_MAX_LENGTH,
        error: errors?.password,
        autofocus: !errors && Boolean(values.email),
      })}
      <button type="submit" class="button button--primary button--block">Log in</button>
    </form>
    <p class="switch"><a href="/portal/forgot">Forgot your password?</a></p>
    <p class="switch">New here? <a href="/portal/signup">Create an account</a></p>`;
  return guestPage({ title: 'Log in', ctx, content });
}
