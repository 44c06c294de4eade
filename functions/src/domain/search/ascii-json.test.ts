import { describe, expect, it } from 'vitest';
import { asciiJson } from './ascii-json.js';

describe('asciiJson', () => {
  it('escapes every character outside ASCII and leaves the JSON value unchanged', () => {
    const value = {
      title: 'Scania R450 — “Highline” • 6x2 … £42,500',
      town: 'Ynys Môn',
      emoji: 'Tipper 🚚',
      plain: 'DAF XF 480',
      n: 42,
      nested: [{ note: 'Ölwechsel ✓' }],
    };
    const json = JSON.stringify(value);
    const ascii = asciiJson(json);
    expect(ascii).not.toMatch(/[\u0080-\uffff]/);
    expect(ascii).toContain('\\u2014');
    // A character outside the BMP is written as its surrogate pair.
    expect(ascii).toContain('\\ud83d\\ude9a');
    expect(JSON.parse(ascii)).toEqual(value);
  });

  it('returns ASCII text as it is', () => {
    const json = JSON.stringify({ title: 'MAN TGX 18.500', price: 39_950 });
    expect(asciiJson(json)).toBe(json);
  });
});
