import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, renderApp, signIn, stubFetch, type RecordedRequest } from '@/testing/render-app';
import type { NextRaffleDraw, RaffleTicket, ReferralReward } from '@ruwa/contract/replies';

function pageOf<T>(rows: T[], current: number, last: number, path: string) {
  return {
    current_page: current,
    last_page: last,
    per_page: 1,
    total: last,
    prev_page_url: current > 1 ? `${path}?page=${current - 1}` : null,
    next_page_url: current < last ? `${path}?page=${current + 1}` : null,
    data: rows,
  };
}

function reward(page: number): ReferralReward {
  return {
    id: page,
    title: 'Referral bonus',
    type: 'airtime',
    description: `Bisi bought airtime (page ${page})`,
    amount: 10,
    created_at: '2026-03-02T09:00:00.000Z',
  };
}

function ticket(page: number, status: RaffleTicket['status'] = 'live'): RaffleTicket {
  return {
    id: page,
    slug: `RUWA-0000-000${page}`,
    expiration_date: '2026-03-31',
    expirationDate: '2026-03-31',
    status,
    created_at: '2026-03-02T09:00:00.000Z',
  };
}

const PAGE = /page=(\d+)$/;

function stubRewards({
  referrals = 3,
  tickets = 3,
  phoneVerified = true,
  nextDraw = { draw_date: null, prize: null },
}: { referrals?: number; tickets?: number; phoneVerified?: boolean; nextDraw?: NextRaffleDraw } = {}) {
  const me = makeUser({ referral_rewards: 1250.5, phone_verified: phoneVerified });
  signIn(me);
  return stubFetch(({ url }: RecordedRequest) => {
    const page = Number(PAGE.exec(url)?.[1] ?? 1);
    if (url === '/api/users/me') return jsonResponse(200, { message: '', data: me });
    if (url.startsWith('/api/users/me/referral-rewards'))
      return jsonResponse(200, {
        message: '',
        data: pageOf(referrals ? [reward(page)] : [], page, Math.max(referrals, 1), '/api/users/me/referral-rewards'),
      });
    if (url === '/api/raffle-tickets/next-draw') return jsonResponse(200, { message: '', data: nextDraw });
    if (url.startsWith('/api/raffle-tickets/me')) {
      const status = (['live', 'won', 'expired'] as const)[(page - 1) % 3]!;
      return jsonResponse(200, {
        message: '',
        data: pageOf(tickets ? [ticket(page, status)] : [], page, Math.max(tickets, 1), '/api/raffle-tickets/me'),
      });
    }
    if (url === '/api/notifications/unread-count') return jsonResponse(200, { message: '', data: { count: 0 } });
    return undefined;
  });
}

const requestedPages = (calls: RecordedRequest[], path: string) =>
  calls.filter(({ url }) => url.startsWith(path)).map(({ url }) => Number(PAGE.exec(url)?.[1]));

describe('wallet rewards', () => {
  it('says an unverified phone number earns nothing, with the way to verify it', async () => {
    stubRewards({ phoneVerified: false });
    renderApp('/wallet/rewards');
    const notice = await screen.findByRole('note');
    expect(notice).toHaveTextContent('Verify your phone number to earn referral rewards and raffle tickets');
    expect(within(notice).getByRole('link', { name: 'Verify phone number' })).toHaveAttribute(
      'href',
      '/profile/verify-phone?redirectTo=%2Fwallet%2Frewards',
    );
  });

  it('shows no notice once the phone number is verified', async () => {
    stubRewards();
    renderApp('/wallet/rewards');
    expect(await screen.findByTestId('referral-total')).toBeInTheDocument();
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });

  it('shows the referral total and starts the Referrals tab on page 1; next and previous go to the right pages', async () => {
    const { calls } = stubRewards();
    const { user } = renderApp('/wallet/rewards');

    expect(await screen.findByRole('heading', { level: 1, name: 'Rewards' })).toBeInTheDocument();
    expect(await screen.findByTestId('referral-total')).toHaveTextContent('₦1,250.50');
    expect(screen.getByRole('tab', { name: 'Referrals' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('Bisi bought airtime (page 1)')).toBeInTheDocument();
    const pager = screen.getByRole('navigation', { name: 'Referral rewards pages' });
    expect(pager).toHaveTextContent('Page 1 of 3');
    expect(within(pager).getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(within(pager).getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Bisi bought airtime (page 2)')).toBeInTheDocument();
    await user.click(within(pager).getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Bisi bought airtime (page 3)')).toBeInTheDocument();
    expect(within(pager).getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.click(within(pager).getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('Bisi bought airtime (page 2)')).toBeInTheDocument();
    expect(pager).toHaveTextContent('Page 2 of 3');

    expect(requestedPages(calls, '/api/users/me/referral-rewards')).toEqual([1, 2, 3, 2]);
  });

  it('lists raffle tickets from page 1 with their status and expiry, paging both ways', async () => {
    const { calls } = stubRewards();
    const { user } = renderApp('/wallet/rewards');
    await user.click(await screen.findByRole('tab', { name: 'Raffle Tickets' }));

    const list = await screen.findByRole('list', { name: 'Raffle tickets' });
    expect(within(list).getByText('RUWA-0000-0001')).toBeInTheDocument();
    expect(list).toHaveTextContent('Expires 31 Mar 2026');
    expect(list).toHaveTextContent('Live');

    const pager = screen.getByRole('navigation', { name: 'Raffle tickets pages' });
    await user.click(within(pager).getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('RUWA-0000-0002')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Raffle tickets' })).toHaveTextContent('Won');
    await user.click(within(pager).getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('RUWA-0000-0003')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Raffle tickets' })).toHaveTextContent('Expired 31 Mar 2026');
    await user.click(within(pager).getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('RUWA-0000-0002')).toBeInTheDocument();

    expect(requestedPages(calls, '/api/raffle-tickets/me')).toEqual([1, 2, 3, 2]);
  });

  it('says when the next draw is and what it gives, and which tickets are in it', async () => {
    // Page 1 is live and expires 31 Mar 2026; page 2 has won.
    stubRewards({ nextDraw: { draw_date: '2026-03-28', prize: '₦10,000 airtime' } });
    const { user } = renderApp('/wallet/rewards');
    await user.click(await screen.findByRole('tab', { name: 'Raffle Tickets' }));

    const draw = await screen.findByRole('region', { name: 'Next draw' });
    expect(draw).toHaveTextContent('Next draw: 28 Mar 2026');
    expect(draw).toHaveTextContent('Prize: ₦10,000 airtime');
    const list = await screen.findByRole('list', { name: 'Raffle tickets' });
    expect(list).toHaveTextContent('In the draw on 28 Mar 2026');

    await user.click(
      within(screen.getByRole('navigation', { name: 'Raffle tickets pages' })).getByRole('button', { name: 'Next' }),
    );
    expect(await screen.findByText('RUWA-0000-0002')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Raffle tickets' })).not.toHaveTextContent('In the draw');
  });

  it('says the draw date and prize are to be announced until an admin sets them', async () => {
    stubRewards({ nextDraw: { draw_date: null, prize: null } });
    const { user } = renderApp('/wallet/rewards');
    await user.click(await screen.findByRole('tab', { name: 'Raffle Tickets' }));
    const draw = await screen.findByRole('region', { name: 'Next draw' });
    expect(draw).toHaveTextContent('Next draw: date to be announced');
    expect(draw).toHaveTextContent('Prize: to be announced');
    expect(await screen.findByRole('list', { name: 'Raffle tickets' })).not.toHaveTextContent('In the draw');
  });

  it('says "No data yet" in each empty tab', async () => {
    stubRewards({ referrals: 0, tickets: 0 });
    const { user } = renderApp('/wallet/rewards');
    expect(await screen.findByText('No data yet')).toBeInTheDocument();
    expect(screen.getByTestId('referral-total')).toHaveTextContent('₦1,250.50');
    await user.click(screen.getByRole('tab', { name: 'Raffle Tickets' }));
    expect(await screen.findByText('No data yet')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Raffle tickets pages' })).not.toBeInTheDocument();
  });
});
