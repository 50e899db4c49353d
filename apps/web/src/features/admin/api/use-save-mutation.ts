import { useRef } from 'react';
import { useMutation, type DefaultError, type UseMutationOptions, type UseMutationResult } from '@tanstack/react-query';

/**
 * A write that sends one request at a time: calling it again while one is on its way does nothing.
 * The mutation's own `isPending` (which disables the Save button) only reaches the screen a render
 * later, so a quick second click or an Enter landing before then would send the write twice; this
 * flag is set in the same tick as the first call. A dropped `mutateAsync` call answers a promise
 * that never settles, so its caller does not report the outcome twice either.
 */
export function useSaveMutation<TData = unknown, TError = DefaultError, TVariables = void, TContext = unknown>(
  options: UseMutationOptions<TData, TError, TVariables, TContext>,
): UseMutationResult<TData, TError, TVariables, TContext> {
  const mutation = useMutation(options);
  const busy = useRef(false);

  const mutateAsync = ((...args: Parameters<typeof mutation.mutateAsync>) => {
    if (busy.current) return new Promise<TData>(() => {});
    busy.current = true;
    return mutation.mutateAsync(...args).finally(() => {
      busy.current = false;
    });
  }) as typeof mutation.mutateAsync;
  const mutate = ((...args: Parameters<typeof mutation.mutate>) => {
    mutateAsync(...args).catch(() => {
      // Reported through the callbacks and the mutation's error state, as useMutation's mutate does.
    });
  }) as typeof mutation.mutate;
  return { ...mutation, mutate, mutateAsync } as UseMutationResult<TData, TError, TVariables, TContext>;
}
