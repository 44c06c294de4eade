import type { PutEventsCommand, PutEventsRequestEntry } from '@aws-sdk/client-eventbridge';
import { afterEach, describe, expect, it } from 'vitest';
import { type DomainEvent, createEventBridgePublisher, createLocalPublisher, setInProcessBus } from './publisher.js';

const events = (n: number): DomainEvent[] =>
  Array.from({ length: n }, (_, i) => ({ type: 'listing.updated', detail: { listingId: `L${i}` } }));

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
      DetailType: 'listing.updated',
      Detail: '{"listingId":"L0"}',
    });
  });

  it('fails when EventBridge rejects part of a batch, naming the reason', async () => {
    const client = { send: async () => ({ FailedEntryCount: 1, Entries: [{ ErrorCode: 'InternalFailure', ErrorMessage: 'try again' }] }) };
    await expect(createEventBridgePublisher(client as never, 'bus-1').publish(events(1))).rejects.toThrow(/InternalFailure: try again/);
  });
});

describe('local publisher', () => {
  afterEach(() => setInProcessBus(undefined));

  it('hands entries to the in-process bus when the local cloud runs in this process', async () => {
    const got: PutEventsRequestEntry[] = [];
    setInProcessBus({ publish: (entries) => got.push(...entries) });

    await createLocalPublisher().publish(events(2));

    expect(got.map((e) => e.DetailType)).toEqual(['listing.updated', 'listing.updated']);
  });

  it('POSTs a PutEvents body to the given URL otherwise', async () => {
    const calls: Array<{ url: string; body: string }> = [];
    const fakeFetch = (async (url: string, init: RequestInit) => {
      calls.push({ url, body: String(init.body) });
      return new Response('{}', { status: 200 });
    }) as typeof fetch;

    await createLocalPublisher('http://localhost:1/_dev/events', fakeFetch).publish(events(1));

    expect(calls[0].url).toBe('http://localhost:1/_dev/events');
    expect(JSON.parse(calls[0].body).Entries[0]).toMatchObject({ Source: 'truckyard', DetailType: 'listing.updated' });
  });
});
