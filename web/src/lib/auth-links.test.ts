import { describe, expect, it } from 'vitest';
import { safeReturnTo, signInPath } from './auth-links';

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
