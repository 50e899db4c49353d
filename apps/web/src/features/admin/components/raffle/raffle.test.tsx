import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  findToast,
  jsonResponse,
  makeUser,
  renderApp,
  signIn,
  stubFetch,
  type RecordedRequest,
} from '@/testing/render-app';
import type { AdminRaffleTicket, RaffleDraw } from '@ruwa/contract/replies';

function pageOf<T>(rows: T[], current = 1, last = 1, path = '/api/list') {
  return {
    current_page: current,
    last_page: last,
    per_page: 15,
    total: rows.length,
    prev_page_url: current > 1 ? `${path}?page=${current - 1}` : null,
    next_page_url: current < last ? `${path}?page=${current + 1}` : null,
    data: rows,
  };
}

const ticket: AdminRaffleTicket = {
  id: 4,
  slug: 'RUWA-AB12-CD34',
  expiration_date: '2026-03-31',
  expirationDate: '2026-03-31',
  status: 'live',
  created_at: '2026-03-01T09:00:00.000Z',
  owner: { id: 9, name: 'Bisi Ade', email: 'bisi@example.com' },
};

const draw: RaffleDraw = {
  id: 1,
  slug: 'RUWA-AB12-CD34',
  candidates_count: 3,
  drawn_at: '2026-03-05T10:00:00.000Z',
  winner: { firstName: 'Bisi', lastName: 'Ade', email: 'bisi@example.com', phoneNumber: '08031234567' },
};

type Stub = (request: RecordedRequest) => Response | Promise<Response> | undefined;

function stubAdmin(extra: Stub = () => undefined) {
  signIn({ role: 'admin' });
  return stubFetch((request) => {
    const answer = extra(request);
    if (answer) return answer;
    if (request.url === '/api/users/me') return jsonResponse(200, { message: '', data: makeUser({ role: 'admin' }) });
    if (request.url.startsWith('/api/raffle-tickets/index'))
      return jsonResponse(200, { message: '', data: pageOf([ticket]) });
    if (request.url.startsWith('/api/raffle-draws/index')) return jsonResponse(200, { message: '', data: pageOf([]) });
    return undefined;
  });
}

describe('admin raffle tickets', () => {
  it('sits in the sidebar after Products, before Settings, and lists the tickets', async () => {
    stubAdmin();
    renderApp('/admin/raffle-tickets');
    const table = await screen.findByRole('table', { name: 'Raffle tickets' });
    const links = within(screen.getByRole('navigation', { name: 'Admin' })).getAllByRole('link');
    const labels = links.map((link) => link.textContent);
    expect(labels.slice(0, 6)).toEqual([
      'Dashboard',
      'Locations',
      'Product Category',
      'Products',
      'Raffle Tickets',
      'Settings',
    ]);
    expect(links[4]).toHaveAttribute('aria-current', 'page');
    expect(links[5]).toHaveAttribute('href', '/admin/setting');

    await within(table).findByText('RUWA-AB12-CD34');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['#', 'Slug', 'Expiration date', 'Owner', 'Status']);
    const cells = within(within(table).getAllByRole('row')[1]!).getAllByRole('cell');
    expect(cells.map((cell) => cell.textContent)).toEqual([
      '1',
      'RUWA-AB12-CD34',
      '31 Mar 2026',
      'Bisi Adebisi@example.com',
      'live',
    ]);
    expect(screen.getByRole('link', { name: 'Draw raffle' })).toHaveAttribute('href', '/admin/raffle-tickets/draw');
  });

  it('says when there are no tickets', async () => {
    stubAdmin(({ url }) =>
      url.startsWith('/api/raffle-tickets/index') ? jsonResponse(200, { message: '', data: pageOf([]) }) : undefined,
    );
    renderApp('/admin/raffle-tickets');
    expect(await screen.findByText('There is no data available for this table')).toBeInTheDocument();
  });

  it('creates tickets for a customer, checking the form first', async () => {
    const { calls } = stubAdmin(({ url }) =>
      url === '/api/raffle-tickets/store'
        ? jsonResponse(201, { message: 'Raffle tickets have been created successfully', data: [] })
        : undefined,
    );
    const { user } = renderApp('/admin/raffle-tickets');
    const form = await screen.findByRole('form', { name: 'Create tickets' });
    const count = within(form).getByLabelText('Number of tickets');
    await user.clear(count);
    await user.click(within(form).getByRole('button', { name: 'Create tickets' }));
    // The API's own rules (the contract's raffleTicketsStoreBody).
    expect(count).toHaveAccessibleDescription('Enter how many tickets to create.');
    await user.type(count, '101');
    await user.click(within(form).getByRole('button', { name: 'Create tickets' }));
    expect(within(form).getByLabelText('Customer e-mail')).toHaveAccessibleDescription('The email field is required.');
    expect(count).toHaveAccessibleDescription('Create at most 100 tickets at a time.');
    expect(calls.some(({ url }) => url === '/api/raffle-tickets/store')).toBe(false);

    await user.type(within(form).getByLabelText('Customer e-mail'), 'Bisi@Example.com');
    await user.clear(count);
    await user.type(count, '2');
    const expiry = within(form).getByLabelText('Expiry date (optional)');
    expect(expiry).toHaveAttribute('placeholder', 'dd/mm/yyyy');
    await user.type(expiry, '30/02/2026');
    await user.click(within(form).getByRole('button', { name: 'Create tickets' }));
    expect(expiry).toHaveAccessibleDescription(/Enter a real date as dd\/mm\/yyyy, e.g. 31\/12\/2026./);
    expect(calls.some(({ url }) => url === '/api/raffle-tickets/store')).toBe(false);

    await user.clear(expiry);
    await user.type(expiry, '31/12/2026');
    await user.click(within(form).getByRole('button', { name: 'Create tickets' }));
    await findToast('Action Successful', 'Raffle tickets have been created successfully');
    expect(calls.find(({ url }) => url === '/api/raffle-tickets/store')?.body).toEqual({
      email: 'bisi@example.com',
      count: 2,
      expiration_date: '2026-12-31',
    });
  });
});

describe('admin raffle draw', () => {
  it('says where the winner will show, asks first, then shows the winning ticket and its owner', async () => {
    const { calls } = stubAdmin(({ url }) =>
      url === '/api/raffle-tickets/draw'
        ? jsonResponse(201, { message: 'Raffle draw successful', data: draw })
        : undefined,
    );
    const { user } = renderApp('/admin/raffle-tickets/draw');
    expect(await screen.findByText('Winning Raffle ticket details will show here')).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Past draws' })).toHaveTextContent(
      'There is no data available for this table',
    );

    await user.click(screen.getByRole('button', { name: 'Draw Raffle' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Draw the raffle?' });
    expect(calls.some(({ url }) => url === '/api/raffle-tickets/draw')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Draw' }));

    await findToast('Success', 'Raffle draw successful');
    // A draw writes, so it is a POST.
    expect(calls.filter(({ url }) => url === '/api/raffle-tickets/draw').map(({ method }) => method)).toEqual(['POST']);
    expect(screen.queryByText('Winning Raffle ticket details will show here')).not.toBeInTheDocument();
    const details = screen.getByRole('region', { name: 'Draw result' });
    for (const text of ['RUWA-AB12-CD34', 'Bisi Ade', 'bisi@example.com', '08031234567'])
      expect(details).toHaveTextContent(text);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('shows the server’s message when there is no live ticket', async () => {
    stubAdmin(({ url }) =>
      url === '/api/raffle-tickets/draw'
        ? jsonResponse(409, { message: 'There are no live raffle tickets to draw from.' })
        : undefined,
    );
    const { user } = renderApp('/admin/raffle-tickets/draw');
    await user.click(await screen.findByRole('button', { name: 'Draw Raffle' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Draw' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('There are no live raffle tickets to draw from.');
    expect(screen.getByText('Winning Raffle ticket details will show here')).toBeInTheDocument();
  });

  it('does not leave the last winner on screen after a draw that failed', async () => {
    let live = true;
    stubAdmin(({ url }) => {
      if (url !== '/api/raffle-tickets/draw') return undefined;
      return live
        ? jsonResponse(201, { message: 'Raffle draw successful', data: draw })
        : jsonResponse(409, { message: 'There are no live raffle tickets to draw from.' });
    });
    const { user } = renderApp('/admin/raffle-tickets/draw');
    await user.click(await screen.findByRole('button', { name: 'Draw Raffle' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Draw' }));
    await findToast('Success', 'Raffle draw successful');
    const details = screen.getByRole('region', { name: 'Draw result' });
    expect(details).toHaveTextContent('Bisi Ade');

    live = false;
    await user.click(screen.getByRole('button', { name: 'Draw Raffle' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Draw' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('There are no live raffle tickets to draw from.');
    expect(details).not.toHaveTextContent('Bisi Ade');
    expect(within(details).getByText('Winning Raffle ticket details will show here')).toBeInTheDocument();
  });
});
