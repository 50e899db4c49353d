import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Settings } from '@ruwa/contract';
import {
  findToast,
  jsonResponse,
  makeUser,
  renderApp,
  signIn,
  stubFetch,
  type RecordedRequest,
} from '@/testing/render-app';

const saved: Settings = {
  referral: { percent: 1, cap: 100 },
  raffle: {
    min_purchase: 100,
    expiry: 'end_of_month',
    expiry_days: 30,
    one_win_per_month: true,
    prize: '',
    next_draw: '2026-11-30',
  },
  commission: { sachet_water: 5, bottle_water: 5, gas: 3 },
  alerts: { unaccepted_order_minutes: 15, on_duty_admin_ids: [] },
  withdrawals: { new_account_hold_above: 20_000, approval_above: 500_000, hold_name_mismatch: false },
  adjustments: { credit_approval_above: 100_000 },
  funding: { transfer_fee_bearer: 'platform' },
  support: { phone: '', whatsapp: '', email: '' },
};

const admins = [
  { id: 1, first_name: 'Ada', last_name: 'Obi', email: 'ada@ruwa.local', phone_number: '+2348031234567' },
  { id: 7, first_name: 'Musa', last_name: 'Bello', email: 'musa@ruwa.local', phone_number: '+2348039876543' },
];

type Stub = (request: RecordedRequest) => Response | undefined;

function stubAdmin(extra: Stub = () => undefined) {
  signIn({ role: 'admin' });
  return stubFetch((request) => {
    const answer = extra(request);
    if (answer) return answer;
    if (request.url === '/api/users/me') return jsonResponse(200, { message: '', data: makeUser({ role: 'admin' }) });
    if (request.url === '/api/admin/settings') return jsonResponse(200, { message: '', data: saved });
    if (request.url === '/api/admin/admins') return jsonResponse(200, { message: '', data: admins });
    if (request.url === '/api/auth/two-factor')
      return jsonResponse(200, { message: '', data: { enabled: false, recovery_codes_left: 0 } });
    return undefined;
  });
}

const updates = (calls: RecordedRequest[]) => calls.filter(({ url }) => url === '/api/admin/settings/update');

describe('admin settings', () => {
  it('checks every value before sending, then sends only what changed, as numbers', async () => {
    const { calls } = stubAdmin(({ url, body }) => {
      if (url !== '/api/admin/settings/update') return undefined;
      const update = body as { referral: Settings['referral']; raffle: Partial<Settings['raffle']> };
      return jsonResponse(200, {
        message: 'Settings have been updated successfully',
        data: {
          ...saved,
          referral: { ...saved.referral, ...update.referral },
          raffle: { ...saved.raffle, ...update.raffle },
        },
      });
    });
    const { user } = renderApp('/admin/setting');
    const form = await screen.findByRole('form', { name: 'Settings' });
    // The commission's basis is said where its rate is set.
    expect(
      within(form).getByText(/A percentage of what the customer paid for the order, its delivery fee included/),
    ).toBeInTheDocument();
    const percent = within(form).getByLabelText('Referral percent (%)');
    const cap = within(form).getByLabelText('Referral cap (₦)');
    expect(percent).toHaveValue('1');
    expect(within(form).queryByLabelText('Days until expiry')).not.toBeInTheDocument();

    await user.clear(percent);
    await user.type(percent, '150');
    await user.clear(cap);
    await user.selectOptions(within(form).getByLabelText('Tickets expire'), 'days');
    const days = within(form).getByLabelText('Days until expiry');
    await user.clear(days);
    await user.type(days, '2.5');
    await user.click(within(form).getByRole('button', { name: 'Save settings' }));

    expect(percent).toHaveAccessibleDescription('The referral percent may not be more than 100.');
    expect(cap).toHaveAccessibleDescription('Enter the referral cap.');
    expect(days).toHaveAccessibleDescription('The number of days must be a whole number.');
    expect(updates(calls)).toHaveLength(0);

    await user.clear(percent);
    await user.type(percent, '2.5');
    await user.type(cap, '250');
    await user.clear(days);
    await user.type(days, '14');
    await user.click(within(form).getByRole('button', { name: 'Save settings' }));

    await findToast('Success', 'Settings have been updated successfully');
    expect(updates(calls).map(({ body }) => body)).toEqual([
      { referral: { percent: 2.5, cap: 250 }, raffle: { expiry: 'days', expiry_days: 14 } },
    ]);
  });

  it('chooses the admins on duty for order alerts among the admins, every admin while none is chosen', async () => {
    const { calls } = stubAdmin(({ url, body }) =>
      url === '/api/admin/settings/update'
        ? jsonResponse(200, {
            message: 'Settings have been updated successfully',
            data: { ...saved, alerts: { ...saved.alerts, ...(body as { alerts: Settings['alerts'] }).alerts } },
          })
        : undefined,
    );
    const { user } = renderApp('/admin/setting');
    const onDuty = await screen.findByRole('group', { name: 'Admins on duty' });
    expect(onDuty).toHaveAccessibleDescription(
      'They are texted and e-mailed about an unaccepted order. With nobody on duty, every admin is.',
    );
    const musa = await within(onDuty).findByRole('switch', { name: 'Musa Bello' });
    expect(musa).toHaveAccessibleDescription('08039876543 · musa@ruwa.local');
    expect(within(onDuty).getByText('Nobody is chosen: every admin is on duty.')).toBeInTheDocument();
    await user.click(musa);
    expect(musa).toBeChecked();
    expect(within(onDuty).queryByText('Nobody is chosen: every admin is on duty.')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await findToast('Success', 'Settings have been updated successfully');
    expect(updates(calls).map(({ body }) => body)).toEqual([{ alerts: { on_duty_admin_ids: [7] } }]);
    expect(within(onDuty).getByRole('switch', { name: 'Musa Bello' })).toBeChecked();

    // Saving again with the same choice sends nothing.
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Nothing has changed.')).toBeInTheDocument();
  });

  it('sets the amount above which withdrawals to a new bank account are held, refusing a negative one', async () => {
    const { calls } = stubAdmin(({ url, body }) =>
      url === '/api/admin/settings/update'
        ? jsonResponse(200, {
            message: 'Settings have been updated successfully',
            data: {
              ...saved,
              withdrawals: { ...saved.withdrawals, ...(body as { withdrawals: Settings['withdrawals'] }).withdrawals },
            },
          })
        : undefined,
    );
    const { user } = renderApp('/admin/setting');
    const amount = await screen.findByLabelText('Hold withdrawals above (₦)');
    expect(amount).toHaveValue('20000');
    await user.clear(amount);
    await user.type(amount, '-5');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(amount).toHaveAccessibleDescription('The amount held for new bank accounts may not be negative.');
    expect(updates(calls)).toHaveLength(0);

    await user.clear(amount);
    await user.type(amount, '50000');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await findToast('Success', 'Settings have been updated successfully');
    expect(updates(calls).map(({ body }) => body)).toEqual([{ withdrawals: { new_account_hold_above: 50_000 } }]);
  });

  it('sets which withdrawals and support credits wait for an admin’s approval', async () => {
    const { calls } = stubAdmin(({ url }) =>
      url === '/api/admin/settings/update'
        ? jsonResponse(200, { message: 'Settings have been updated successfully', data: saved })
        : undefined,
    );
    const { user } = renderApp('/admin/setting');
    const withdrawalLimit = await screen.findByLabelText('Approve withdrawals above (₦)');
    expect(withdrawalLimit).toHaveValue('500000');
    await user.clear(withdrawalLimit);
    await user.type(withdrawalLimit, '250000');
    const nameRule = screen.getByRole('switch', { name: 'Approve withdrawals to accounts in another name' });
    expect(nameRule).not.toBeChecked();
    await user.click(nameRule);
    const creditLimit = screen.getByLabelText('Second admin for credits above (₦)');
    expect(creditLimit).toHaveValue('100000');
    await user.clear(creditLimit);
    await user.type(creditLimit, '50000');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await findToast('Success', 'Settings have been updated successfully');
    expect(updates(calls).map(({ body }) => body)).toEqual([
      {
        withdrawals: { approval_above: 250_000, hold_name_mismatch: true },
        adjustments: { credit_approval_above: 50_000 },
      },
    ]);
  });

  it('turns the one-win-a-month raffle rule off', async () => {
    const { calls } = stubAdmin(({ url }) =>
      url === '/api/admin/settings/update'
        ? jsonResponse(200, {
            message: 'Settings have been updated successfully',
            data: { ...saved, raffle: { ...saved.raffle, one_win_per_month: false } },
          })
        : undefined,
    );
    const { user } = renderApp('/admin/setting');
    const rule = await screen.findByRole('switch', { name: 'One win per customer a month' });
    expect(rule).toBeChecked();
    await user.click(rule);
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await findToast('Success', 'Settings have been updated successfully');
    expect(updates(calls).map(({ body }) => body)).toEqual([{ raffle: { one_win_per_month: false } }]);
  });

  it('announces the next draw’s prize and day (typed dd/mm/yyyy) to customers', async () => {
    const { calls } = stubAdmin(({ url, body }) =>
      url === '/api/admin/settings/update'
        ? jsonResponse(200, {
            message: 'Settings have been updated successfully',
            data: { ...saved, raffle: { ...saved.raffle, ...(body as { raffle: object }).raffle } },
          })
        : undefined,
    );
    const { user } = renderApp('/admin/setting');
    const day = await screen.findByLabelText('Next draw date');
    expect(day).toHaveValue('30/11/2026');
    expect(day).toHaveAttribute('placeholder', 'dd/mm/yyyy');
    await user.type(screen.getByLabelText('Prize of the next draw'), '₦10,000 airtime');
    await user.clear(day);
    await user.type(day, '31/11/2026');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(day).toHaveAccessibleDescription(/Enter a real date as dd\/mm\/yyyy/);
    expect(updates(calls)).toHaveLength(0);

    await user.clear(day);
    await user.type(day, '15/12/2026');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await findToast('Success', 'Settings have been updated successfully');
    expect(updates(calls).map(({ body }) => body)).toEqual([
      { raffle: { prize: '₦10,000 airtime', next_draw: '2026-12-15' } },
    ]);
    expect(day).toHaveValue('15/12/2026');
  });

  it('shows the server’s errors under their fields', async () => {
    stubAdmin(({ url }) =>
      url === '/api/admin/settings/update'
        ? jsonResponse(422, {
            message: 'The gas commission may not be more than 100.',
            errors: { 'commission.gas': ['The gas commission may not be more than 100.'] },
          })
        : undefined,
    );
    const { user } = renderApp('/admin/setting');
    const gas = await screen.findByLabelText('Gas (%)');
    await user.clear(gas);
    await user.type(gas, '4');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await findToast('Error!', 'The gas commission may not be more than 100.');
    expect(gas).toHaveAccessibleDescription('The gas commission may not be more than 100.');
  });

  it('sets the support contacts customers see on Help, refusing a phone that is not Nigerian', async () => {
    const { calls } = stubAdmin(({ url, body }) =>
      url === '/api/admin/settings/update'
        ? jsonResponse(200, {
            message: 'Settings have been updated successfully',
            data: { ...saved, support: { ...saved.support, ...(body as { support: object }).support } },
          })
        : undefined,
    );
    const { user } = renderApp('/admin/setting');
    const phone = await screen.findByLabelText('Support phone number');
    await user.type(phone, '12345');
    await user.type(screen.getByLabelText('Support e-mail'), 'help@');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(phone).toHaveAccessibleDescription(/Enter the support phone number like 08031234567/);
    expect(screen.getByLabelText('Support e-mail')).toHaveAccessibleDescription(
      'Enter a valid support e-mail address.',
    );
    expect(updates(calls)).toHaveLength(0);

    await user.clear(phone);
    await user.type(phone, '0803 123 4567');
    await user.type(screen.getByLabelText('WhatsApp number'), '08091234567');
    await user.type(screen.getByLabelText('Support e-mail'), 'ruwa.ng');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await findToast('Success', 'Settings have been updated successfully');
    expect(updates(calls).map(({ body }) => body)).toEqual([
      { support: { phone: '+2348031234567', whatsapp: '+2348091234567', email: 'help@ruwa.ng' } },
    ]);
    expect(phone).toHaveValue('08031234567');
  });

  it('sends nothing when nothing changed', async () => {
    const { calls } = stubAdmin();
    const { user } = renderApp('/admin/setting');
    await user.click(await screen.findByRole('button', { name: 'Save settings' }));
    // Scoped to the form: the shell has a status region of its own (the offline banner).
    const form = screen.getByRole('form', { name: 'Settings' });
    expect(await within(form).findByRole('status')).toHaveTextContent('Nothing has changed.');
    expect(updates(calls)).toHaveLength(0);
  });
});
