import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { AnalyticsSource } from '../../domain/admin/ports.js';
import { readCounters, readDailyCounters } from './counters.js';

// Pattern 35.
export function analyticsSource(ddb: DynamoDBDocumentClient, tableName: string): AnalyticsSource {
  return {
    counters: (names) => readCounters(ddb, tableName, names),
    daily: (prefix, from, to) => readDailyCounters(ddb, tableName, prefix, from, to),
  };
}
