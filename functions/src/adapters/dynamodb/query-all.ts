import { type DynamoDBDocumentClient, type QueryCommandInput, paginateQuery } from '@aws-sdk/lib-dynamodb';

/** Every item a query matches, following LastEvaluatedKey with the SDK's paginator. */
export async function queryAll(ddb: DynamoDBDocumentClient, input: QueryCommandInput): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  for await (const page of paginateQuery({ client: ddb }, input)) items.push(...(page.Items ?? []));
  return items;
}
