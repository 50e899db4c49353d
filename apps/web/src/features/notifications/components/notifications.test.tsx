import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, renderApp, signIn, stubFetch, type RecordedRequest } from '@/testing/render-app';
import type { AppNotification } from '@ruwa/contract/replies';

function note(id: number, overrides: Partial<AppNotification> = {}): AppNotification {
  return {
    id,
    kind: 'reward',
    title: `Notification ${id}`,
    description: `Details of notification ${id}`,
    read: false,
    created_at: '2026-03-02T09:00:00.000Z',
    ...overrides,
  };
}

function pageOf(rows: AppNotification[], current = 1, last = 1) {
  return {
    current_page: current,
    last_page: last,
    per_page: 2,
    total: last * 2,
    prev_page_url: current > 1 ? `/api/notifications/me?page=${current - 1}` : null,
    next_page_url: current < last ? `/api/notifications/me?page=${current + 1}` : null,
    data: rows,
  };
}

type Stub = (request: RecordedRequest) => Response | undefined;

function stubCustomer({ unread = 0, extra = () => undefined }: { unread?: number; extra?: Stub } = {}) {
  signIn();
  return stubFetch((request) => {
    const answer = extra(request);
    if (answer) return answer;
    if (request.url === '/api/users/me') return jsonResponse(200, { message: '', data: makeUser() });
    if (request.url === '/api/notifications/unread-count')
      return jsonResponse(200, { message: '', data: { count: unread } });
    return undefined;
  });
}

describe('notifications', () => {
  it('puts the unread count on the Notification tab, in its accessible name', async () => {
    stubCustomer({ unread: 3 });
    renderApp('/home');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const tab = await within(nav).findByRole('link', { name: 'Notification, 3 unread' });
    expect(tab).toHaveAttribute('href', '/notifications');
    expect(within(tab).getByTestId('unread-badge')).toHaveTextContent('3');
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/home', '/notifications', '/profile', '/wallet']);
  });

  it('shows no badge when everything is read', async () => {
    stubCustomer({ unread: 0 });
    renderApp('/home');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(await within(nav).findByRole('link', { name: 'Notification' })).toBeInTheDocument();
    expect(within(nav).queryByTestId('unread-badge')).not.toBeInTheDocument();
  });

  it('lists cards newest first, loads more, and marks all as read', async () => {
    let unread = 2;
    const { calls } = stubCustomer({
      unread,
      extra: ({ url }) => {
        if (url === '/api/notifications/me?page=1')
          return jsonResponse(200, {
            message: '',
            data: pageOf([note(3, { title: 'You won the raffle!' }), note(2)], 1, 2),
          });
        if (url === '/api/notifications/me?page=2')
          return jsonResponse(200, { message: '', data: pageOf([note(1, { read: true })], 2, 2) });
        if (url === '/api/notifications/read') {
          unread = 0;
          return jsonResponse(200, { message: 'Marked as read', data: { unread: 0 } });
        }
        if (url === '/api/notifications/unread-count')
          return jsonResponse(200, { message: '', data: { count: unread } });
        return undefined;
      },
    });
    const { user } = renderApp('/notifications');

    const list = await screen.findByRole('list', { name: 'Notifications' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([expect.stringContaining('You won the raffle!'), expect.stringContaining('Notification 2')]);
    expect(within(list).getByRole('button', { name: /Unread:\s*You won the raffle!/ })).toHaveTextContent(
      'Details of notification 3',
    );

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(list).findByText('Notification 1')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);

    expect(await screen.findByRole('link', { name: 'Notification, 2 unread' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));
    expect(await screen.findByRole('link', { name: 'Notification' })).toBeInTheDocument();
    expect(calls.find(({ url }) => url === '/api/notifications/read')?.body).toEqual({ all: true });
    expect(within(list).queryAllByRole('button')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Mark all as read' })).not.toBeInTheDocument();
  });

  it('marks one card read when it is tapped', async () => {
    const { calls } = stubCustomer({
      unread: 2,
      extra: ({ url }) => {
        if (url === '/api/notifications/me?page=1')
          return jsonResponse(200, { message: '', data: pageOf([note(5), note(4)]) });
        if (url === '/api/notifications/read')
          return jsonResponse(200, { message: 'Marked as read', data: { unread: 1 } });
        return undefined;
      },
    });
    const { user } = renderApp('/notifications');
    await user.click(await screen.findByRole('button', { name: /Unread:\s*Notification 4/ }));
    expect(await screen.findByRole('link', { name: 'Notification, 1 unread' })).toBeInTheDocument();
    expect(calls.find(({ url }) => url === '/api/notifications/read')?.body).toEqual({ id: 4 });
    expect(screen.queryByRole('button', { name: /Notification 4/ })).not.toBeInTheDocument();
    expect(screen.getByText('Notification 4')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Unread:\s*Notification 5/ })).toBeInTheDocument();
  });

  it('says "No data yet" when there are none', async () => {
    stubCustomer({
      extra: ({ url }) =>
        url === '/api/notifications/me?page=1' ? jsonResponse(200, { message: '', data: pageOf([]) }) : undefined,
    });
    renderApp('/notifications');
    expect(await screen.findByText('No data yet')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark all as read' })).not.toBeInTheDocument();
  });
});
