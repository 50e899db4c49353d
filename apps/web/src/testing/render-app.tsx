import { useLayoutEffect, type ReactNode } from 'react';
import { act, render, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  MemoryRouter,
  useLocation,
  useNavigate,
  type Location,
  type MemoryRouterProps,
  type NavigateFunction,
  type NavigateOptions,
  type To,
} from 'react-router';
import type { User } from '@ruwa/contract';
import { vi } from 'vitest';
import { App } from '@/app/app';
import { startSession } from '@/lib/session';

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 7,
    first_name: 'Ada',
    last_name: 'Obi',
    email: 'ada@ruwa.local',
    phone_number: '+2348031234567',
    phone_verified: true,
    email_verified: true,
    picture: null,
    role: 'customer',
    referral_code: 'ADA7QX',
    referral_rewards: 0,
    agent: null,
    created_at: '2026-01-15T10:00:00.000Z',
    // An admin is an owner unless the test says otherwise, as the API's own factory makes them.
    staff_role: overrides.role === 'admin' ? 'owner' : null,
    ...overrides,
  };
}

export function signIn(overrides: Partial<User> = {}, token = 'test-token'): User {
  const user = makeUser(overrides);
  startSession({ access_token: token, user });
  return user;
}

type InitialEntry = NonNullable<MemoryRouterProps['initialEntries']>[number];

/**
 * The tests' view of the router: where it is (`state.location`, as the app last rendered it) and a
 * way to go elsewhere. Shaped like the data router's, which the tests used before.
 */
export type TestRouter = {
  state: { location: Location };
  /** A path, or a step through the history (-1 is back). */
  navigate: (to: To | number, options?: NavigateOptions) => Promise<void>;
};

/** A MemoryRouter starting at `path`, and the TestRouter that watches and drives it. */
export function memoryRouter(path: InitialEntry) {
  let navigateTo: NavigateFunction | undefined;
  const router: TestRouter = {
    state: { location: undefined as unknown as Location },
    navigate: async (to, options) => {
      await act(async () => {
        await (typeof to === 'number' ? navigateTo?.(to) : navigateTo?.(to, options));
      });
    },
  };

  function Watch() {
    const location = useLocation();
    const navigate = useNavigate();
    useLayoutEffect(() => {
      router.state.location = location;
      navigateTo = navigate;
    });
    return null;
  }

  // Without transitions, as in production (app/app.tsx): a navigation renders at once, with the
  // spinner while a screen's code downloads. With React's, the previous screen would stay until the
  // next one is ready, and the location the tests read could lag behind a toast shown meanwhile.
  function Router({ children }: { children: ReactNode }) {
    return (
      <MemoryRouter initialEntries={[path]} useTransitions={false}>
        {children}
        <Watch />
      </MemoryRouter>
    );
  }

  return { Router, router };
}

/**
 * Renders the whole app (providers, toaster, real routes and guards) at `path`, which may carry
 * navigation state: `{ pathname, search, state }`.
 */
export function renderApp(path: InitialEntry) {
  const { Router, router } = memoryRouter(path);
  const user = userEvent.setup();
  render(<App Router={Router} />);
  return { router, user };
}

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export type RecordedRequest = { method: string; url: string; headers: Headers; body: unknown };

/**
 * Replaces fetch with `handler`; every call is recorded. The handler sees the parsed JSON body.
 * Unhandled requests answer 404 so a test notices them.
 */
export function stubFetch(handler: (request: RecordedRequest) => Response | Promise<Response> | undefined) {
  const calls: RecordedRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const request: RecordedRequest = {
      method: init.method ?? 'GET',
      url: String(input),
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    };
    calls.push(request);
    return (await handler(request)) ?? jsonResponse(404, { message: `No stub for ${request.method} ${request.url}` });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

/** A promise whose settling the test controls (to hold a request in flight). */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/**
 * Waits for the toast with this title (and description), and returns it. A toast that is leaving
 * can still be in the page for a moment, so every toast is considered, not only the first.
 */
export async function findToast(title: string, description?: string): Promise<HTMLElement> {
  return waitFor(() => {
    const toasts = Array.from(document.querySelectorAll<HTMLElement>('[data-sonner-toast]'));
    const match = toasts.find(
      (toast) =>
        toast.querySelector('[data-title]')?.textContent === title &&
        (description === undefined || (toast.textContent ?? '').includes(description)),
    );
    if (!match) throw new Error(`No toast "${title}"${description === undefined ? '' : ` with "${description}"`}`);
    return match;
  });
}
