import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SupportCase, SupportContacts } from '@ruwa/contract';
import {
  findToast,
  jsonResponse,
  makeUser,
  renderApp,
  signIn,
  stubFetch,
  type RecordedRequest,
} from '@/testing/render-app';

function stubHelp(
  contacts: SupportContacts,
  cases: SupportCase[],
  extra: (request: RecordedRequest) => Response | undefined = () => undefined,
) {
  return stubFetch((request) => {
    const answer = extra(request);
    if (answer) return answer;
    const { url } = request;
    if (url === '/api/users/me') return jsonResponse(200, { message: '', data: makeUser() });
    if (url === '/api/notifications/unread-count') return jsonResponse(200, { message: '', data: { count: 0 } });
    if (url === '/api/support/contacts') return jsonResponse(200, { message: '', data: contacts });
    if (url.startsWith('/api/support/cases'))
      return jsonResponse(200, {
        message: '',
        data: {
          current_page: 1,
          last_page: 1,
          per_page: 15,
          total: cases.length,
          prev_page_url: null,
          next_page_url: null,
          data: cases,
        },
      });
    return undefined;
  });
}

const answered: SupportCase = {
  id: 12,
  reference: 'VTU-31',
  status: 'waiting_on_customer',
  created_at: '2026-01-15T12:00:00.000Z',
  updated_at: '2026-01-15T13:00:00.000Z',
  messages: [
    { id: 1, from: 'customer', body: 'The airtime never arrived.', created_at: '2026-01-15T12:00:00.000Z' },
    { id: 2, from: 'support', body: 'The network delivered it at 1 pm.', created_at: '2026-01-15T13:00:00.000Z' },
  ],
};

describe('Help', () => {
  it('calls, WhatsApps or e-mails the business and lists the customer’s cases with the replies', async () => {
    signIn();
    stubHelp({ phone: '+2348031234567', whatsapp: '+2348091234567', email: 'help@ruwa.ng' }, [answered]);
    renderApp('/help');
    expect(await screen.findByRole('link', { name: 'Call 08031234567' })).toHaveAttribute('href', 'tel:+2348031234567');
    expect(screen.getByRole('link', { name: 'WhatsApp 08091234567' })).toHaveAttribute(
      'href',
      'https://wa.me/2348091234567',
    );
    expect(screen.getByRole('link', { name: 'E-mail help@ruwa.ng' })).toHaveAttribute('href', 'mailto:help@ruwa.ng');

    const item = await screen.findByRole('article', { name: 'Case #12 · VTU-31' });
    expect(item).toHaveTextContent('Waiting on you');
    expect(within(item).getByText('The airtime never arrived.')).toBeInTheDocument();
    expect(within(item).getByText('The network delivered it at 1 pm.')).toBeInTheDocument();
    expect(item).toHaveTextContent('Ruwa support');
  });

  it('answers the team on a case waiting on the customer', async () => {
    signIn();
    const { calls } = stubHelp({ phone: null, whatsapp: null, email: null }, [answered], ({ url, method }) =>
      method === 'POST' && url === '/api/support/cases/reply'
        ? jsonResponse(200, { message: 'Your message has been sent', data: { ...answered, status: 'open' } })
        : undefined,
    );
    const { user } = renderApp('/help');
    const item = await screen.findByRole('article', { name: 'Case #12 · VTU-31' });
    await user.type(within(item).getByLabelText('Your answer'), 'I checked again: it is there now.');
    await user.click(within(item).getByRole('button', { name: 'Send answer' }));
    await findToast('Success', 'Your message has been sent');
    expect(calls.find(({ url }) => url === '/api/support/cases/reply')?.body).toEqual({
      id: 12,
      message: 'I checked again: it is there now.',
    });
  });

  it('says so when the business has set no contacts and nothing was reported', async () => {
    signIn();
    stubHelp({ phone: null, whatsapp: null, email: null }, []);
    renderApp('/help');
    expect(await screen.findByText(/Our support contacts are not available yet/)).toBeInTheDocument();
    expect(await screen.findByText(/You have not reported a problem/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Call/ })).not.toBeInTheDocument();
  });

  it('is linked from the profile', async () => {
    signIn();
    stubHelp({ phone: null, whatsapp: null, email: null }, []);
    renderApp('/profile');
    expect(await screen.findByRole('link', { name: 'Help' })).toHaveAttribute('href', '/help');
  });
});
