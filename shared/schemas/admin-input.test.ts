import { describe, expect, it } from 'vitest';
import { comparableMediaText, originOf, siteRelativeUrl, siteRelativeUrlsIn } from '../media-url.js';
import { signUpSchema } from './account.js';
import { pageContentInputSchema, promotionInputSchema } from './admin.js';
/** The rule's message, stated here rather than imported, so a change to it fails this test. */
const LINK_URL_MESSAGE = 'Links must start with http://, https:// or a single /';

const promo = (over: Record<string, unknown>) => promotionInputSchema.safeParse({ title: 'Winter deals', position: 'hero', ...over });
const messages = (r: { success: boolean; error?: { issues: Array<{ message: string }> } }) => r.error?.issues.map((i) => i.message) ?? [];

describe('promotion links (issue 23 "Admin media")', () => {
  it('refuses links browsers read as another host: //host and /\\host', () => {
    for (const linkUrl of ['//evil.example', '/\\evil.example', ' //evil.example', '/\\/evil.example']) {
      const r = promo({ linkUrl });
      expect(r.success, linkUrl).toBe(false);
      expect(messages(r)).toContain(LINK_URL_MESSAGE);
    }
    expect(promo({ imageUrl: '//evil.example/x.png' }).success).toBe(false);
  });
  it('accepts site paths and http(s) URLs', () => {
    for (const linkUrl of ['/trucks?make=volvo', 'https://partner.example/offer', 'http://partner.example', '/']) {
      expect(promo({ linkUrl }).success, linkUrl).toBe(true);
    }
  });
});

describe('admin content, promotion and sign-up names use text()', () => {
  const BIDI = 'Deals\u202egnp.exe';
  it('refuses bidi overrides and control characters', () => {
    expect(promo({ title: BIDI }).success).toBe(false);
    expect(promo({ content: 'a\u0000b' }).success).toBe(false);
    expect(pageContentInputSchema.safeParse({ pageSlug: 'about', sectionKey: 'intro', content: `x${BIDI}` }).success).toBe(false);
    expect(pageContentInputSchema.safeParse({ pageSlug: 'about', sectionKey: 'intro', title: 'a\u0007' }).success).toBe(false);
    const signUp = signUpSchema.shape.name.safeParse(`Lee ${BIDI}`);
    expect(signUp.success).toBe(false);
    expect(messages(signUp)[0]).toBe('Name contains characters that are not allowed');
  });
  it('keeps multi-line content and normalises to NFC', () => {
    const r = pageContentInputSchema.parse({ pageSlug: 'about', sectionKey: 'intro', content: 'Line one\nCafe\u0301' });
    expect(r.content).toBe('Line one\nCaf\u00e9');
  });
});

describe('media URLs (issue 24 §4)', () => {
  const site = originOf('https://truckyard.example/');
  it('stores absolute URLs on our site site-relative, and others as typed', () => {
    expect(siteRelativeUrl('https://truckyard.example/media/banners/banners/a.png', site)).toBe('/media/banners/banners/a.png');
    expect(siteRelativeUrl('HTTPS://TRUCKYARD.EXAMPLE/media/x.png', site)).toBe('/media/x.png');
    expect(siteRelativeUrl('https://truckyard.example.evil/media/x.png', site)).toBe('https://truckyard.example.evil/media/x.png');
    expect(siteRelativeUrl('https://cdn.example/media/x.png', site)).toBe('https://cdn.example/media/x.png');
    expect(siteRelativeUrlsIn('![a](https://truckyard.example/media/x.png) and https://other.example/y', site)).toBe(
      '![a](/media/x.png) and https://other.example/y',
    );
  });
  it('compares media paths whatever origin they were written with', () => {
    expect(comparableMediaText('http://localhost:4300/media/logos/logos/a.png')).toBe('/media/logos/logos/a.png');
    expect(comparableMediaText('see https://truckyard.example/media/a.png')).toBe('see /media/a.png');
  });
});
