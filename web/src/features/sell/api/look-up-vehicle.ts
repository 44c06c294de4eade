import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { VehicleLookupResult } from '@shared/schemas/vehicle-checks';

/** POST /api/vehicle-lookup — "Find my truck": the DVLA's record of a registration as the sell form's fields. */
const lookUpVehicle = (registration: string) =>
  apiRequest<VehicleLookupResult>('/vehicle-lookup', { method: 'POST', body: { registration } });

export function useLookUpVehicle() {
  return useMutation({ mutationFn: lookUpVehicle, retry: false });
}
