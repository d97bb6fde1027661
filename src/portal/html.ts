/**
 * HTML built with a tagged template: every interpolated value is escaped unless it is already Html
 * (the output of another `html` template), so user-supplied text can never become markup.
 */
export class Html {
  readonly value: string;

  constructor(value: string) {
    this.value = value;
  }

  toString(): string {
    return this.value;
  }
}

type Interpolation = Html | string | number | boolean | null | undefined | readonly Interpolation[];

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

const NEEDS_ESCAPING = /[&<>"']/;

export function escapeHtml(text: string): string {
  // Most text (names, figures, dates) has nothing to escape: a test is far cheaper than a replace.
  return NEEDS_ESCAPING.test(text) ? text.replace(/[&<>"']/g, (c) => ESCAPES[c]) : text;
}

function render(value: Interpolation): string {
  if (typeof value === 'string') return escapeHtml(value);
  if (value instanceof Html) return value.value;
  // A number's text is digits, sign, point and exponent only: nothing to escape.
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) {
    let out = '';
    for (const item of value) out += render(item);
    return out;
  }
  // false, null and undefined render nothing, so `${condition && html`…`}` reads naturally.
  if (value === null || value === undefined || value === false) return '';
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: Interpolation[]): Html {
  let out = strings[0];
  for (let i = 0; i < values.length; i++) out += render(values[i]) + strings[i + 1];
  return new Html(out);
}

/** Markup we wrote ourselves (never user input), such as an SVG icon. */
export function trusted(markup: string): Html {
  return new Html(markup);
}
