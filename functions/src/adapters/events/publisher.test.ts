import type { PutEventsCommand, PutEventsRequestEntry } from '@aws-sdk/client-eventbridge';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { InvalidEventError } from '../../events/contracts.js';
import type { DomainEvent } from '../../events/contracts.js';
import { createEventBridgePublisher, setInProcessBus } from './publisher.js';

const AT = '2026-01-01T00:00:00Z';
const events = (n: number): DomainEvent[] =>
  Array.from({ length: n }, (_, i) => ({ type: 'listing.deleted', detail: { listingId: `L${i}`, userId: 'U1', deletedAt: AT } }));

describe('EventBridge publisher', () => {
  it('sends PutEvents in batches of at most 10, from the truckyard source to the named bus', async () => {
    const batches: PutEventsRequestEntry[][] = [];
    const client = {
      send: async (cmd: PutEventsCommand) => {
        batches.push(cmd.input.Entries ?? []);
        return { FailedEntryCount: 0, Entries: [] };
      },
    };

    await createEventBridgePublisher(client as never, 'bus-1').publish(events(23));

    expect(batches.map((b) => b.length)).toEqual([10, 10, 3]);
    expect(batches[0][0]).toEqual({
      EventBusName: 'bus-1',
      Source: 'truckyard',
      DetailType: 'listing.deleted',
      Detail: `{"listingId":"L0","userId":"U1","deletedAt":"${AT}"}`,
    });
  });

  it('fails when EventBridge rejects part of a batch, naming the reason', async () => {
    const client = { send: async () => ({ FailedEntryCount: 1, Entries: [{ ErrorCode: 'InternalFailure', ErrorMessage: 'try again' }] }) };
    await expect(createEventBridgePublisher(client as never, 'bus-1').publish(events(1))).rejects.toThrow(/InternalFailure: try again/);
  });

  it('refuses an event that does not match its contract, naming the field, and puts nothing on the bus', async () => {
    let sends = 0;
    const client = { send: async () => ({ FailedEntryCount: 0, Entries: [], calls: ++sends }) };
    // The stock import's old price-cut event: fields the price-drop consumer never read.
    const stale = { type: 'listing.updated', detail: { listingId: 'L1', price: 30000, previousPrice: 32000 } } as unknown as DomainEvent;
    const publishing = createEventBridgePublisher(client as never, 'bus-1').publish([...events(1), stale]);
    await expect(publishing).rejects.toThrow(InvalidEventError);
    await expect(publishing).rejects.toThrow(/Invalid listing\.updated event: .*oldPrice/);
    expect(sends).toBe(0);
  });
});

describe('local publisher (EVENT_BUS_MODE=local)', () => {
  // The publisher is created once per module instance: each test loads a fresh one.
  beforeEach(() => vi.resetModules());
  afterEach(() => {
    setInProcessBus(undefined);
    vi.unstubAllEnvs();
    vi.unstubAllGlobals();
  });
  const localPublisher = async () => (await import('./publisher.js')).eventPublisher({ EVENT_BUS_MODE: 'local' });

  it('hands entries to the in-process bus when the local cloud runs in this process', async () => {
    const got: PutEventsRequestEntry[] = [];
    setInProcessBus({ publish: (entries) => got.push(...entries) });

    await (await localPublisher()).publish(events(2));

    expect(got.map((e) => e.DetailType)).toEqual(['listing.deleted', 'listing.deleted']);
  });

  it('POSTs a PutEvents body to LOCAL_EVENTS_URL otherwise', async () => {
    const calls: Array<{ url: string; body: string }> = [];
    vi.stubEnv('LOCAL_EVENTS_URL', 'http://localhost:1/_dev/events');
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      calls.push({ url, body: String(init.body) });
      return new Response('{}', { status: 200 });
    });

    await (await localPublisher()).publish(events(1));

    expect(calls[0].url).toBe('http://localhost:1/_dev/events');
    expect(JSON.parse(calls[0].body).Entries[0]).toMatchObject({ Source: 'truckyard', DetailType: 'listing.deleted' });
  });

  it('refuses an event that does not match its contract before it reaches the bus', async () => {
    const got: PutEventsRequestEntry[] = [];
    setInProcessBus({ publish: (entries) => got.push(...entries) });
    const stale = { type: 'listing.deleted', detail: { listingId: 'L1' } } as unknown as DomainEvent;

    // A fresh module graph has its own InvalidEventError class: compare by name.
    await expect((await localPublisher()).publish([stale])).rejects.toMatchObject({ name: 'InvalidEventError' });
    expect(got).toHaveLength(0);
  });
});
