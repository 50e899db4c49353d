import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { findToast, jsonResponse, makeUser, renderApp, signIn, stubFetch } from '@/testing/render-app';
import { emptyAnswer, pageOf } from '../testing/agent-fixtures';

const lekki = { id: 1, name: 'Lekki', state: 'lagos', country: 'nigeria', enabled: true };

describe('agent application', () => {
  it('applies from the profile, says so and goes back to a profile showing the pending status', async () => {
    signIn();
    let applied = false;
    const { calls } = stubFetch(({ method, url }) => {
      if (url === '/api/users/me') {
        return jsonResponse(200, {
          message: '',
          data: makeUser({ agent: applied ? { id: 3, status: 'pending' } : null }),
        });
      }
      if (url.startsWith('/api/location/index')) return jsonResponse(200, { message: '', data: pageOf([lekki]) });
      if (method === 'POST' && url === '/api/agents/store') {
        applied = true;
        return jsonResponse(201, { message: 'Registration Successful', data: { id: 3, status: 'pending' } });
      }
      return method === 'GET' ? emptyAnswer(url) : undefined;
    });
    const { user, router } = renderApp('/profile');

    await user.click(await screen.findByRole('link', { name: 'Become an agent' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Become an agent' })).toBeInTheDocument();
    expect(screen.getAllByText(/100 bags/).length).toBeGreaterThan(0);

    await user.click(screen.getByLabelText('Business Name'));
    await user.paste('Ada Water Ventures');
    const email = screen.getByLabelText('Email');
    expect(email).toHaveValue('ada@ruwa.local');
    await user.clear(email);
    await user.click(email);
    await user.paste('sales@adawater.ng');
    await screen.findByRole('option', { name: 'Lekki' });
    await user.selectOptions(screen.getByLabelText('Location (optional)'), 'Lekki');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    await findToast('Success', 'Registration Successful');
    expect(calls.find(({ url }) => url === '/api/agents/store')?.body).toEqual({
      agent_name: 'Ada Water Ventures',
      agent_email: 'sales@adawater.ng',
      location_id: 1,
    });
    expect(await screen.findByText('Agent application: pending')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile');
    expect(screen.queryByRole('link', { name: 'Become an agent' })).not.toBeInTheDocument();
  });

  it('checks the fields as the API does, then shows the server’s field errors', async () => {
    signIn();
    const { calls } = stubFetch(({ method, url }) => {
      if (url === '/api/users/me') return jsonResponse(200, { message: '', data: makeUser() });
      if (method === 'POST' && url === '/api/agents/store') {
        return jsonResponse(422, {
          message: 'The given data was invalid.',
          errors: { agent_email: ['This e-mail is already used by another agent.'] },
        });
      }
      return method === 'GET' ? emptyAnswer(url) : undefined;
    });
    const { user } = renderApp('/agent-apply');
    await user.click(await screen.findByLabelText('Business Name'));
    await user.paste('Ada Water');
    await user.click(screen.getByLabelText('Phone Number (optional)'));
    await user.paste('123');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Phone Number (optional)')).toHaveAccessibleDescription(
        'Enter a Nigerian mobile number like 08031234567 or +2348031234567.',
      ),
    );
    expect(calls.some(({ url }) => url === '/api/agents/store')).toBe(false);

    await user.clear(screen.getByLabelText('Phone Number (optional)'));
    await user.paste('08031234567');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await findToast('Error!', 'This e-mail is already used by another agent.');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('This e-mail is already used by another agent.');
    expect(calls.find(({ url }) => url === '/api/agents/store')?.body).toMatchObject({
      agent_name: 'Ada Water',
      agent_phone: '+2348031234567',
    });
  });
});

describe('the profile entry to the agent programme', () => {
  it.each([
    [null, 'Become an agent', '/agent-apply'],
    [{ id: 3, status: 'approved' as const }, 'Dashboard', '/agent'],
  ])('for agent %o shows the link %s', async (agent, name, href) => {
    signIn({ agent });
    stubFetch(({ url, method }) => {
      if (url === '/api/users/me') return jsonResponse(200, { message: '', data: makeUser({ agent }) });
      return method === 'GET' ? emptyAnswer(url) : undefined;
    });
    renderApp('/profile');
    expect(await screen.findByRole('link', { name })).toHaveAttribute('href', href);
  });

  it('shows a pending application instead of either link', async () => {
    const agent = { id: 3, status: 'pending' as const };
    signIn({ agent });
    stubFetch(({ url, method }) => {
      if (url === '/api/users/me') return jsonResponse(200, { message: '', data: makeUser({ agent }) });
      return method === 'GET' ? emptyAnswer(url) : undefined;
    });
    renderApp('/profile');
    expect(await screen.findByText('Agent application: pending')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Become an agent' })).not.toBeInTheDocument();
  });
});
