import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { fieldError } from '../../lib/http/errors';

/** zxcvbn's scale: 3 is "safely unguessable" against an online attack with throttling. */
const MIN_SCORE = 3;

let estimator: Promise<ZxcvbnFactory> | undefined;

/** The estimator with its common-password and English dictionaries, loaded on first use (about 0.6 s). */
function loadEstimator(): Promise<ZxcvbnFactory> {
  estimator ??= Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-en'),
  ]).then(
    ([{ ZxcvbnFactory }, common, en]) =>
      new ZxcvbnFactory({
        dictionary: { ...common.dictionary, ...en.dictionary },
        graphs: common.adjacencyGraphs,
        translations: en.translations,
      }),
  );
  return estimator;
}

/**
 * Refuses a password that is common or easy to guess (zxcvbn, also against the account's own
 * name, e-mail and phone), with a 422 on `field` saying why and what would help.
 */
export async function requireStrongPassword(password: string, field: string, personal: string[] = []) {
  const result = await (await loadEstimator()).checkAsync(password, personal.filter(Boolean));
  if (result.score >= MIN_SCORE) return;
  const advice = [result.feedback.warning, ...result.feedback.suggestions].filter(Boolean).join(' ');
  throw fieldError(field, `This password is too easy to guess.${advice ? ` ${advice}` : ''}`);
}
