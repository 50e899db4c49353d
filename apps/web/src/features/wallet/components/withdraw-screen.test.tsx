import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { findToast, jsonResponse, makeUser, renderApp, signIn } from '@/testing/render-app';
import { makeAccount, makeWallet, ok, stubWalletApi } from '../testing/wallet-fixtures';
import { TEST_WALLET_PIN } from '@/testing/wallet-pin';

/** The message is above the field, and the field is described by it. */
function expectErrorAbove(field: HTMLElement, message: string) {
  expect(field).toHaveAccessibleDescription(message);
  expect(field).toHaveAttribute('aria-invalid', 'true');
  const shown = document.getElementById(field.getAttribute('aria-describedby') ?? '');
  expect(shown).toHaveTextContent(message);
  expect(shown!.compareDocumentPosition(field) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
}

const resolved = {
  account_name: 'ADA OBI',
  account_number: '0123456789',
  bank_code: '033',
  bank_name: 'United Bank For Africa',
};

describe('withdraw screen', () => {
  it('shows only the add form when no bank account is saved', async () => {
    signIn();
    stubWalletApi();
    renderApp('/wallet/withdraw');
    expect(await screen.findByRole('form', { name: 'New account' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Withdraw' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Withdraw' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add New Bank Account' })).not.toBeInTheDocument();
  });

  it("says 'Fill all details' and 'Please select a bank' above the add form's fields", async () => {
    signIn();
    const { calls } = stubWalletApi();
    const { user } = renderApp('/wallet/withdraw');
    const form = await screen.findByRole('form', { name: 'New account' });
    await within(form).findByRole('option', { name: 'United Bank For Africa' });
    await user.click(within(form).getByRole('button', { name: 'Save bank account' }));

    expectErrorAbove(within(form).getByLabelText('Account Number'), 'Fill all details');
    expectErrorAbove(within(form).getByLabelText('Bank'), 'Please select a bank');
    expect(within(form).getByLabelText('Account Number')).toHaveFocus();

    // At least 9 characters; the API also wants all 10 digits of a NUBAN.
    await user.type(within(form).getByLabelText('Account Number'), '01234567');
    await user.selectOptions(within(form).getByLabelText('Bank'), 'United Bank For Africa');
    await user.click(within(form).getByRole('button', { name: 'Save bank account' }));
    expectErrorAbove(within(form).getByLabelText('Account Number'), 'Fill all details');
    expect(within(form).getByLabelText('Bank')).not.toHaveAttribute('aria-invalid');
    await user.type(within(form).getByLabelText('Account Number'), '8');
    expectErrorAbove(within(form).getByLabelText('Account Number'), 'The account number must be 10 digits (NUBAN).');
    expect(calls.some(({ url }) => url.includes('store/bank-details'))).toBe(false);
  });

  it('asks no name: the bank names the account, shown before it is saved', async () => {
    signIn();
    const { calls } = stubWalletApi({
      'GET wallet/me': () => ok(makeWallet()),
      'GET banks/resolve': () => ok(resolved),
      'POST wallet/store/bank-details': () => ok(makeAccount(), 'Bank details have been stored'),
    });
    const { user } = renderApp('/wallet/withdraw');
    const form = await screen.findByRole('form', { name: 'New account' });
    await within(form).findByRole('option', { name: 'United Bank For Africa' });
    expect(within(form).queryByLabelText('First Name')).not.toBeInTheDocument();
    expect(within(form).queryByLabelText('Last Name')).not.toBeInTheDocument();
    await user.type(within(form).getByLabelText('Account Number'), '0123456789');
    await user.selectOptions(within(form).getByLabelText('Bank'), 'United Bank For Africa');
    expect(await within(form).findByTestId('resolved-account-name')).toHaveTextContent('ADA OBI');
    await user.click(within(form).getByRole('button', { name: 'Save bank account' }));
    await findToast('Success', 'Bank details have been stored');
    // Nothing asks "is this the right account?": the bank's name is the only one there is.
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(calls.filter(({ url }) => url.includes('store/bank-details'))).toHaveLength(1);
  });

  it('shows the resolved account name, saves the account, and reloads the data 3 s later', async () => {
    signIn();
    let wallet = makeWallet();
    const { calls } = stubWalletApi({
      'GET wallet/me': () => ok(wallet),
      'GET banks/resolve': () => ok(resolved),
      'POST wallet/store/bank-details': () => {
        wallet = { ...wallet, bank_details: [makeAccount()] };
        return ok(makeAccount(), 'Bank details have been stored');
      },
    });
    const { user } = renderApp('/wallet/withdraw');
    const form = await screen.findByRole('form', { name: 'New account' });
    await within(form).findByRole('option', { name: 'United Bank For Africa' });
    await user.type(within(form).getByLabelText('Account Number'), '0123456789');
    await user.selectOptions(within(form).getByLabelText('Bank'), 'United Bank For Africa');

    expect(await within(form).findByTestId('resolved-account-name')).toHaveTextContent('ADA OBI');
    const lookup = calls.find(({ url }) => url.includes('banks/resolve'));
    expect(lookup?.url).toBe('/api/banks/resolve?account_number=0123456789&bank_code=033');

    const walletLoads = () => calls.filter(({ url }) => url.endsWith('/wallet/me')).length;
    const loadsBefore = walletLoads();
    await user.click(within(form).getByRole('button', { name: 'Save bank account' }));
    await findToast('Success', 'Bank details have been stored');
    expect(calls.find(({ url }) => url.endsWith('/wallet/store/bank-details'))?.body).toEqual({
      account_number: '0123456789',
      bank_name: '033',
    });

    // The new account can be used at once, already chosen.
    const withdrawForm = await screen.findByRole('form', { name: 'Withdraw' });
    expect(within(withdrawForm).getByLabelText('Bank account')).toHaveDisplayValue(
      'United Bank For Africa · 0123456789 · ADA OBI',
    );
    expect(screen.queryByRole('form', { name: 'New account' })).not.toBeInTheDocument();
    expect(walletLoads()).toBe(loadsBefore);
    await waitFor(() => expect(walletLoads()).toBe(loadsBefore + 1), { timeout: 4500 });
  });

  it('shows a failed look-up above the account number and does not save', async () => {
    signIn();
    const { calls } = stubWalletApi({
      'GET banks/resolve': () =>
        jsonResponse(422, {
          message: 'We could not find this account at the selected bank. Check the number.',
          errors: { account_number: ['We could not find this account at the selected bank. Check the number.'] },
        }),
    });
    const { user } = renderApp('/wallet/withdraw');
    const form = await screen.findByRole('form', { name: 'New account' });
    await within(form).findByRole('option', { name: 'United Bank For Africa' });
    await user.type(within(form).getByLabelText('Account Number'), '0000000000');
    await user.selectOptions(within(form).getByLabelText('Bank'), 'United Bank For Africa');
    const accountNumber = within(form).getByLabelText('Account Number');
    await waitFor(() =>
      expectErrorAbove(accountNumber, 'We could not find this account at the selected bank. Check the number.'),
    );
    await user.click(within(form).getByRole('button', { name: 'Save bank account' }));
    expect(accountNumber).toHaveFocus();
    expect(calls.some(({ url }) => url.includes('store/bank-details'))).toBe(false);
  });

  it('says when the bank look-ups are spent for now, above the account number, and does not save', async () => {
    signIn();
    const tooMany = 'You have looked up many bank accounts in a short time. Try again in 42 seconds.';
    const { calls } = stubWalletApi({ 'GET banks/resolve': () => jsonResponse(429, { message: tooMany }) });
    const { user } = renderApp('/wallet/withdraw');
    const form = await screen.findByRole('form', { name: 'New account' });
    await within(form).findByRole('option', { name: 'United Bank For Africa' });
    await user.type(within(form).getByLabelText('Account Number'), '0123456789');
    await user.selectOptions(within(form).getByLabelText('Bank'), 'United Bank For Africa');
    const accountNumber = within(form).getByLabelText('Account Number');
    await waitFor(() => expectErrorAbove(accountNumber, tooMany));
    await user.click(within(form).getByRole('button', { name: 'Save bank account' }));
    expect(accountNumber).toHaveFocus();
    expect(calls.some(({ url }) => url.includes('store/bank-details'))).toBe(false);
    // Still signed in: a refused look-up is not the end of the session.
    expect(screen.getByRole('heading', { level: 1, name: 'Withdraw' })).toBeInTheDocument();
  });

  it('offers no bank account form until the phone is verified, and looks nothing up', async () => {
    signIn({ phone_verified: false });
    const { calls } = stubWalletApi(
      { 'GET users/me': () => ok(makeUser({ phone_verified: false })) },
      { wallet: makeWallet({ bank_details: [makeAccount()] }) },
    );
    renderApp('/wallet/withdraw');
    const notice = await screen.findByRole('note');
    expect(notice).toHaveTextContent('Verify your phone number to withdraw or add a bank account');
    expect(within(notice).getByRole('link', { name: 'Verify phone number' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'New account' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add New Bank Account' })).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Withdraw' })).not.toBeInTheDocument();
    expect(calls.some(({ url }) => url.includes('banks/resolve'))).toBe(false);
  });

  it("says 'Please select a bank.' above the picker when no account is chosen", async () => {
    signIn();
    const { calls } = stubWalletApi(
      {},
      { wallet: makeWallet({ bank_details: [makeAccount(), makeAccount({ id: 6, account_number: '1111111111' })] }) },
    );
    const { user } = renderApp('/wallet/withdraw');
    const form = await screen.findByRole('form', { name: 'Withdraw' });
    await user.type(within(form).getByLabelText('Amount'), '500');
    await user.click(within(form).getByRole('button', { name: 'Withdraw' }));
    expectErrorAbove(within(form).getByLabelText('Bank account'), 'Please select a bank.');
    expect(calls.some(({ url }) => url.includes('withdraw'))).toBe(false);

    await user.clear(within(form).getByLabelText('Amount'));
    await user.type(within(form).getByLabelText('Amount'), '50');
    await user.click(within(form).getByRole('button', { name: 'Withdraw' }));
    expectErrorAbove(within(form).getByLabelText('Amount'), 'The minimum withdrawal is ₦100.');
  });

  it("withdraws to the chosen account, says 'Withdrawal request have been submitted' and goes back", async () => {
    signIn();
    let wallet = makeWallet({ balance: 1000, bank_details: [makeAccount()] });
    const { calls } = stubWalletApi({
      'GET wallet/me': () => ok(wallet),
      'POST wallet-transactions/withdraw': ({ body }) => {
        wallet = { ...wallet, balance: wallet.balance - (body as { amount: number }).amount };
        return ok({ reference: 'WDR_1', status: 'pending', wallet }, 'Withdrawal request have been submitted');
      },
    });
    const { user, router } = renderApp('/wallet');
    await user.click(await screen.findByRole('link', { name: 'Withdraw' }));
    const form = await screen.findByRole('form', { name: 'Withdraw' });
    await user.selectOptions(
      within(form).getByLabelText('Bank account'),
      'United Bank For Africa · 0123456789 · ADA OBI',
    );
    await user.type(within(form).getByLabelText('Amount'), '300');
    await user.click(within(form).getByRole('button', { name: 'Withdraw' }));

    await findToast('Success', 'Withdrawal request have been submitted');
    expect(router.state.location.pathname).toBe('/wallet');
    expect(await screen.findByTestId('wallet-balance')).toHaveTextContent('₦700');
    expect(calls.find(({ url }) => url.endsWith('/wallet-transactions/withdraw'))?.body).toEqual({
      amount: 300,
      selected_bank: 5,
      pin: TEST_WALLET_PIN,
    });
  });

  it("shows the server's refusal above the field", async () => {
    signIn();
    const message = 'Insufficient wallet balance: you have ₦1,000 and this needs ₦900.50.';
    stubWalletApi(
      { 'POST wallet-transactions/withdraw': () => jsonResponse(422, { message, errors: { amount: [message] } }) },
      { wallet: makeWallet({ balance: 5000, bank_details: [makeAccount()] }) },
    );
    const { user, router } = renderApp('/wallet/withdraw');
    const form = await screen.findByRole('form', { name: 'Withdraw' });
    await user.selectOptions(
      within(form).getByLabelText('Bank account'),
      'United Bank For Africa · 0123456789 · ADA OBI',
    );
    await user.type(within(form).getByLabelText('Amount'), '900.50');
    await user.click(within(form).getByRole('button', { name: 'Withdraw' }));
    await findToast('Error!', message);
    expectErrorAbove(within(form).getByLabelText('Amount'), message);
    expect(router.state.location.pathname).toBe('/wallet/withdraw');
  });

  it("toggles the add form with 'Add New Bank Account' and deletes an account after confirming", async () => {
    signIn();
    let wallet = makeWallet({ bank_details: [makeAccount()] });
    const { calls } = stubWalletApi({
      'GET wallet/me': () => ok(wallet),
      'POST wallet/delete/bank-details': () => {
        wallet = { ...wallet, bank_details: [] };
        return ok(null, 'Bank account removed');
      },
    });
    const { user } = renderApp('/wallet/withdraw');
    const toggle = await screen.findByRole('button', { name: 'Add New Bank Account' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('form', { name: 'New account' })).not.toBeInTheDocument();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('form', { name: 'New account' })).toBeInTheDocument();
    await user.click(toggle);
    expect(screen.queryByRole('form', { name: 'New account' })).not.toBeInTheDocument();

    const saved = screen.getByRole('region', { name: 'Saved accounts' });
    await user.click(within(saved).getByRole('button', { name: 'Delete United Bank For Africa 0123456789' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this bank account?' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(calls.some(({ url }) => url.includes('delete/bank-details'))).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await findToast('Success', 'Bank account removed');
    expect(calls.find(({ url }) => url.endsWith('/wallet/delete/bank-details'))?.body).toEqual({ id: 5 });
    // No account left: only the add form.
    expect(await screen.findByRole('form', { name: 'New account' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Withdraw' })).not.toBeInTheDocument();
  });
});
