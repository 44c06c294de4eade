import { describe, expect, it, vi } from 'vitest';
import { consumer } from '../functions/src/events/consume.js';
import { createLocalBus, type LocalBus } from './local-bus.js';

type BusEvent = LocalBus['deadLetters'][number]['event'];

describe('the in-process event bus', () => {
  it('shapes PutEvents entries as EventBridge events', async () => {
    const got: BusEvent[] = [];
    const bus = createLocalBus({
      subscriptions: [{ id: 'A', eventType: 'listing.created', handler: 'a', access: {} }],
      load: async () => async (e) => {
        got.push(e as BusEvent);
      },
      log: () => undefined,
    });
    vi.useFakeTimers({ now: new Date('2026-11-22T10:00:00.500Z'), toFake: ['Date'] });
    bus.publish([{ Source: 'truckyard', DetailType: 'listing.created', Detail: '{"listingId":"L1"}' }]);
    vi.useRealTimers();
    await bus.idle();
    expect(got[0]).toMatchObject({
      version: '0',
      source: 'truckyard',
      'detail-type': 'listing.created',
      detail: { listingId: 'L1' },
      time: '2026-11-22T10:00:00Z',
    });
  });

  it('delivers each event to the subscriptions for its type only, after publish returns', async () => {
    const got: Array<[string, BusEvent]> = [];
    const bus = createLocalBus({
      subscriptions: [
        { id: 'A', eventType: 'listing.created', handler: 'a', access: {} },
        { id: 'B', eventType: 'listing.created', handler: 'b', access: {} },
        { id: 'C', eventType: 'listing.deleted', handler: 'c', access: {} },
      ],
      load: async (h) => async (e) => {
        got.push([h, e as BusEvent]);
      },
      log: () => undefined,
    });

    const { eventIds } = bus.publish([{ Source: 'truckyard', DetailType: 'listing.created', Detail: '{}' }]);
    expect(got).toEqual([]);
    await bus.idle();

    expect(eventIds).toHaveLength(1);
    expect(got.map(([h]) => h).sort()).toEqual(['a', 'b']);
    expect(got.every(([, e]) => e.id === eventIds[0])).toBe(true);
  });

  it('retries a failing subscriber twice, as EventBridge does for an async Lambda, then gives up and logs', async () => {
    let calls = 0;
    const logs: string[] = [];
    const bus = createLocalBus({
      subscriptions: [{ id: 'Flaky', eventType: 'listing.updated', handler: 'x', access: {} }],
      load: async () => async () => {
        calls++;
        throw new Error('boom');
      },
      log: (m) => logs.push(m),
      retryDelaysMs: [1, 1],
    });

    bus.publish([{ Source: 'truckyard', DetailType: 'listing.updated', Detail: '{}' }]);
    await bus.idle();

    expect(calls).toBe(3);
    expect(logs.at(-1)).toMatch(/Flaky failed .* after 3 attempts: boom/);
  });

  it('puts an event its consumer refuses by contract in the dead letters, with the reason', async () => {
    let ran = 0;
    const bus = createLocalBus({
      subscriptions: [{ id: 'PriceDrop', eventType: 'listing.updated', handler: 'x', access: {} }],
      load: async () =>
        consumer('test/price-drop', ['listing.updated'], async () => {
          ran++;
        }) as never,
      log: () => undefined,
      retryDelaysMs: [1, 1],
    });

    bus.publish([{ Source: 'truckyard', DetailType: 'listing.updated', Detail: '{"listingId":"L1","price":30000,"previousPrice":32000}' }]);
    await bus.idle();

    expect(ran).toBe(0);
    expect(bus.deadLetters).toHaveLength(1);
    expect(bus.deadLetters[0]).toMatchObject({ subscriptionId: 'PriceDrop', event: { 'detail-type': 'listing.updated' } });
    expect(bus.deadLetters[0].reason).toMatch(/Invalid listing\.updated event: .*Unrecognized keys: "price", "previousPrice"/);
  });
});
