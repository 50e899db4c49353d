import { screen } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type * as QueryClientModule from '@/lib/query-client';
import { renderApp, stubFetch } from '@/testing/render-app';
import { preloadScreen } from './router';

const clients = vi.hoisted(() => [] as QueryClient[]);
vi.mock('@/lib/query-client', async (importOriginal) => {
  const original = await importOriginal<typeof QueryClientModule>();
  return {
    ...original,
    createQueryClient: () => {
      const client = original.createQueryClient();
      clients.push(client);
      return client;
    },
  };
});

// Module state (which screens' code has arrived) lasts for this file, so each test uses its own screen.
describe('the first render', () => {
  it('shows a preloaded screen at once, without the spinner a second render would replace', async () => {
    stubFetch(() => undefined);
    await preloadScreen('/auth/login');
    renderApp('/auth/login');
    // No findBy: the screen is in the very first commit.
    expect(screen.getByRole('heading', { level: 1, name: 'Buy water, gas, airtime and data' })).toBeInTheDocument();
    expect(screen.queryByText('Loading')).not.toBeInTheDocument();
  });

  it("shows the spinner while a screen's code is still on its way", async () => {
    stubFetch(() => undefined);
    renderApp('/auth/register');
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    expect(await screen.findByRole('heading', { level: 1, name: 'Create your account' })).toBeInTheDocument();
  });

  it('an address with no screen has nothing to wait for', async () => {
    await expect(preloadScreen('/no/such/screen')).resolves.toBeUndefined();
  });

  it('signed out, nothing asks for the current user (the query code does not even run)', async () => {
    const { calls } = stubFetch(() => undefined);
    renderApp('/auth/reset-password');
    await screen.findByRole('heading', { level: 1 });
    expect(
      clients
        .at(-1)
        ?.getQueryCache()
        .find({ queryKey: ['users', 'me'] }),
    ).toBeUndefined();
    expect(calls.map((call) => call.url)).not.toContainEqual(expect.stringContaining('users/me'));
  });
});
