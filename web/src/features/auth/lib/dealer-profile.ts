import { updateMe } from '../api/update-me';

/**
 * What a dealer typed at registration, kept until their first sign-in: the profile API needs a
 * signed-in caller, and the e-mail must be verified before anyone can sign in.
 * The account type itself travels as client metadata on sign-up and confirmation, where the
 * post-confirmation trigger reads it (PATCH /api/me does not accept accountType).
 */
export interface PendingDealerProfile {
  email: string;
  fullName: string;
  companyName: string;
  phone: string;
}

const KEY = 'truckyard.pendingDealerProfile';

export function rememberDealerProfile(profile: PendingDealerProfile) {
  try {
    localStorage.setItem(KEY, JSON.stringify(profile));
  } catch {
    // Private mode: the company can still be added later.
  }
}

function readPending(): PendingDealerProfile | null {
  try {
    const raw = localStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as PendingDealerProfile) : null;
  } catch {
    return null;
  }
}

/** After a sign-in: saves the dealer's company, name and phone once, if this is the account that registered. */
export async function applyPendingDealerProfile(signedInEmail: string | null): Promise<void> {
  const pending = readPending();
  if (!pending || !signedInEmail || pending.email.toLowerCase() !== signedInEmail.toLowerCase()) return;
  try {
    await updateMe({
      fullName: pending.fullName || undefined,
      companyName: pending.companyName || null,
      phone: pending.phone || null,
    });
    localStorage.removeItem(KEY);
  } catch (err) {
    console.error('Could not save the dealer profile', err);
  }
}

/** The client metadata sign-up and confirmation send for a dealer. */
export const dealerClientMetadata = (p: Omit<PendingDealerProfile, 'email'>): Record<string, string> => ({
  accountType: 'dealer',
  fullName: p.fullName,
  companyName: p.companyName,
  phone: p.phone,
});
