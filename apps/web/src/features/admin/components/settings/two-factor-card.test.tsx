import { screen, waitFor, within } from '@testing-library/react';
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

const settings: Settings = {
  referral: { percent: 1, cap: 100 },
  raffle: {
    min_purchase: 100,
    expiry: 'end_of_month',
    expiry_days: 30,
    one_win_per_month: true,
    prize: '',
    next_draw: '',
  },
  commission: { sachet_water: 5, bottle_water: 5, gas: 3 },
  alerts: { unaccepted_order_minutes: 15, on_duty_admin_ids: [] },
  withdrawals: { new_account_hold_above: 20_000, approval_above: 500_000, hold_name_mismatch: false },
  adjustments: { credit_approval_above: 100_000 },
  funding: { transfer_fee_bearer: 'platform' },
  support: { phone: '', whatsapp: '', email: '' },
};
const setup = {
  otpauth_url:
    'otpauth://totp/Ruwa:admin%40ruwa.local?issuer=Ruwa&secret=JBSWY3DPEHPK3PXP&algorithm=SHA1&digits=6&period=30',
  secret: 'JBSWY3DPEHPK3PXP',
  qr_code: 'data:image/svg+xml;base64,PHN2Zy8+',
};
const recoveryCodes = [
  'ABCDE-FGHJK',
  'LMNPQ-RSTUV',
  'WXYZ2-34567',
  '89ABC-DEFGH',
  'JKLMN-PQRST',
  'UVWXY-Z2345',
  '6789A-BCDEF',
  'GHJKL-MNPQR',
];

function stubAdmin(enabled: boolean, extra: (request: RecordedRequest) => Response | undefined) {
  signIn({ role: 'admin' });
  return stubFetch((request) => {
    const answer = extra(request);
    if (answer) return answer;
    if (request.url === '/api/users/me') return jsonResponse(200, { message: '', data: makeUser({ role: 'admin' }) });
    if (request.url === '/api/admin/settings') return jsonResponse(200, { message: '', data: settings });
    if (request.url === '/api/auth/two-factor') {
      return jsonResponse(200, { message: '', data: { enabled, recovery_codes_left: enabled ? 6 : 0 } });
    }
    return undefined;
  });
}

const card = () => screen.findByRole('region', { name: 'Two-factor sign-in' }, { timeout: 5000 });

describe('two-factor sign-in card on /admin/setting', () => {
  it('turns on: shows the QR code and the copyable otpauth link, confirms a code, then shows the recovery codes once', async () => {
    const { calls } = stubAdmin(false, ({ url, body }) => {
      if (url === '/api/auth/two-factor/setup') return jsonResponse(200, { message: '', data: setup });
      if (url !== '/api/auth/two-factor/confirm') return undefined;
      return (body as { code: string }).code === '123456'
        ? jsonResponse(200, { message: 'Two-factor sign-in is on.', data: { recovery_codes: recoveryCodes } })
        : jsonResponse(422, { message: 'The code is not valid.', errors: { code: ['The code is not valid.'] } });
    });
    const { user } = renderApp('/admin/setting');
    const region = await card();
    expect(await within(region).findByText('Off')).toBeInTheDocument();
    await user.click(within(region).getByRole('button', { name: 'Turn on' }));

    const qr = await within(region).findByRole('img', { name: 'QR code to add Ruwa to your authenticator app' });
    expect(qr).toHaveAttribute('src', setup.qr_code);
    expect(within(region).getByLabelText('Setup link')).toHaveValue(setup.otpauth_url);
    expect(within(region).getByText(setup.secret)).toBeInTheDocument();
    await user.click(within(region).getByRole('button', { name: 'Copy link' }));
    expect(await navigator.clipboard.readText()).toBe(setup.otpauth_url);

    const code = within(region).getByLabelText('6-digit code');
    // Checked as the API checks it before anything is sent.
    await user.type(code, '12ab');
    await user.click(within(region).getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(code).toHaveAccessibleDescription('Enter the 6-digit code from your authenticator app.'),
    );
    expect(calls.some(({ url }) => url === '/api/auth/two-factor/confirm')).toBe(false);
    await user.clear(code);
    await user.type(code, '000000');
    await user.click(within(region).getByRole('button', { name: 'Confirm' }));
    await findToast('Error!', 'The code is not valid.');
    expect(code).toHaveAccessibleDescription('The code is not valid.');

    await user.clear(code);
    await user.type(code, '123456');
    await user.click(within(region).getByRole('button', { name: 'Confirm' }));
    const list = await within(region).findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(recoveryCodes);
    await user.click(within(region).getByRole('button', { name: 'I have saved them' }));
    expect(within(region).queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
    expect(within(region).getByText('On')).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Turn off' })).toBeInTheDocument();
    expect(calls.filter(({ url }) => url === '/api/auth/two-factor/confirm').map(({ body }) => body)).toEqual([
      { code: '000000' },
      { code: '123456' },
    ]);
  });

  it('turns off with the password, and asks for a code or the password first', async () => {
    const { calls } = stubAdmin(true, ({ url, body }) => {
      if (url !== '/api/auth/two-factor/disable') return undefined;
      return (body as { password?: string }).password === 'ruwa-admin-2026'
        ? jsonResponse(200, { message: 'Two-factor sign-in is off.', data: null })
        : jsonResponse(422, {
            message: 'The password is not correct.',
            errors: { password: ['The password is not correct.'] },
          });
    });
    const { user } = renderApp('/admin/setting');
    const region = await card();
    expect(await within(region).findByText(/6 recovery\s+codes left/)).toBeInTheDocument();

    await user.click(within(region).getByRole('button', { name: 'Turn off' }));
    await waitFor(() =>
      expect(within(region).getByLabelText('Code from your app')).toHaveAccessibleDescription(
        'Enter a code from your authenticator app or your password.',
      ),
    );
    expect(calls.some(({ url }) => url === '/api/auth/two-factor/disable')).toBe(false);

    const password = within(region).getByLabelText('Or your password');
    await user.type(password, 'wrong-one');
    await user.click(within(region).getByRole('button', { name: 'Turn off' }));
    await findToast('Error!', 'The password is not correct.');
    expect(password).toHaveAccessibleDescription('The password is not correct.');

    await user.clear(password);
    await user.type(password, 'ruwa-admin-2026');
    await user.click(within(region).getByRole('button', { name: 'Turn off' }));
    expect(await within(region).findByRole('button', { name: 'Turn on' })).toBeInTheDocument();
    expect(within(region).getByText('Off')).toBeInTheDocument();
  });
});
