import { useMutation } from '@tanstack/react-query';
import type { AccountDataExport } from '@shared/schemas/account';
import { apiGet } from '@/lib/api-client';

/** GET /api/me/export — everything TruckYard holds about the signed-in user (UK GDPR right of access). */
const exportMyData = () => apiGet<AccountDataExport>('/me/export');

/** Saves the export as a JSON file; the request carries the bearer token, so a plain link cannot. */
function saveAsFile(data: AccountDataExport) {
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `truckyard-data-${data.exportedAt.slice(0, 10)}.json`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function useExportMyData() {
  return useMutation({ mutationFn: exportMyData, onSuccess: saveAsFile });
}
