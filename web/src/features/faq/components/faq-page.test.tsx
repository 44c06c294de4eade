import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '@/testing/render';
import { FAQ_CATEGORIES } from '../data/faq';
import { FaqPage } from './faq-page';

/** What the FAQ page does with its data, whatever the words: a jump link and a section per category, each question a disclosure of its answer. */
describe('FaqPage', () => {
  it('links every category to its section, and lists each of its questions there', () => {
    renderScreen(<FaqPage />);
    const nav = screen.getByRole('navigation', { name: 'FAQ categories' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((a) => [a.textContent?.trim(), a.getAttribute('href')])).toEqual(FAQ_CATEGORIES.map((c) => [c.title, `#${c.id}`]));
    for (const c of FAQ_CATEGORIES) {
      const section = document.getElementById(c.id) as HTMLElement;
      expect(section, c.id).toBeTruthy();
      expect(
        within(section)
          .getAllByRole('button')
          .map((b) => b.textContent?.trim()),
      ).toEqual(c.questions.map((q) => q.question));
    }
  });

  it('opens and closes each answer on its own, several at once, tied to its button by aria-controls', async () => {
    const { user } = renderScreen(<FaqPage />);
    const [first, second] = FAQ_CATEGORIES.flatMap((c) => c.questions);
    // Found by text (getByRole over the whole page is slow in jsdom); the role is checked once.
    const button = (q: typeof first) => screen.getByText(q.question).closest('button') as HTMLButtonElement;
    const answerOf = (q: typeof first) => document.getElementById(button(q).getAttribute('aria-controls') ?? '') as HTMLElement;
    expect(button(first).getAttribute('aria-expanded')).toBe('false');
    expect(answerOf(first)).toBeTruthy();
    expect(screen.getByRole('button', { name: first.question })).toBe(button(first));

    await user.click(button(first));
    await user.click(button(second));
    expect([button(first).getAttribute('aria-expanded'), button(second).getAttribute('aria-expanded')]).toEqual(['true', 'true']);
    expect(answerOf(first).hidden).toBe(false);
    expect(answerOf(first).textContent).toContain(first.answer[0]);

    await user.click(button(first));
    expect(button(first).getAttribute('aria-expanded')).toBe('false');
    expect(button(second).getAttribute('aria-expanded')).toBe('true');
  });
});
