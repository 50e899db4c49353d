import { useRef, useState } from 'react';

export type SignInOutcome<Output> = { ok: true; value: Output } | { ok: false; error: unknown };

/**
 * Runs one sign-in call at a time and says whether it is running. The sign-in steps call the API
 * directly instead of through TanStack Query, which the login screen does not load
 * (app/query-boundary.tsx); the screen after it refreshes the user through the query cache.
 */
export function useSignInRequest<Input, Output>(send: (input: Input) => Promise<Output>) {
  const [isPending, setPending] = useState(false);
  const busy = useRef(false);
  async function run(input: Input): Promise<SignInOutcome<Output> | undefined> {
    if (busy.current) return undefined;
    busy.current = true;
    setPending(true);
    try {
      return { ok: true, value: await send(input) };
    } catch (error) {
      return { ok: false, error };
    } finally {
      busy.current = false;
      setPending(false);
    }
  }
  return { isPending, run };
}
