import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { $ZodType } from 'zod/v4/core';
import { SCHEMA_LOAD_FAILED } from './form-errors';
import { notifyError } from './notify';

/**
 * A react-hook-form resolver for a contract schema that is downloaded on first use. The contract
 * module carries zod (about 22 KB gzip), which the login and registration screens, often the first
 * thing a new phone loads, should not wait for. Call `preload` when the user starts on the form.
 */
export function lazyZodResolver<Input extends FieldValues, Output>(load: () => Promise<$ZodType<Output, Input>>) {
  let pending: Promise<Resolver<Input, unknown, Output>> | undefined;

  const preload = () => {
    pending ??= load()
      .then((schema) => zodResolver(schema))
      .catch((error: unknown) => {
        pending = undefined;
        throw error;
      });
    return pending;
  };

  const resolver: Resolver<Input, unknown, Output> = async (values, context, options) => {
    let validate: Resolver<Input, unknown, Output>;
    try {
      validate = await preload();
    } catch {
      notifyError(SCHEMA_LOAD_FAILED);
      const errors = { root: { type: 'load', message: SCHEMA_LOAD_FAILED } } as FieldErrors<Input>;
      return { values: {}, errors };
    }
    return validate(values, context, options);
  };

  return { resolver, preload: () => void preload().catch(() => undefined) };
}
