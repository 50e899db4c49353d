import { useEffect, useState } from 'react';
import { SwitchField } from '@/components/ui/switch-field';
import { notifyError } from '@/lib/notify';
import { pushState, turnPushOff, turnPushOn, type PushState } from '../api/push-subscription';

const HINTS: Record<Exclude<PushState, 'unavailable'>, string> = {
  on: 'You are alerted on this phone even when Ruwa is closed.',
  off: 'Turn on to be alerted on this phone even when Ruwa is closed.',
  blocked: 'Alerts are blocked for Ruwa in this browser’s settings. Allow notifications there, then try again.',
};

/**
 * 'Alerts on this phone' (Web Push): customers hear of their orders' progress, agents of new orders
 * in their area. Not shown where the browser cannot receive pushes or the server has them off.
 */
export function PushAlertsSwitch({ label = 'Alerts on this phone' }: { label?: string }) {
  const [state, setState] = useState<PushState | 'loading'>('loading');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let current = true;
    pushState()
      .then((found) => current && setState(found))
      .catch(() => current && setState('unavailable'));
    return () => {
      current = false;
    };
  }, []);

  if (state === 'loading' || state === 'unavailable') return null;

  const change = async (on: boolean) => {
    setBusy(true);
    try {
      setState(await (on ? turnPushOn() : turnPushOff()));
    } catch (error) {
      notifyError(error instanceof Error ? error.message : 'Alerts could not be changed. Try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <SwitchField
      label={label}
      hint={HINTS[state]}
      checked={state === 'on'}
      disabled={busy}
      onCheckedChange={(on) => void change(on)}
    />
  );
}
