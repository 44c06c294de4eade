import { z } from 'zod';

/**
 * The one rule for free text people type (issue 7 §4 Low): no NUL or other control characters
 * (newlines and tabs only in long text), no bidi overrides or isolates (they make text read
 * differently from how it is stored: "Trojan Source"), no lone surrogates (not Unicode at all);
 * what passes is NFC-normalised, so the same words are stored the same way. Every text field of
 * the shared schemas starts from `text()`.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL_SINGLE_LINE = /[\u0000-\u001f\u007f-\u009f]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL_MULTILINE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

const TEXT_PROBLEM_MESSAGE = 'contains characters that are not allowed';

/** Why a string is refused, or null when it is acceptable text. */
function textProblem(s: string, opts: { multiline?: boolean } = {}): string | null {
  if ((opts.multiline ? CONTROL_MULTILINE : CONTROL_SINGLE_LINE).test(s)) return 'control character';
  if (BIDI_CONTROLS.test(s)) return 'bidirectional override';
  if (LONE_SURROGATE.test(s)) return 'lone surrogate';
  return null;
}

/**
 * `z.string(params)` that refuses what textProblem refuses (message "<label> contains characters
 * that are not allowed") and normalises to NFC. Still a ZodString: chain .trim(), .min(), .max().
 */
export function text(opts: { label?: string; multiline?: boolean; error?: string } = {}) {
  return z
    .string(opts.error ? { error: opts.error } : undefined)
    .refine((s) => textProblem(s, opts) === null, {
      message: `${opts.label ?? 'Text'} ${TEXT_PROBLEM_MESSAGE}`,
      abort: true,
    })
    .overwrite((s) => s.normalize('NFC'));
}
