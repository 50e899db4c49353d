import { notifyError, notifySuccess } from './notify';

type CopyMessages = {
  /** The toast once copied; none when the screen shows it itself (a "Copied" label). */
  copied?: string;
  /** What cannot be copied, e.g. 'code': the failure toast tells how to copy it by hand. */
  what: string;
};

/**
 * Copies text to the clipboard and says how it went: browsers refuse it on an insecure page, without
 * permission or outside a tap, so a failure asks the customer to copy it themselves. Answers whether
 * it was copied.
 */
export async function copyText(text: string, { copied, what }: CopyMessages): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    notifyError(`The ${what} could not be copied. Select it and copy it yourself.`);
    return false;
  }
  if (copied) notifySuccess(copied);
  return true;
}
