import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Agent, Page } from '@ruwa/contract';
import { findToast, jsonResponse, makeUser, renderApp, signIn, stubFetch } from '@/testing/render-app';

const pageOf = <T,>(data: T[]): Page<T> => ({
  current_page: 1,
  last_page: 1,
  per_page: 15,
  total: data.length,
  prev_page_url: null,
  next_page_url: null,
  data,
});

const applicant: Agent = {
  id: 3,
  user_id: 7,
  business_name: 'Ada Water Ventures',
  business_email: 'sales@adawater.ng',
  business_phone: '+2348031234567',
  location_id: 1,
  location_name: 'Lekki',
  locations: [
    { id: 1, name: 'Lekki' },
    { id: 4, name: 'Yaba' },
  ],
  image: null,
  cac_number: null,
  sells_sachet_water: false,
  sells_bottle_water: false,
  sells_gas: false,
  sms_alerts: true,
  status: 'pending',
  decision_note: null,
  created_at: '2026-02-01T09:00:00.000Z',
};

describe('admin agents', () => {
  it('filters by status and approves an applicant with a note after confirming', async () => {
    signIn({ role: 'admin' });
    let agents = [applicant];
    const { calls } = stubFetch(({ method, url, body }) => {
      if (url === '/api/users/me') return jsonResponse(200, { message: '', data: makeUser({ role: 'admin' }) });
      if (url.startsWith('/api/agents/index')) {
        const status = new URL(url, 'http://x').searchParams.get('status');
        return jsonResponse(200, { message: '', data: pageOf(agents.filter((a) => !status || a.status === status)) });
      }
      if (method === 'POST' && url === '/api/agents/update-status') {
        const { status, note } = body as { status: Agent['status']; note?: string };
        agents = agents.map((a) => ({ ...a, status, decision_note: note ?? null }));
        return jsonResponse(200, { message: 'Agent status has been updated successfully', data: agents[0] });
      }
      return undefined;
    });
    const { user } = renderApp('/admin/agents');

    const table = await screen.findByRole('table', { name: 'Agents' });
    expect(await within(table).findByText('Ada Water Ventures')).toBeInTheDocument();
    expect(within(table).getByText('08031234567')).toBeInTheDocument();
    expect(within(table).getByText('Lekki, Yaba')).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Reject Ada Water Ventures' })).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Status'), 'Pending');
    await waitFor(() => expect(calls.some(({ url }) => url.includes('status=pending'))).toBe(true));
    await within(table).findByText('Ada Water Ventures');

    await user.click(within(table).getByRole('button', { name: 'Approve Ada Water Ventures' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Approve Ada Water Ventures?' });
    expect(within(dialog).getByText('sales@adawater.ng')).toBeInTheDocument();
    expect(within(dialog).getByText('Lekki, Yaba')).toBeInTheDocument();
    // The note is checked as the API checks it, at the field, before anything is sent.
    await user.click(within(dialog).getByLabelText('Note (optional)'));
    await user.paste('x'.repeat(501));
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await within(dialog).findByText('The note may be at most 500 characters.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Note (optional)')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some(({ url }) => url === '/api/agents/update-status')).toBe(false);
    await user.clear(within(dialog).getByLabelText('Note (optional)'));
    await user.paste('Welcome aboard');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));

    await findToast('Success', 'Agent status has been updated successfully');
    expect(calls.find(({ url }) => url === '/api/agents/update-status')?.body).toEqual({
      id: 3,
      status: 'approved',
      note: 'Welcome aboard',
    });
    // Approved agents are no longer pending.
    expect(await within(table).findByText('There is no data available for this table')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Status'), 'All');
    expect(await within(table).findByRole('button', { name: 'Suspend Ada Water Ventures' })).toBeInTheDocument();
  });
});
