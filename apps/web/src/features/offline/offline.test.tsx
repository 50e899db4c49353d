import { onlineManager } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OFFLINE_PAY_MESSAGE } from '@/components/ui/offline-pay-notice';
import { useOnlineStatus } from '@/lib/online-status';
import { demoCategories, demoLocations, makeLocationProduct, pageOf } from '@/testing/catalog-fixtures';
import { jsonResponse, makeUser, renderApp, signIn, stubFetch } from '@/testing/render-app';
import { OFFLINE_BANNER_MESSAGE } from './components/offline-banner';

/**
 * What the browser reports, and the event it fires, when the network goes or comes back. React
 * attaches a screen's listeners in effects that run after it paints, so a screen found a moment ago
 * may not be listening yet: let those effects run first, as they would before a real network change.
 */
async function setNetwork(state: 'online' | 'offline') {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(state === 'online');
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
  act(() => {
    window.dispatchEvent(new Event(state));
  });
}

// TanStack Query keeps what the last 'offline' event told it for the whole file.
afterEach(() => {
  onlineManager.setOnline(true);
});

const ok = (data: unknown) => jsonResponse(200, { message: '', data });
const bankAccount = {
  id: 5,
  bank_name: 'United Bank For Africa',
  bank_code: '033',
  account_number: '0123456789',
  account_name: 'ADA OBI',
  first_name: 'Ada',
  last_name: 'Obi',
};

/** Every read the customer screens below make; a stand-in for the service worker's saved copies. */
function stubReads(role: 'customer' | 'admin' = 'customer') {
  return stubFetch(({ url, method }) => {
    if (method !== 'GET') return undefined;
    const path = new URL(url, 'http://localhost').pathname.replace(/^\/api\//, '');
    switch (path) {
      case 'users/me':
        return ok(makeUser({ role }));
      case 'product/category/index':
        return ok(pageOf(demoCategories));
      case 'location/index':
        return ok(pageOf(demoLocations));
      case 'notifications/unread-count':
        return ok({ count: 0 });
      case 'wallet/me':
        return ok({ balance: 2500, savings: 0, bank_details: [bankAccount] });
      case 'wallet-transactions/me':
      case 'vtu/me':
        return ok(pageOf([]));
      case 'banks':
        return ok([]);
      default:
        return role === 'admin' ? ok(pageOf([])) : undefined;
    }
  });
}

function expectBlockedWhileOffline(button: HTMLElement) {
  expect(button).toBeDisabled();
  expect(button).toHaveAccessibleDescription(OFFLINE_PAY_MESSAGE);
  // Said on screen, not only to screen readers.
  expect(document.getElementById(button.getAttribute('aria-describedby') ?? '')).toBeVisible();
}

function expectPayable(button: HTMLElement) {
  expect(button).toBeEnabled();
  expect(button).not.toHaveAccessibleDescription(OFFLINE_PAY_MESSAGE);
}

describe('useOnlineStatus', () => {
  function Probe() {
    return <p>{useOnlineStatus() ? 'online' : 'offline'}</p>;
  }

  it('follows the browser going offline and coming back', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    render(<Probe />);
    expect(screen.getByText('online')).toBeInTheDocument();
    await setNetwork('offline');
    expect(screen.getByText('offline')).toBeInTheDocument();
    await setNetwork('online');
    expect(screen.getByText('online')).toBeInTheDocument();
  });

  it('starts offline when the page opens without a network', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    render(<Probe />);
    expect(screen.getByText('offline')).toBeInTheDocument();
  });
});

describe('offline banner', () => {
  it('appears in the customer shell while offline and goes when the network is back', async () => {
    signIn();
    stubReads();
    renderApp('/home');
    expect(await screen.findByRole('button', { name: 'Sachet Water' })).toBeInTheDocument();
    expect(screen.queryByText(OFFLINE_BANNER_MESSAGE)).not.toBeInTheDocument();

    await setNetwork('offline');
    const banner = await screen.findByText(OFFLINE_BANNER_MESSAGE);
    expect(banner.closest('[role="status"]')).not.toBeNull();
    // The last data stays on screen under the banner.
    expect(screen.getByRole('button', { name: 'Sachet Water' })).toBeInTheDocument();

    await setNetwork('online');
    expect(screen.queryByText(OFFLINE_BANNER_MESSAGE)).not.toBeInTheDocument();
  });

  it('appears in the admin shell too', async () => {
    signIn({ role: 'admin' });
    stubReads('admin');
    renderApp('/admin');
    await screen.findByRole('button', { name: 'Menu' });
    await setNetwork('offline');
    expect(await within(screen.getByRole('main')).findByText(OFFLINE_BANNER_MESSAGE)).toBeInTheDocument();
  });

  it('still asks for data after the network has gone, so saved answers fill the next screen', async () => {
    // With TanStack's default networkMode ('online') the wallet query would pause before fetching and
    // the screen would stay on its skeleton; the service worker can only answer requests that are made.
    signIn();
    const { calls } = stubReads();
    const { user } = renderApp('/home');
    await screen.findByRole('button', { name: 'Cooking Gas' });
    await setNetwork('offline');
    await user.click(screen.getByRole('link', { name: 'Wallet' }));
    expect(await screen.findByText('₦2,500')).toBeInTheDocument();
    expect(screen.getByText(OFFLINE_BANNER_MESSAGE)).toBeInTheDocument();
    expect(calls.some(({ url }) => url === '/api/wallet/me')).toBe(true);
  });
});

describe('payment buttons while offline', () => {
  it('disables the deposit button with the reason, and enables it when back online', async () => {
    signIn();
    stubReads();
    const { user } = renderApp('/wallet/deposit');
    await user.type(await screen.findByLabelText('Amount'), '1000');
    const pay = screen.getByRole('button', { name: 'Pay ₦1,000' });
    expectPayable(pay);

    await setNetwork('offline');
    expectBlockedWhileOffline(pay);
    await setNetwork('online');
    expectPayable(pay);
    expect(screen.queryByText(OFFLINE_PAY_MESSAGE)).not.toBeInTheDocument();
  });

  it('disables the withdraw button', async () => {
    signIn();
    stubReads();
    renderApp('/wallet/withdraw');
    const form = await screen.findByRole('form', { name: 'Withdraw' });
    await setNetwork('offline');
    expectBlockedWhileOffline(within(form).getByRole('button', { name: 'Withdraw' }));
  });

  it('disables moving money to and from savings', async () => {
    signIn();
    stubReads();
    const { user } = renderApp('/wallet');
    await user.click(await screen.findByRole('button', { name: 'Savings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Savings' });
    await setNetwork('offline');
    expectBlockedWhileOffline(within(dialog).getByRole('button', { name: 'Move to savings' }));
    await setNetwork('online');
    expectPayable(within(dialog).getByRole('button', { name: 'Move to savings' }));
  });

  it('disables the airtime pay button', async () => {
    signIn();
    stubReads();
    renderApp('/airtime-data');
    const form = await screen.findByRole('form', { name: 'Buy airtime' });
    await setNetwork('offline');
    expectBlockedWhileOffline(within(form).getByRole('button', { name: /^Pay/ }));
  });

  it('disables buying and subscribing to water, whichever way the customer pays', async () => {
    signIn();
    stubReads();
    const sachet = makeLocationProduct({ id: 10, product_name: 'Pure Life Sachet (20 pieces)', price: 350 });
    const { user } = renderApp({
      pathname: '/water-sub/show',
      search: '?product_id=10&location_id=1',
      state: { subscription: sachet, location: 1 },
    });
    await screen.findByRole('heading', { level: 1, name: sachet.product_name });
    await setNetwork('offline');
    const buy = screen.getByRole('form', { name: 'Buy' });
    expectBlockedWhileOffline(within(buy).getByRole('button', { name: /^Buy ₦/ }));
    await user.click(within(buy).getByRole('radio', { name: /wallet/i }));
    expect(within(buy).getByRole('button', { name: /^Buy ₦/ })).toBeDisabled();

    await user.click(screen.getByRole('tab', { name: 'Subscribe' }));
    const subscribe = await screen.findByRole('form', { name: 'Subscribe' });
    expectBlockedWhileOffline(within(subscribe).getByRole('button', { name: /^Subscribe ₦/ }));

    await setNetwork('online');
    expectPayable(within(subscribe).getByRole('button', { name: /^Subscribe ₦/ }));
  });
});

describe('a product never saved on this phone', () => {
  it('says so offline, with a retry, instead of a spinner; it shows once the network is back', async () => {
    signIn();
    const sachet = makeLocationProduct({ id: 10, product_name: 'Pure Life Sachet (20 pieces)' });
    let reachable = false;
    const reads = stubReads();
    const answerReads = reads.fetchMock.getMockImplementation()!;
    reads.fetchMock.mockImplementation(async (input, init) => {
      if (!String(input).includes('/api/location/products/index')) return answerReads(input, init);
      // No saved copy: the service worker has nothing to answer with while the network is gone.
      if (!reachable) throw new TypeError('Failed to fetch');
      return ok(pageOf([sachet]));
    });
    await setNetwork('offline');
    const { user } = renderApp('/water-sub/show?product_id=10&location_id=1');

    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent("You're offline and this product hasn't been saved yet. Connect to see it.");
    expect(screen.queryByText('Loading the product')).not.toBeInTheDocument();
    const retry = screen.getByRole('button', { name: 'Try again' });

    reachable = true;
    await user.click(retry);
    expect(await screen.findByRole('heading', { level: 1, name: sachet.product_name })).toBeInTheDocument();
  });
});
