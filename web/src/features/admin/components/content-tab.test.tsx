import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type PageContent, pageContentInputSchema } from '@shared/schemas/admin';
import { type SentRequest, heldAnswer, refusedBy, stubApi } from '@/testing/api-stub';
import { renderScreen, signInAs, toastNow } from '@/testing/render';
import { ContentTab } from './content-tab';

const SECTION: PageContent = {
  id: 'c-1',
  pageSlug: 'about',
  sectionKey: 'intro',
  title: 'Who we are',
  content: 'TruckYard lists used HGVs.',
  isActive: true,
  updatedAt: '2026-11-20T10:00:00.000Z',
};

/** The API's content routes: the shared schema decides, as parseWith does on the server. */
const saved = (req: SentRequest) =>
  refusedBy(pageContentInputSchema, req.body) ?? { status: 200, body: { ...SECTION, ...(req.body as object) } };

describe('ContentTab form', () => {
  it('shows the API’s validation message (from the shared schema) when the slug is blank, and keeps the form open', async () => {
    // Prepare
    signInAs({ groups: ['admins'] });
    const api = stubApi({ 'GET /admin/content': { status: 200, body: { items: [], nextCursor: null } }, 'POST /admin/content': saved });
    const { user } = renderScreen(<ContentTab />);
    await user.click(await screen.findByRole('button', { name: 'New section' }));
    const form = screen.getByRole('form', { name: 'New section' });
    await user.type(within(form).getByLabelText('Section key'), 'intro');

    // Act
    await user.click(within(form).getByRole('button', { name: 'Save section' }));

    // Assess
    await waitFor(() =>
      expect(toastNow()).toEqual({ title: 'Failed to save content', description: 'Page slug is required', variant: 'destructive' }),
    );
    expect(api.sent('POST /admin/content')).toHaveLength(1);
    expect(screen.getByRole('form', { name: 'New section' })).toBeTruthy();
  });

  it('sends the new section, disables Save while it is sent, then closes the form', async () => {
    // Prepare
    signInAs({ groups: ['admins'] });
    const held = heldAnswer({ status: 201, body: SECTION });
    const api = stubApi({
      'GET /admin/content': { status: 200, body: { items: [], nextCursor: null } },
      'POST /admin/content': held.responder,
    });
    const { user } = renderScreen(<ContentTab />);
    await user.click(await screen.findByRole('button', { name: 'New section' }));
    const form = screen.getByRole('form', { name: 'New section' });
    await user.type(within(form).getByLabelText('Page slug'), 'about');
    await user.type(within(form).getByLabelText('Section key'), 'intro');
    await user.type(within(form).getByLabelText('Content'), 'TruckYard lists used HGVs.');
    await user.click(within(form).getByLabelText('Active'));

    // Act
    await user.click(within(form).getByRole('button', { name: 'Save section' }));

    // Assess
    await waitFor(() => expect(within(form).getByRole('button', { name: 'Save section' }).hasAttribute('disabled')).toBe(true));
    const [sent] = api.sent('POST /admin/content');
    expect(sent.headers.authorization).toBe('Bearer test-token');
    expect(sent.body).toEqual({
      pageSlug: 'about',
      sectionKey: 'intro',
      title: null,
      content: 'TruckYard lists used HGVs.',
      isActive: false,
    });
    expect(pageContentInputSchema.safeParse(sent.body).success).toBe(true);
    held.release();
    await waitFor(() => expect(screen.queryByRole('form', { name: 'New section' })).toBeNull());
    expect(toastNow()).toEqual({ title: 'Success', description: 'Content created successfully', variant: 'success' });
  });

  it('edits a section in place with PUT to its id', async () => {
    // Prepare
    signInAs({ groups: ['admins'] });
    const api = stubApi({
      'GET /admin/content': { status: 200, body: { items: [SECTION], nextCursor: null } },
      'PUT /admin/content/c-1': saved,
    });
    const { user } = renderScreen(<ContentTab />);
    const row = await screen.findByTestId('content-row');
    await user.click(within(row).getByRole('button', { name: 'Edit' }));
    const form = screen.getByRole('form', { name: 'Edit section' });
    const title = within(form).getByLabelText('Title');
    await user.clear(title);
    await user.type(title, 'About TruckYard');

    // Act
    await user.click(within(form).getByRole('button', { name: 'Save section' }));

    // Assess
    await waitFor(() => expect(api.sent('PUT /admin/content/c-1')).toHaveLength(1));
    expect(api.sent('PUT /admin/content/c-1')[0].body).toEqual({
      pageSlug: 'about',
      sectionKey: 'intro',
      title: 'About TruckYard',
      content: 'TruckYard lists used HGVs.',
      isActive: true,
    });
    await waitFor(() => expect(toastNow()?.description).toBe('Content updated successfully'));
  });
});
