import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminUser } from '@shared/schemas/admin';
import { stubApi } from '@/testing/api-stub';
import { renderScreen, signInAs, toastNow } from '@/testing/render';
import { UsersTab } from './users-tab';

const DEALER: AdminUser = {
  userId: 'u-dealer',
  email: 'dealer@example.test',
  fullName: 'Dan Dealer',
  companyName: 'Dan Haulage',
  phone: null,
  accountType: 'dealer',
  accountStatus: 'active',
  adminRole: null,
  dealerStatus: 'approved',
  listingCap: null,
  createdAt: '2026-11-01T10:00:00.000Z',
};
const EMPTY_LIST = { status: 200, body: { items: [], nextCursor: null } };

describe('UsersTab suspension', () => {
  it('shows the account suspended at once and its listings being hidden, until the job has finished', async () => {
    // Prepare: the list answers with what the server stores: hiding until the job clears it.
    signInAs({ groups: ['admins'] });
    let stored: AdminUser = DEALER;
    const api = stubApi({
      'GET /admin/dealer-applications': EMPTY_LIST,
      'GET /admin/users': () => ({ status: 200, body: { items: [stored], nextCursor: null } }),
      'PATCH /admin/users/u-dealer/status': () => {
        stored = { ...DEALER, accountStatus: 'suspended', listingsSync: 'hiding' };
        return { status: 202, body: stored };
      },
    });
    const { user } = renderScreen(<UsersTab isSuperAdmin={false} />);
    const row = await screen.findByTestId('admin-user-row');

    // Act
    await user.click(within(row).getByRole('button', { name: 'Suspend' }));

    // Assess
    await waitFor(() => expect(toastNow()).toMatchObject({ description: 'User suspended successfully' }));
    expect(api.sent('PATCH /admin/users/u-dealer/status')[0].body).toEqual({ status: 'suspended' });
    expect(await within(row).findByText('Hiding listings…')).toBeTruthy();
    expect(within(row).getByRole('status').textContent).toMatch(/Sign-in is disabled\. Their listings are being taken off the site/);
    expect(within(row).getByRole('button', { name: 'Activate' })).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Resume' })).toBeTruthy();

    // Act: the job finishes; the tab reads the list again by itself while a row shows a job.
    const { listingsSync: _done, ...finished } = stored;
    stored = finished;

    // Assess
    await waitFor(() => expect(within(row).queryByText('Hiding listings…')).toBeNull(), { timeout: 8000 });
    expect(within(row).queryByRole('button', { name: 'Resume' })).toBeNull();
  });

  it('Resume sends the status the account already has, which queues its unfinished job again', async () => {
    // Prepare
    signInAs({ groups: ['admins'] });
    const syncing: AdminUser = { ...DEALER, accountStatus: 'suspended', listingsSync: 'hiding' };
    const api = stubApi({
      'GET /admin/dealer-applications': EMPTY_LIST,
      'GET /admin/users': { status: 200, body: { items: [syncing], nextCursor: null } },
      'PATCH /admin/users/u-dealer/status': { status: 202, body: syncing },
    });
    const { user } = renderScreen(<UsersTab isSuperAdmin={false} />);
    const row = await screen.findByTestId('admin-user-row');

    // Act
    await user.click(within(row).getByRole('button', { name: 'Resume' }));

    // Assess
    await waitFor(() => expect(toastNow()).toMatchObject({ description: 'Listings job queued again' }));
    expect(api.sent('PATCH /admin/users/u-dealer/status').map((r) => r.body)).toEqual([{ status: 'suspended' }]);
  });

  it('shows no job and no Resume on a row whose listings follow the account', async () => {
    signInAs({ groups: ['admins'] });
    stubApi({
      'GET /admin/dealer-applications': EMPTY_LIST,
      'GET /admin/users': { status: 200, body: { items: [{ ...DEALER, accountStatus: 'suspended' }], nextCursor: null } },
    });
    renderScreen(<UsersTab isSuperAdmin={false} />);
    const row = await screen.findByTestId('admin-user-row');
    expect(within(row).queryByRole('status')).toBeNull();
    expect(within(row).queryByRole('button', { name: 'Resume' })).toBeNull();
  });
});
