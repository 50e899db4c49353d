import { screen } from '@testing-library/react';
import { RESET_REQUEST_MESSAGE } from '@ruwa/contract';
import { describe, expect, it } from 'vitest';
import { findToast, jsonResponse, renderApp, stubFetch } from '@/testing/render-app';

describe('reset password request screen', () => {
  it("shows the server's neutral message after sending", async () => {
    const { calls } = stubFetch(() => jsonResponse(200, { message: RESET_REQUEST_MESSAGE, data: null }));
    const { user } = renderApp('/auth/reset-password');
    await user.type(await screen.findByLabelText('Email'), 'someone@example.ng');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));

    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(screen.getByText(RESET_REQUEST_MESSAGE)).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ url: '/api/auth/password/request/reset', body: { email: 'someone@example.ng' } });
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  it("shows 'Error!' with the message when asked too often", async () => {
    stubFetch(() => jsonResponse(429, { message: 'Too many requests. Try again in a minute.' }));
    const { user } = renderApp('/auth/reset-password');
    await user.type(await screen.findByLabelText('Email'), 'someone@example.ng');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));

    await findToast('Error!', 'Too many requests. Try again in a minute.');
    expect(screen.queryByText('Check your email')).not.toBeInTheDocument();
  });
});
