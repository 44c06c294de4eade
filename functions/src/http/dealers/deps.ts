import { ddb } from '../../adapters/dynamodb/client.js';
import { storefrontStore } from '../../adapters/dynamodb/storefronts-repo.js';
import { config } from '../../config.js';
import { type StorefrontRecord, type StorefrontStore, ensureStorefront } from '../../domain/dealers/storefronts.js';
import type { Profile } from '../../../../shared/schemas/profile.js';
import type { Storefront, StorefrontLogo } from '../../../../shared/schemas/storefront.js';

/** Composition for the storefront handlers (issue 26 §1), made once per cold start. */
let store: StorefrontStore | undefined;
export function storefronts$(): StorefrontStore {
  store ??= storefrontStore(ddb, config.tableName);
  return store;
}

/**
 * After an address is confirmed (our verify-email, or Cognito's post-confirmation trigger): a
 * dealer account's storefront is made then, so every dealer is in /dealers from sign-up (issue 26
 * §1). Individuals have none. Safe to repeat: ensureStorefront keeps the first.
 */
export async function storefrontOnConfirm(profile: Profile, now = new Date()): Promise<void> {
  if (profile.accountType === 'dealer') await ensureStorefront(storefronts$(), profile, now);
}

/** The logo's public URLs (the listing photo variants it was stored as). */
export function logoOf(r: Pick<StorefrontRecord, 'logo'>): StorefrontLogo | null {
  if (!r.logo) return null;
  const base = config.imagesBaseUrl.replace(/\/+$/, '');
  return {
    url: `${base}/${r.logo.key}/w400.webp`,
    thumbUrl: `${base}/${r.logo.key}/w400.webp`,
    width: r.logo.width,
    height: r.logo.height,
  };
}

/** What the public storefront and the dealer's own view both show of a record (they add the rest). */
export function storefrontFields(
  r: StorefrontRecord,
): Pick<Storefront, 'slug' | 'companyName' | 'about' | 'town' | 'postcodeDistrict' | 'hours' | 'logo' | 'sellerType'> {
  return {
    slug: r.slug,
    companyName: r.companyName,
    about: r.about,
    town: r.town,
    postcodeDistrict: r.postcodeDistrict,
    hours: r.hours,
    logo: logoOf(r),
    sellerType: 'trade',
  };
}
