import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeOrder } from '@/testing/order-fixtures';
import { findToast, jsonResponse, makeUser, renderApp, signIn, stubFetch } from '@/testing/render-app';

function stubOrderAnd(store: (body: unknown) => Response) {
  return stubFetch(({ url, method, body }) => {
    if (url === '/api/users/me') return jsonResponse(200, { message: '', data: makeUser() });
    if (url.startsWith('/api/product-order/show'))
      return jsonResponse(200, { message: '', data: makeOrder({ status: 'delivered' }) });
    if (url === '/api/notifications/unread-count') return jsonResponse(200, { message: '', data: { count: 0 } });
    if (method === 'POST' && url === '/api/support/cases') return store(body);
    return undefined;
  });
}

describe('Report a problem', () => {
  it('sends the order’s reference with the message and says the case number', async () => {
    signIn();
    const { calls } = stubOrderAnd(() =>
      jsonResponse(201, {
        message: 'We have received your report. Your case number is #7.',
        data: { id: 7, reference: 'ORD-41', status: 'open', created_at: '', updated_at: '', messages: [] },
      }),
    );
    const { user } = renderApp('/profile/orders?id=41');

    await user.click(await screen.findByRole('button', { name: 'Report a problem' }));
    const form = screen.getByRole('region', { name: 'Report a problem with ORD-41' });
    const message = within(form).getByLabelText('What went wrong?');
    expect(message).toHaveFocus();
    await user.type(message, 'Late');
    await user.click(within(form).getByRole('button', { name: 'Send' }));
    expect(message).toHaveAccessibleDescription('Tell us a little more: at least 10 characters.');
    expect(calls.filter(({ url }) => url === '/api/support/cases')).toHaveLength(0);

    await user.type(message, ' by three days, and only half came.');
    await user.click(within(form).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(/Thank you\. We have your report: case #7\./)).toHaveAttribute('role', 'status');
    expect(calls.find(({ url }) => url === '/api/support/cases')?.body).toEqual({
      reference: 'ORD-41',
      message: 'Late by three days, and only half came.',
    });
    expect(screen.getByRole('link', { name: 'See your reports' })).toHaveAttribute('href', '/help');
  });

  it('Cancel closes the form without sending; a refusal from the server shows under the message', async () => {
    signIn();
    const { calls } = stubOrderAnd(() =>
      jsonResponse(422, {
        message: 'The message may not be longer than 2000 characters.',
        errors: { message: ['The message may not be longer than 2000 characters.'] },
      }),
    );
    const { user } = renderApp('/profile/orders?id=41');
    await user.click(await screen.findByRole('button', { name: 'Report a problem' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByLabelText('What went wrong?')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Report a problem' }));
    const message = screen.getByLabelText('What went wrong?');
    await user.type(message, 'Something odd happened here');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await findToast('Error!', 'The message may not be longer than 2000 characters.');
    expect(message).toHaveAccessibleDescription('The message may not be longer than 2000 characters.');
    expect(calls.filter(({ url }) => url === '/api/support/cases')).toHaveLength(1);
  });
});
