import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import type { VehicleChecks } from '@shared/schemas/vehicle-checks';

/** GET /api/listings/{id}/vehicle-checks — the panel's records and verdict; null before they are read. */
const getVehicleChecks = (id: string, signal?: AbortSignal) =>
  apiGet<{ checks: VehicleChecks | null }>(`/listings/${encodeURIComponent(id)}/vehicle-checks`, undefined, signal);

export function useVehicleChecks(id: string, enabled: boolean) {
  return useQuery({
    queryKey: ['listings', 'vehicle-checks', id],
    queryFn: ({ signal }) => getVehicleChecks(id, signal),
    staleTime: 5 * 60_000,
    enabled,
  });
}
