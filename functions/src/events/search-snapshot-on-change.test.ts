import { describe, expect, it } from 'vitest';
import { changedAtMs } from './search-snapshot-on-change.js';

describe('search snapshot trigger: when the table changed', () => {
  it('takes the latest record of a DynamoDB Streams batch (AWS)', () => {
    // Prepare
    const batch = {
      Records: [{ dynamodb: { ApproximateCreationDateTime: 1_800_000_000 } }, { dynamodb: { ApproximateCreationDateTime: 1_800_000_042 } }],
    };
    // Act
    const at = changedAtMs(batch, 0);
    // Assess
    expect(at).toBe(1_800_000_042_000);
  });

  it("takes a bus event's time (locally), and now when the trigger says nothing", () => {
    // Prepare
    const event = { time: '2026-11-23T21:00:05Z' };
    // Act
    const fromEvent = changedAtMs(event, 7);
    const fromNothing = changedAtMs({}, 7);
    // Assess
    expect(fromEvent).toBe(Date.parse('2026-11-23T21:00:05Z'));
    expect(fromNothing).toBe(7);
  });
});
