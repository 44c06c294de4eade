import { describe, expect, it } from 'vitest';
import { SAVED_TRUCK_TTL_DAYS } from '@shared/schemas/saved';
import { FAQ_CATEGORIES } from './faq';

const allAnswers = FAQ_CATEGORIES.flatMap((c) => c.questions.flatMap((q) => q.answer)).join(' ');

describe('FAQ content', () => {
  it('has the five spec categories in order', () => {
    expect(FAQ_CATEGORIES.map((c) => c.title)).toEqual([
      'Buying & Selling',
      'Finance & Insurance',
      'Technical & Legal',
      'Maintenance & Operations',
      'Marketplace Features',
    ]);
  });

  it('gives every question a unique id (used for aria-controls)', () => {
    const ids = FAQ_CATEGORIES.flatMap((c) => c.questions.map((q) => q.id));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('states the saved-trucks period the TTL enforces, and nothing about dealers valuing', () => {
    expect(allAnswers).toContain(`stay in your list for ${SAVED_TRUCK_TTL_DAYS} days`);
    expect(allAnswers).not.toMatch(/verified dealers/i);
  });

  it('makes the spec claims and uses its sample figures', () => {
    expect(allAnswers).toContain('30 days');
    expect(allAnswers).toContain('is free');
    expect(allAnswers).toContain('mobile app is in development');
    expect(allAnswers).toContain('56 hours');
    expect(allAnswers).toContain('£150–£200');
    expect(allAnswers).toContain('44 tonnes');
  });
});
