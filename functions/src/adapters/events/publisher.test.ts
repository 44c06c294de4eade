import type { PutEventsCommand, PutEventsRequestEntry } from '@aws-sdk/client-eventbridge';
import { afterEach, describe, expect, it } from 'vitest';
import { InvalidEventError } from '../../events/contracts.js';
import type { DomainEvent } from '../../events/contracts.js';
import { createEventBridgePublisher, createLocalPublisher, setInProcessBus } from './publisher.js';

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

describe('local publisher', () => {
  afterEach(() => setInProcessBus(undefined));

  it('hands entries to the in-process bus when the local cloud runs in this process', async () => {
    const got: PutEventsRequestEntry[] = [];
    setInProcessBus({ publish: (entries) => got.push(...entries) });

    await createLocalPublisher().publish(events(2));

    expect(got.map((e) => e.DetailType)).toEqual(['listing.deleted', 'listing.deleted']);
  });

  it('POSTs a PutEvents body to the given URL otherwise', async () => {
    const calls: Array<{ url: string; body: string }> = [];
    const fakeFetch = (async (url: string, init: RequestInit) => {
      calls.push({ url, body: String(init.body) });
      return new Response('{}', { status: 200 });
    }) as typeof fetch;

    await createLocalPublisher('http://localhost:1/_dev/events', fakeFetch).publish(events(1));

    expect(calls[0].url).toBe('http://localhost:1/_dev/events');
    expect(JSON.parse(calls[0].body).Entries[0]).toMatchObject({ Source: 'truckyard', DetailType: 'listing.deleted' });
  });
});
