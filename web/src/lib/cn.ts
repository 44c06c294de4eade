import { type ClassValue, clsx } from 'clsx';
import { type Config, createTailwindMerge } from 'tailwind-merge';
import * as cut from './cn-config.generated';

/**
 * tailwind-merge with its default configuration cut down to the class groups the app uses, each
 * listing the app's classes by name (cn-config.generated.ts, `npm run gen:cn`): the same decisions
 * for the app's classes (cn.test.ts) for a fraction of the bytes and of the start-up work on a phone.
 * Tailwind only styles classes written out in the source, so no other class needs merging.
 */
const merge = createTailwindMerge(
  () =>
    ({
      cacheSize: 500,
      theme: {},
      classGroups: cut.classGroups,
      conflictingClassGroups: cut.conflictingClassGroups,
      conflictingClassGroupModifiers: cut.conflictingClassGroupModifiers,
      postfixLookupClassGroups: cut.postfixLookupClassGroups,
      orderSensitiveModifiers: cut.orderSensitiveModifiers,
    }) as unknown as Config<string, string>,
);

/** Merges Tailwind classes, later ones winning (shadcn/ui's helper). */
export function cn(...inputs: ClassValue[]) {
  return merge(clsx(inputs));
}
