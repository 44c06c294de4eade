/**
 * HTML built with a tagged template that escapes every interpolated value unless it is already
 * SafeHtml, so user input (names, subjects, messages) can never inject markup into an e-mail.
 */

export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c]);
}

function render(value: unknown): string {
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  if (value === null || value === undefined || value === false) return '';
  return escapeHtml(String(value));
}

/** `html\`<p>${userText}</p>\`` — interpolations are escaped; nested `html` fragments and arrays of them are kept. */
export function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  let out = strings[0];
  values.forEach((v, i) => {
    out += render(v) + strings[i + 1];
  });
  return new SafeHtml(out);
}

/** Trusted markup, as is. Only for constants written in this code base. */
export const raw = (markup: string) => new SafeHtml(markup);

/** Escaped text with its line breaks kept (`<br>`), for free-text fields like a message. */
export function multiline(text: string): SafeHtml {
  return new SafeHtml(
    text
      .replace(/\r\n?/g, '\n')
      .split('\n')
      .map((line) => escapeHtml(line))
      .join('<br>'),
  );
}

/** Only http(s) URLs may become links: a `javascript:` or `data:` URL would be an attack. */
export function safeUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new Error(`Refusing to link to a ${parsed.protocol} URL`);
  return parsed.toString();
}
