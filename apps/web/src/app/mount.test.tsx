import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Root } from 'react-dom/client';
import { takeConsoleErrors } from '@/testing/console';
import { stubFetch } from '@/testing/render-app';
import { mountApp } from './mount';

let root: Root | undefined;
let container: HTMLElement | undefined;

function mount() {
  container = document.createElement('div');
  document.body.append(container);
  act(() => {
    root = mountApp(container!);
  });
}

afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
});

describe('mountApp', () => {
  it('renders only "Invalid environment variables" when the Paystack key is missing', () => {
    window.__RUWA_ENV__ = { apiUrl: '/api', paystackPublicKey: '' };
    mount();
    expect(container).toHaveTextContent(/^Invalid environment variables$/);
    expect(screen.getByRole('heading', { name: 'Invalid environment variables' })).toBeInTheDocument();
    expect(takeConsoleErrors()).toEqual([['Invalid environment variables: missing paystackPublicKey']]);
  });

  it('renders only "Invalid environment variables" when the API URL is empty', () => {
    window.__RUWA_ENV__ = { apiUrl: '', paystackPublicKey: 'pk_test_sandbox' };
    mount();
    expect(container).toHaveTextContent(/^Invalid environment variables$/);
    takeConsoleErrors();
  });

  it('starts the app when the configuration is valid', async () => {
    stubFetch(() => undefined);
    mount();
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(container).not.toHaveTextContent('Invalid environment variables');
  });
});
