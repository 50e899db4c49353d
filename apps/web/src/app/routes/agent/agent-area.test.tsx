import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AgentStatus } from '@ruwa/contract';
import { dashboardFixture, emptyAnswer, pageOf } from '@/features/agent/testing/agent-fixtures';
import { findToast, jsonResponse, makeUser, renderApp, signIn, stubFetch } from '@/testing/render-app';

describe('the agent area guard', () => {
  it.each<[string, { id: number; status: AgentStatus } | null]>([
    ['a customer who never applied', null],
    ['a pending applicant', { id: 3, status: 'pending' }],
    ['a suspended agent', { id: 3, status: 'suspended' }],
  ])('sends %s to the profile with a toast', async (_who, agent) => {
    signIn({ agent });
    const { calls } = stubFetch(({ url, method }) => {
      if (url === '/api/users/me') return jsonResponse(200, { message: '', data: makeUser({ agent }) });
      return method === 'GET' && !url.startsWith('/api/agents/') ? emptyAnswer(url) : undefined;
    });
    const { router } = renderApp('/agent/rewards');
    await findToast('Error!', 'The agent area is for approved agents only.');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Obi' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile');
    expect(calls.some(({ url }) => url.startsWith('/api/agents/'))).toBe(false);
  });

  it('lets an approved agent in, with the sidebar', async () => {
    const agent = { id: 3, status: 'approved' as const };
    signIn({ agent });
    stubFetch(({ url }) => {
      if (url === '/api/users/me') return jsonResponse(200, { message: '', data: makeUser({ agent }) });
      if (url === '/api/agents/me/dashboard') return jsonResponse(200, { message: '', data: dashboardFixture });
      if (url.startsWith('/api/agents/me/orders')) return jsonResponse(200, { message: '', data: pageOf([]) });
      return undefined;
    });
    renderApp('/agent');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    const links = within(screen.getByRole('navigation', { name: 'Agent' })).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Dashboard', '/agent'],
      ['Rewards', '/agent/rewards'],
      ['Transactions', '/agent/transactions'],
      ['Settings', '/agent/setting'],
    ]);
    expect(screen.getByRole('button', { name: 'Log out' })).toBeInTheDocument();
  });
});
