import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type Promotion, promotionInputSchema } from '@shared/schemas/admin';
import { type SentRequest, heldAnswer, refusedBy, stubApi } from '@/testing/api-stub';
import { renderScreen, signInAs, toastNow } from '@/testing/render';
import { PromotionsTab } from './promotions-tab';
/** The rule's message, stated here rather than imported, so a change to it fails this test. */
const LINK_URL_MESSAGE = 'Links must start with http://, https:// or a single /';

const PROMOTION: Promotion = {
  id: 'p-1',
  title: 'Winter finance',
  content: '0% for 12 months',
  imageUrl: null,
  linkUrl: null,
  position: 'hero',
  isActive: true,
  startDate: null,
  endDate: null,
  createdAt: '2026-11-20T10:00:00.000Z',
};

const saved = (req: SentRequest) =>
  refusedBy(promotionInputSchema, req.body) ?? { status: 201, body: { ...PROMOTION, ...(req.body as object) } };
const EMPTY_LIST = { status: 200, body: { items: [], nextCursor: null } };

async function openNew(user: ReturnType<typeof renderScreen>['user']) {
  await user.click(await screen.findByRole('button', { name: 'New promotion' }));
  return screen.getByRole('form', { name: 'New promotion' });
}

describe('PromotionsTab form', () => {
  it.each([
    ['a link that is not http(s)', { link: 'javascript:alert(1)' }, LINK_URL_MESSAGE],
    ['an end date before the start date', { start: '2026-12-10', end: '2026-12-01' }, 'The end date is before the start date'],
    ['no title', { title: '' }, 'Title is required'],
  ])(
    'shows the shared schema’s message for %s',
    async (_case, input: { title?: string; link?: string; start?: string; end?: string }, message) => {
      // Prepare
      signInAs({ groups: ['admins'] });
      stubApi({ 'GET /admin/promotions': EMPTY_LIST, 'POST /admin/promotions': saved });
      const { user } = renderScreen(<PromotionsTab />);
      const form = await openNew(user);
      if (input.title !== '') await user.type(within(form).getByLabelText('Title'), input.title ?? 'Winter finance');
      if (input.link) await user.type(within(form).getByLabelText(/^Link/), input.link);
      if (input.start) await user.type(within(form).getByLabelText(/^Start date/), input.start);
      if (input.end) await user.type(within(form).getByLabelText(/^End date/), input.end);

      // Act
      await user.click(within(form).getByRole('button', { name: 'Save promotion' }));

      // Assess
      await waitFor(() => expect(toastNow()).toEqual({ title: 'Failed to save promotion', description: message, variant: 'destructive' }));
      expect(screen.getByRole('form', { name: 'New promotion' })).toBeTruthy();
    },
  );

  it('sends the promotion as typed, disables Save while it is sent, then closes the form', async () => {
    // Prepare
    signInAs({ groups: ['admins'] });
    const held = heldAnswer({ status: 201, body: PROMOTION });
    const api = stubApi({ 'GET /admin/promotions': EMPTY_LIST, 'POST /admin/promotions': held.responder });
    const { user } = renderScreen(<PromotionsTab />);
    const form = await openNew(user);
    await user.type(within(form).getByLabelText('Title'), 'Winter finance');
    await user.selectOptions(within(form).getByLabelText('Position'), 'sidebar');
    await user.type(within(form).getByLabelText('Content'), '0% for 12 months');
    await user.type(within(form).getByLabelText(/^Link/), 'https://finance.example.co.uk/');
    await user.type(within(form).getByLabelText(/^Start date/), '2026-12-01');
    await user.type(within(form).getByLabelText(/^End date/), '2026-12-31');

    // Act
    await user.click(within(form).getByRole('button', { name: 'Save promotion' }));

    // Assess
    await waitFor(() => expect(within(form).getByRole('button', { name: 'Save promotion' }).hasAttribute('disabled')).toBe(true));
    const [sent] = api.sent('POST /admin/promotions');
    expect(sent.body).toEqual({
      title: 'Winter finance',
      content: '0% for 12 months',
      imageUrl: '',
      linkUrl: 'https://finance.example.co.uk/',
      position: 'sidebar',
      isActive: true,
      startDate: '2026-12-01',
      endDate: '2026-12-31',
    });
    expect(promotionInputSchema.safeParse(sent.body).success).toBe(true);
    held.release();
    await waitFor(() => expect(screen.queryByRole('form', { name: 'New promotion' })).toBeNull());
    expect(toastNow()?.description).toBe('Promotion created successfully');
  });
});
