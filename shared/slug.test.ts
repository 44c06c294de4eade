import { describe, expect, it } from 'vitest';
import { SLUG_PATTERN, slugCandidate, slugOf } from './slug.js';

describe('slugOf', () => {
  it('is the lower-case company name with hyphens', () => {
    expect(slugOf('Northern Truck Sales Ltd')).toBe('northern-truck-sales-ltd');
    expect(slugOf('  A1 Commercials & Sons  ')).toBe('a1-commercials-sons');
    expect(slugOf('Škoda Trucks (UK)')).toBe('skoda-trucks-uk');
    expect(slugOf('!!!')).toBe('dealer');
  });
  it('always matches the slug pattern, even cut to length', () => {
    for (const name of ['x'.repeat(200), 'a - b', '--a--', `${'ab '.repeat(40)}`]) expect(slugOf(name)).toMatch(SLUG_PATTERN);
  });
  it('takes -2, -3 on a clash', () => {
    expect(slugCandidate('acme', 1)).toBe('acme');
    expect(slugCandidate('acme', 2)).toBe('acme-2');
  });
});
