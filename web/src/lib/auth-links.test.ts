import { describe, expect, it } from 'vitest';
import { safeReturnTo, signInPath, toE164 } from './auth-links';

describe('safeReturnTo', () => {
  it('keeps same-site paths with their query', () => {
    expect(safeReturnTo('/truck/01ABC')).toBe('/truck/01ABC');
    expect(safeReturnTo('/sell-truck')).toBe('/sell-truck');
    expect(safeReturnTo('/box-vans?make=volvo#top')).toBe('/box-vans?make=volvo#top');
  });

  it('refuses anything that could leave the site', () => {
    for (const bad of [
      '//evil.example',
      '/\\evil.example',
      'https://evil.example',
      'evil.example',
      'javascript:alert(1)',
      ' //x',
      '/\u0000x',
    ]) {
      expect(safeReturnTo(bad)).toBe('/');
    }
  });

  it('falls back when missing or pointing at a sign-in page', () => {
    expect(safeReturnTo(null)).toBe('/');
    expect(safeReturnTo('')).toBe('/');
    expect(safeReturnTo('/auth?returnTo=/x')).toBe('/');
    expect(safeReturnTo('/dealer-login')).toBe('/');
    expect(safeReturnTo(undefined, '/dealer-dashboard')).toBe('/dealer-dashboard');
  });

  it('builds sign-in links that come back', () => {
    expect(signInPath('/truck/1')).toBe('/auth?returnTo=%2Ftruck%2F1');
    expect(signInPath()).toBe('/auth');
    expect(safeReturnTo(new URLSearchParams(signInPath('/truck/1').split('?')[1]).get('returnTo'))).toBe('/truck/1');
  });
});

describe('toE164', () => {
  it('converts UK numbers as people type them', () => {
    expect(toE164('07700 900123')).toBe('+447700900123');
    expect(toE164('(0161) 496 0123')).toBe('+441614960123');
    expect(toE164('0044 7700 900123')).toBe('+447700900123');
    expect(toE164('447700900123')).toBe('+447700900123');
    expect(toE164('+44 7700 900-123')).toBe('+447700900123');
  });

  it('keeps international numbers', () => {
    expect(toE164('+353 1 234 5678')).toBe('+35312345678');
  });

  it('refuses what cannot be a phone number', () => {
    for (const bad of ['', 'abc', '12345', '07700', '+44 0 7700 900123', '0770090012345678', 'call me']) {
      expect(toE164(bad)).toBeNull();
    }
  });
});
