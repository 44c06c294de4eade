import type { NewAuditEntry } from '../admin/ports.js';
import type { Page } from '../../../../shared/schemas/admin.js';
import type { DealerApplication, DealerDecision } from '../../../../shared/schemas/dealer.js';

/** Dealer applications and the profile's mirror of their state (adapters/dynamodb/dealer-applications-repo.ts). */
export interface DealerApplicationStore {
  /** Stores the application and marks the profile pending, together; false when one is pending or approved already. */
  submit(app: DealerApplication): Promise<boolean>;
  get(userId: string): Promise<DealerApplication | null>;
  /** Pending applications, oldest first. */
  listPending(cursor: string | undefined, limit: number): Promise<Page<DealerApplication>>;
  /** Decides a pending application (and the profile's mirror) together; null when it was not pending. */
  /** `audit`: the staff action's entry, stored in the decision's own transaction. */
  decide(userId: string, decision: DealerDecision, at: string, by: string, audit?: NewAuditEntry): Promise<DealerApplication | null>;
  /** Staff's live-listing limit for an approved dealer (null: the default); false when the user is not one. */
  setListingCap(userId: string, cap: number | null, at: string, audit?: NewAuditEntry): Promise<boolean>;
}
