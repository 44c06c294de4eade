import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { sdkClientConfig } from '../sdk-config.js';

/**
 * One document client per execution environment, reused across warm invocations. Region,
 * credentials and endpoint come from the environment (locally AWS_ENDPOINT_URL_DYNAMODB points
 * at DynamoDB Local).
 */
export const ddb = DynamoDBDocumentClient.from(new DynamoDBClient(sdkClientConfig()), {
  marshallOptions: { removeUndefinedValues: true },
});
