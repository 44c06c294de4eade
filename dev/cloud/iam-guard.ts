/**
 * The local cloud's IAM check: every AWS SDK call a function makes is evaluated against the
 * statements its role has in the synthesized template (dev/cloud/iam-policy.ts), before the
 * request leaves the process. A call AWS would refuse fails here with an AccessDenied error shaped
 * like AWS's. Installed inside each function's worker (dev/cloud/worker.ts) by patching the SDK's
 * one `Client.prototype.send`, so every client the handler creates, DynamoDB's document client
 * included, goes through it.
 */
import { createRequire } from 'node:module';
import { accessDeniedError, checksFor, createEvaluator, type GuardIdentity, type Input } from './iam-policy.js';

const GUARDED = Symbol.for('truckyard.localIamGuard');

/** Patches the SDK so that every command is checked against `id`'s statements before it is sent. */
export function installIamGuard(id: GuardIdentity): void {
  const require = createRequire(import.meta.url);
  const { Client } = require('@smithy/core/client') as { Client: { prototype: { send: (...a: unknown[]) => unknown } } };
  const evaluate = createEvaluator(id);
  const originalSend = Client.prototype.send;
  if ((originalSend as unknown as Record<symbol, boolean>)[GUARDED]) return;
  const guard =
    (next: (args: { input: Input }) => Promise<unknown>, context: { clientName?: string; commandName?: string }) =>
    async (args: { input: Input }) => {
      const clientName = context.clientName ?? '';
      const checks = checksFor(clientName, context.commandName ?? '', args.input ?? {}, id.region);
      for (const check of checks) {
        if (!(await evaluate(check))) throw accessDeniedError(clientName.replace(/Client$/, '').replace(/Document$/, ''), check, id);
      }
      return next(args);
    };
  const send = function (this: { middlewareStack: { add: (...a: unknown[]) => void }; [GUARDED]?: boolean }, ...args: unknown[]) {
    if (!this[GUARDED]) {
      this.middlewareStack.add(guard, { step: 'initialize', name: 'localIamGuard', priority: 'high', override: true });
      this[GUARDED] = true;
    }
    return originalSend.apply(this, args);
  };
  (send as unknown as Record<symbol, boolean>)[GUARDED] = true;
  Client.prototype.send = send;
}
