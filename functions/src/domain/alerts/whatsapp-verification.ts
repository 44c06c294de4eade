import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import {
  WHATSAPP_CODE_MAX_TRIES,
  WHATSAPP_CODE_RESEND_SECONDS,
  WHATSAPP_CODE_TTL_MINUTES,
  type WhatsAppVerificationView,
  type WhatsAppVerifyInput,
} from '../../../../shared/schemas/alerts.js';
import type { Caller } from '../caller.js';
import { DomainError, serviceUnavailable, unauthenticated, validationError } from '../errors.js';
import type { AlertsStore, WhatsAppCodeRecord } from './ports.js';
import { refreshSchedule, whatsappVerified } from './schedule.js';
import { WHATSAPP_ALERT_NOT_SENT_METRIC, type WhatsAppSender } from './send-alerts.js';

/** The WhatsApp authentication template the code goes out in (one body parameter: the code). */
const WHATSAPP_CODE_TEMPLATE = 'truckyard_verification_code';

export interface WhatsAppVerificationDeps {
  store: AlertsStore;
  whatsapp: WhatsAppSender | null;
  now: () => Date;
  metric: (name: string, properties: Record<string, unknown>) => void;
  /** Six random digits (tests may fix it). */
  newCode?: () => string;
}

const NO_PREFERENCES = 'Please complete your preferences first before verifying your WhatsApp number.';
const WHATSAPP_UNAVAILABLE = 'We cannot send WhatsApp messages right now. Please try again later, or keep e-mail alerts on.';

const requireUser = (caller: Caller) => {
  if (caller.kind !== 'user') throw unauthenticated('Please sign in to verify your WhatsApp number.');
  return caller;
};

const hashCode = (salt: string, code: string) => createHash('sha256').update(`${salt}:${code}`).digest('hex');

const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a, 'hex'), Buffer.from(b, 'hex'));

const view = (phone: string, verified: boolean, code: WhatsAppCodeRecord | null): WhatsAppVerificationView => ({
  phone,
  verified,
  codeExpiresAt: code ? code.validUntil : null,
  triesLeft: code ? Math.max(0, WHATSAPP_CODE_MAX_TRIES - code.tries) : null,
});

/**
 * POST /api/alert-preferences/whatsapp/code — sends a 6-digit code to the preferences' phone
 * through the WhatsApp sender, valid 10 minutes and 5 tries; only a salted hash of it is stored. A
 * new code replaces the old one, at most one a minute. Already verified: nothing is sent.
 */
export async function sendWhatsAppCode(deps: WhatsAppVerificationDeps, caller: Caller): Promise<WhatsAppVerificationView> {
  const user = requireUser(caller);
  const prefs = await deps.store.getPreferences(user.userId);
  if (!prefs) throw validationError(NO_PREFERENCES);
  if (whatsappVerified(prefs)) return view(prefs.phone, true, null);
  const now = deps.now();
  const earlier = await deps.store.getWhatsAppCode(user.userId);
  if (earlier && now.getTime() - Date.parse(earlier.sentAt) < WHATSAPP_CODE_RESEND_SECONDS * 1000)
    throw new DomainError('RATE_LIMITED', 'We have just sent you a code. Please wait a minute before asking for another.');
  if (!deps.whatsapp) {
    deps.metric(WHATSAPP_ALERT_NOT_SENT_METRIC, {
      level: 'ERROR',
      message: 'WhatsApp verification code not sent (not-configured)',
      reason: 'not-configured',
      kind: 'verification-code',
      userId: user.userId,
    });
    throw serviceUnavailable(WHATSAPP_UNAVAILABLE);
  }
  const code = deps.newCode?.() ?? String(randomInt(0, 1_000_000)).padStart(6, '0');
  const salt = randomBytes(16).toString('hex');
  const record: WhatsAppCodeRecord = {
    userId: user.userId,
    phone: prefs.phone,
    codeHash: hashCode(salt, code),
    salt,
    sentAt: now.toISOString(),
    validUntil: new Date(now.getTime() + WHATSAPP_CODE_TTL_MINUTES * 60_000).toISOString(),
    tries: 0,
  };
  await deps.store.putWhatsAppCode(record);
  try {
    await deps.whatsapp.sendTemplate(prefs.phone, WHATSAPP_CODE_TEMPLATE, [code]);
  } catch (err) {
    await deps.store.deleteWhatsAppCode(user.userId).catch(() => undefined);
    deps.metric(WHATSAPP_ALERT_NOT_SENT_METRIC, {
      level: 'ERROR',
      message: 'WhatsApp verification code not sent (send-failed)',
      reason: 'send-failed',
      kind: 'verification-code',
      userId: user.userId,
      error: (err instanceof Error ? err.message : String(err)).slice(0, 300),
    });
    throw serviceUnavailable(WHATSAPP_UNAVAILABLE);
  }
  return view(prefs.phone, false, record);
}

/**
 * POST /api/alert-preferences/whatsapp/verify — checks the code (each try counted atomically, 5 at
 * most, within 10 minutes). Right: the number is verified, WhatsApp alerts can go to it, and the
 * dashboard's WhatsApp warning is cleared.
 */
export async function verifyWhatsAppCode(
  deps: WhatsAppVerificationDeps,
  caller: Caller,
  input: WhatsAppVerifyInput,
): Promise<WhatsAppVerificationView> {
  const user = requireUser(caller);
  const prefs = await deps.store.getPreferences(user.userId);
  if (!prefs) throw validationError(NO_PREFERENCES);
  if (whatsappVerified(prefs)) return view(prefs.phone, true, null);
  const now = deps.now();
  const before = await deps.store.spendWhatsAppCodeTry(user.userId, WHATSAPP_CODE_MAX_TRIES, now.toISOString());
  if (!before) {
    const code = await deps.store.getWhatsAppCode(user.userId);
    const why = !code
      ? 'There is no code waiting for you. Please ask for a new code.'
      : code.validUntil <= now.toISOString()
        ? 'That code has expired. Please ask for a new code.'
        : 'Too many wrong codes. Please ask for a new code.';
    throw validationError(why, { fields: [{ path: 'code', message: why }] });
  }
  if (before.phone !== prefs.phone) {
    await deps.store.deleteWhatsAppCode(user.userId);
    const why = 'Your phone number changed after the code was sent. Please ask for a new code.';
    throw validationError(why, { fields: [{ path: 'code', message: why }] });
  }
  if (!sameHash(hashCode(before.salt, input.code.trim()), before.codeHash)) {
    const left = WHATSAPP_CODE_MAX_TRIES - before.tries - 1;
    const why =
      left > 0
        ? `That code is not right. ${left} ${left === 1 ? 'try' : 'tries'} left.`
        : 'That code is not right. Please ask for a new code.';
    throw validationError(why, { fields: [{ path: 'code', message: why }] });
  }
  await deps.store.deleteWhatsAppCode(user.userId);
  const verified = { ...prefs, whatsappVerifiedPhone: prefs.phone, updatedAt: now.toISOString() };
  await deps.store.putPreferences(verified);
  // The schedule carries a copy of the preferences: the alert jobs see the verified number at once.
  await refreshSchedule(deps.store, user.userId, now, {}, { preferences: verified });
  await deps.store.setWhatsAppProblem(user.userId, null);
  return view(prefs.phone, true, null);
}
