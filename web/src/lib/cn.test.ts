import { readFileSync } from 'node:fs';
import { twMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import { appClasses, GENERATED, generate, splitModifiers } from '../../../scripts/gen-cn-config';
import { buttonVariants } from '../components/ui/button';
import { cn } from './cn';

/** A class's modifiers: only classes with equal modifiers can conflict. */
const modifiersOf = (c: string) => splitModifiers(c)[0];

describe('cn (tailwind-merge cut to the app’s class groups)', () => {
  it('is generated from the current sources and library (run `npm run gen:cn` when this fails)', () => {
    expect(readFileSync(GENERATED, 'utf8')).toBe(generate());
  }, 30_000);

  it('merges every pair of the app’s classes exactly as the full tailwind-merge does', () => {
    const classes = appClasses();
    expect(classes.length).toBeGreaterThan(300);
    const byModifiers = new Map<string, string[]>();
    for (const c of classes) byModifiers.set(modifiersOf(c), [...(byModifiers.get(modifiersOf(c)) ?? []), c]);
    const differ: string[] = [];
    let pairs = 0;
    let conflicts = 0;
    for (const group of byModifiers.values())
      for (const a of group)
        for (const b of group) {
          if (a === b) continue;
          pairs++;
          const expected = twMerge(`${a} ${b}`);
          if (expected !== `${a} ${b}`) conflicts++;
          if (cn(a, b) !== expected) differ.push(`${a} ${b} → ${cn(a, b)}, expected ${expected}`);
        }
    expect(differ.slice(0, 20)).toEqual([]);
    // The check means something: many of the pairs really conflict.
    expect(pairs).toBeGreaterThan(50_000);
    expect(conflicts).toBeGreaterThan(1_000);
  }, 60_000);

  it('lets a caller’s classes override a component’s', () => {
    expect(cn(buttonVariants({ variant: 'link' }), 'h-auto px-0 text-sm')).toBe(
      twMerge(buttonVariants({ variant: 'link' }), 'h-auto px-0 text-sm'),
    );
    expect(cn('px-4 py-2 bg-primary', 'px-0 bg-white/5')).toBe('py-2 px-0 bg-white/5');
    expect(cn('text-sm text-white', 'text-lg')).toBe('text-white text-lg');
  });
});
