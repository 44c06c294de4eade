import { apiRequest } from '@/lib/api-client';
import type { Profile, UpdateProfileInput } from '@shared/schemas/profile';

/** PATCH /api/me — name, company and phone of the signed-in account. */
export function updateMe(changes: UpdateProfileInput): Promise<Profile> {
  return apiRequest<Profile>('/me', { method: 'PATCH', body: changes });
}
