import { describe, expect, it } from 'vitest';
import type { HttpEvent } from './handler.js';
import { DomainError } from '../domain/errors.js';
import { assertThroughCloudFront, ipOfViewerAddress, ORIGIN_VERIFY_HEADER, VIEWER_ADDRESS_HEADER, viewerIp } from './viewer-ip.js';

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

  it('checks nothing locally, where there is no CloudFront', async () => {
    expect(await codeOf(assertThroughCloudFront(eventWith({}), deps(), false))).toBe('passed');
  });
});
