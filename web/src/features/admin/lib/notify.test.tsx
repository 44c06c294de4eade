import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { dismissToast } from '@/lib/toast';
import { toastNow } from '@/testing/render';
import { notifyFailure } from './notify';
import { ADMIN_TEXTS } from './texts';

describe('admin error toasts (issue 24 §4)', () => {
  afterEach(() => dismissToast());
  vi.spyOn(console, 'error').mockImplementation(() => undefined);

  it("keep the spec's title and show the server's validation reason as the description", () => {
    // The API's answer to a promotion whose end date is before its start date (http/handler.ts parseWith).
    const err = new ApiError(400, 'VALIDATION', 'endDate: The end date is before the start date', {
      fields: [{ path: 'endDate', message: 'The end date is before the start date' }],
    });
    notifyFailure(ADMIN_TEXTS.savePromotion, err);
    expect(toastNow()).toMatchObject({
      title: 'Failed to save promotion',
      description: 'The end date is before the start date',
      variant: 'destructive',
    });
  });

  it("show another refusal's message, and no description for a server failure", () => {
    notifyFailure(ADMIN_TEXTS.savePromotion, new ApiError(409, 'CONFLICT', 'There is already a section about / intro'));
    expect(toastNow()?.description).toBe('There is already a section about / intro');
    notifyFailure(ADMIN_TEXTS.savePromotion, new ApiError(500, 'INTERNAL', 'Something went wrong on our side. Please try again.'));
    expect(toastNow()).toMatchObject({ title: 'Failed to save promotion', description: undefined });
  });
});
