/**
 * JSON safe inside a <script> element (the page head's JSON-LD, the server-rendered first screen's
 * data and module list): no `<`, `>` or `&` can close the element or open a comment, and the line
 * separators U+2028/U+2029 are escaped for older JavaScript parsers.
 */
export const jsonForScript = (value: unknown): string =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
