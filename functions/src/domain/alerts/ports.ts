import type {
  AlertFrequency,
  AlertPreferences,
  SubscriptionStatus,
  SubscriptionTier,
  TierId,
  WhatsAppProblem,
} from '../../../../shared/schemas/alerts.js';

/** A user's subscription as we hold it: a copy of the payment provider's current state. */
export interface SubscriptionRecord {
  userId: string;
  customerId: string;
  subscriptionId: string;
  status: SubscriptionStatus;
  tier: TierId;
  priceAmount: number;
  priceId: string;
  currentPeriodEnd: string;
  cancelAtPeriodEnd: boolean;
  updatedAt: string;
}

/**
 * A user's alert schedule (spec §3 alert_schedules), carrying a copy of what matching needs so the
 * alert jobs read one index instead of three items per user. `listed` is true when the user should
 * get alerts now (paid, active, at least one channel): only then is it on the frequency index.
 */
export interface AlertSchedule {
  userId: string;
  /** False after an unsubscribe link or 'Pause alerts'. */
  isActive: boolean;
  emailEnabled: boolean;
  whatsappEnabled: boolean;
  /** The cadence in use: the preference capped by the plan. */
  frequency: AlertFrequency;
  tier: TierId | null;
  paid: boolean;
  preferences: AlertPreferences;
  /** Until when the last digest covered new listings (ISO). */
  lastDigestAt: string | null;
  /** The last WhatsApp alert that could not be sent, for the dashboard's warning; null once one goes. */
  whatsappProblem?: WhatsAppProblem | null;
  updatedAt: string;
}

/** An outstanding WhatsApp verification code: only its salted hash is kept (issue 23). */
export interface WhatsAppCodeRecord {
  userId: string;
  /** The E.164 number the code was sent to. */
  phone: string;
  /** hex SHA-256 of salt + code. */
  codeHash: string;
  salt: string;
  sentAt: string;
  /** When the code stops working (ISO); not the item's TTL attribute. */
  validUntil: string;
  /** Wrong or right tries made so far. */
  tries: number;
}

/** A (user, listing) alert already sent, or held back as part of a flood to go out as one message. */
export interface AlertSent {
  userId: string;
  listingId: string;
  sentAt: string;
  /** The price when the user was told, for price-drop alerts. */
  price: number;
  /** Held for the next flood message (platinum, more than 3 within 10 minutes). */
  pending: boolean;
}

export interface AlertsStore {
  getPreferences(userId: string): Promise<AlertPreferences | null>;
  putPreferences(prefs: AlertPreferences): Promise<void>;
  getSubscription(userId: string): Promise<SubscriptionRecord | null>;
  putSubscription(sub: SubscriptionRecord): Promise<void>;
  getCustomerId(userId: string): Promise<string | null>;
  /** Stores the user's payment-provider customer id once; returns the id that is stored (an earlier one wins). */
  putCustomerId(userId: string, customerId: string): Promise<string>;
  userIdForCustomer(customerId: string): Promise<string | null>;
  getSchedule(userId: string): Promise<AlertSchedule | null>;
  putSchedule(schedule: AlertSchedule): Promise<void>;
  /** Schedules on the index for a cadence (paid, active), every page. */
  listDueSchedules(frequency: AlertFrequency): Promise<AlertSchedule[]>;
  /** Just the user ids on that index (the digest jobs fan these out). */
  listDueUserIds(frequency: AlertFrequency): Promise<string[]>;
  /** Moves only the digest cursor, leaving the rest of the schedule as it is. */
  setLastDigestAt(userId: string, at: string): Promise<void>;
  /** Sets is_active (unsubscribe links): the rest of the schedule stays; false when there is no schedule. */
  setScheduleActive(userId: string, isActive: boolean): Promise<boolean>;
  /** Conditional write: true when this (user, listing) was not recorded before. */
  claimAlert(entry: AlertSent): Promise<boolean>;
  releaseAlert(userId: string, listingId: string): Promise<void>;
  markAlertsSent(userId: string, listingIds: string[], at: string): Promise<void>;
  pendingAlerts(userId: string): Promise<AlertSent[]>;
  usersWithPendingAlerts(): Promise<string[]>;
  /** Alerts sent to a user at or after `sinceIso` (flood control). */
  countAlertsSince(userId: string, sinceIso: string): Promise<number>;
  /** Who was alerted about a listing (price drops). */
  alertsForListing(listingId: string): Promise<AlertSent[]>;
  /** Conditional write keyed by an arbitrary marker (price-drop de-duplication): true the first time. */
  claimMarker(userId: string, marker: string): Promise<boolean>;
  listTiers(): Promise<SubscriptionTier[]>;
  /** Marks claimed (user, listing) alerts whose WhatsApp message did not go (they stay sent by e-mail). */
  markWhatsAppUndelivered(userId: string, listingIds: string[], at: string): Promise<void>;
  /** Sets or clears the schedule's WhatsApp problem, leaving the rest as it is (no-op without a schedule). */
  setWhatsAppProblem(userId: string, problem: WhatsAppProblem | null): Promise<void>;
  getWhatsAppCode(userId: string): Promise<WhatsAppCodeRecord | null>;
  /** Replaces any earlier code; the item expires (TTL) after its validity. */
  putWhatsAppCode(record: WhatsAppCodeRecord): Promise<void>;
  /**
   * Counts one try atomically, only while fewer than `maxTries` were made and the code has not
   * expired; returns the record as it was before the try, or null when no try is left.
   */
  spendWhatsAppCodeTry(userId: string, maxTries: number, nowIso: string): Promise<WhatsAppCodeRecord | null>;
  deleteWhatsAppCode(userId: string): Promise<void>;
}
