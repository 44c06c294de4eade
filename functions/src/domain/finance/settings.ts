import {
  EMPTY_FINANCE_SETTINGS,
  type FinanceSettings,
  type PublicFinanceSettings,
  type StoredFinanceSettings,
  financeSettingsSchema,
  publicFinanceSettings,
} from '../../../../shared/schemas/finance.js';
import { auditEntry } from '../admin/audit-entry.js';
import type { NewAuditEntry, Staff } from '../admin/ports.js';

/** Where the finance settings live. `put` writes the settings and their audit entry together. */
export interface FinanceSettingsStore {
  get(): Promise<StoredFinanceSettings | null>;
  put(settings: StoredFinanceSettings, audit: NewAuditEntry): Promise<void>;
}

export interface FinanceSettingsDeps {
  settings: FinanceSettingsStore;
  now: () => Date;
}

/** Admin › Finance settings: what is saved, or the defaults with the calculator off. */
export async function getFinanceSettings(deps: Pick<FinanceSettingsDeps, 'settings'>): Promise<StoredFinanceSettings> {
  return (await deps.settings.get()) ?? { ...EMPTY_FINANCE_SETTINGS, updatedAt: null };
}

/** Saves the whole form (validated again here), audited as an update of `finance-settings/finance`. */
export async function saveFinanceSettings(deps: FinanceSettingsDeps, staff: Staff, input: FinanceSettings): Promise<StoredFinanceSettings> {
  const parsed = financeSettingsSchema.parse(input);
  const stored: StoredFinanceSettings = { ...parsed, updatedAt: deps.now().toISOString() };
  await deps.settings.put(stored, auditEntry(staff, 'update', 'finance-settings', 'finance', { ...parsed }));
  return stored;
}

/** What the site shows: the settings, or null (no calculator, no card figures) until the FCA number and representative example are set. */
export async function readPublicFinanceSettings(deps: Pick<FinanceSettingsDeps, 'settings'>): Promise<PublicFinanceSettings> {
  return publicFinanceSettings(await deps.settings.get());
}
