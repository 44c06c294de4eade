import { describe, expect, it } from 'vitest';
import type { HttpEvent } from './handler.js';
import { DomainError } from '../domain/errors.js';
import {
  assertThroughCloudFront,
  ipOfViewerAddress,
  ORIGIN_VERIFY_HEADER,
  VIEWER_ADDRESS_HEADER,
  type ViewerIpDeps,
  viewerIp,
} from './viewer-ip.js';

const SECRET = 's3cret-origin-value';
const EDGE_IP = '130.176.0.1';

function eventWith(headers: Record<string, string>): HttpEvent {
  return { headers, requestContext: { http: { sourceIp: EDGE_IP } } } as unknown as HttpEvent;
}
const deps = (secret = SECRET) => ({ originVerifySecret: async () => secret });

describe('viewerIp', () => {
  it("uses CloudFront's viewer address when the secret origin header matches", async () => {
    // Prepare
    const event = eventWith({ [ORIGIN_VERIFY_HEADER]: SECRET, [VIEWER_ADDRESS_HEADER]: '198.51.100.10:46532' });
    // Act
    const ip = await viewerIp(event, deps());
    // Assess
    expect(ip).toBe('198.51.100.10');
  });

  it('ignores a viewer address sent without the secret, or with a wrong one (a direct call to the API)', async () => {
    expect(await viewerIp(eventWith({ [VIEWER_ADDRESS_HEADER]: '198.51.100.10:1' }), deps())).toBe(EDGE_IP);
    expect(await viewerIp(eventWith({ [ORIGIN_VERIFY_HEADER]: 'guess', [VIEWER_ADDRESS_HEADER]: '198.51.100.10:1' }), deps())).toBe(
      EDGE_IP,
    );
  });

  it('uses the socket address locally (no CloudFront headers) without reading the secret', async () => {
    // Prepare
    let asked = false;
    // Act
    const ip = await viewerIp(eventWith({}), {
      originVerifySecret: async () => {
        asked = true;
        return SECRET;
      },
    });
    // Assess
    expect(ip).toBe(EDGE_IP);
    expect(asked).toBe(false);
  });

  it('falls back to the source address when the secret cannot be read', async () => {
    const event = eventWith({ [ORIGIN_VERIFY_HEADER]: SECRET, [VIEWER_ADDRESS_HEADER]: '198.51.100.10:1' });
    const ip = await viewerIp(event, {
      originVerifySecret: async () => {
        throw new Error('ParameterNotFound');
      },
      logError: () => undefined,
    });
    expect(ip).toBe(EDGE_IP);
  });
});

describe('ipOfViewerAddress', () => {
  it('strips the port from IPv4 and IPv6 addresses', () => {
    expect(ipOfViewerAddress('198.51.100.10:46532')).toBe('198.51.100.10');
    expect(ipOfViewerAddress('2001:db8::1:46532')).toBe('2001:db8::1');
    expect(ipOfViewerAddress('[2001:db8::1]:443')).toBe('2001:db8::1');
    expect(ipOfViewerAddress('garbage')).toBeNull();
  });
});

describe('assertThroughCloudFront', () => {
  const codeOf = async (p: Promise<void>) =>
    p.then(
      () => 'passed',
      (e: unknown) => (e instanceof DomainError ? e.code : String(e)),
    );

  it('in AWS refuses a request without the origin secret or with a wrong one (a direct call to execute-api)', async () => {
    expect(await codeOf(assertThroughCloudFront(eventWith({}), deps(), true))).toBe('FORBIDDEN');
    expect(await codeOf(assertThroughCloudFront(eventWith({ [ORIGIN_VERIFY_HEADER]: 'guess' }), deps(), true))).toBe('FORBIDDEN');
  });

  it('in AWS lets a request through CloudFront pass', async () => {
    expect(await codeOf(assertThroughCloudFront(eventWith({ [ORIGIN_VERIFY_HEADER]: SECRET }), deps(), true))).toBe('passed');
  });

  it('answers 503 rather than serve unguarded when the secret cannot be read', async () => {
    const unreadable = { originVerifySecret: async () => Promise.reject(new Error('ParameterNotFound')) };
    expect(await codeOf(assertThroughCloudFront(eventWith({ [ORIGIN_VERIFY_HEADER]: SECRET }), unreadable, true))).toBe(
      'SERVICE_UNAVAILABLE',
    );
  });

  it('during a rotation accepts the current and the previous secret, and refuses any other', async () => {
    // Prepare
    const PREVIOUS = 'previous-origin-value';
    const rotating: ViewerIpDeps = { ...deps(), previousOriginVerifySecret: async () => PREVIOUS };
    const ask = (value: string, d: ViewerIpDeps = rotating) =>
      codeOf(assertThroughCloudFront(eventWith({ [ORIGIN_VERIFY_HEADER]: value }), d, true));
    // Act + Assess
    expect(await ask(SECRET)).toBe('passed');
    expect(await ask(PREVIOUS)).toBe('passed');
    expect(await ask('unknown-value')).toBe('FORBIDDEN');
    expect(await ask('')).toBe('FORBIDDEN');
    // Once the previous secret is deleted it is refused; an unreadable one is no previous secret.
    expect(await ask(PREVIOUS, { ...deps(), previousOriginVerifySecret: async () => undefined })).toBe('FORBIDDEN');
    const unreadable = { ...deps(), previousOriginVerifySecret: async () => Promise.reject(new Error('AccessDenied')) };
    expect(await ask(PREVIOUS, unreadable)).toBe('FORBIDDEN');
    expect(await ask(SECRET, unreadable)).toBe('passed');
    // The viewer address is trusted with either.
    const viewer = (value: string) => eventWith({ [ORIGIN_VERIFY_HEADER]: value, [VIEWER_ADDRESS_HEADER]: '198.51.100.10:1' });
    expect(await viewerIp(viewer(PREVIOUS), rotating)).toBe('198.51.100.10');
    expect(await viewerIp(viewer('unknown-value'), rotating)).toBe(EDGE_IP);
  });

  it('checks nothing locally, where there is no CloudFront', async () => {
    expect(await codeOf(assertThroughCloudFront(eventWith({}), deps(), false))).toBe('passed');
  });
});
