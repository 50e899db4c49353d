import { deliverySlots, firstDeliveryDay, windowLabel, type DeliveryWindow } from '@ruwa/contract';
import { SelectField } from '@/components/ui/select-field';
import { formatDate } from '@ruwa/contract/dates';

/** One option's value: the day and the window's name (one-off orders book a day). */
export const slotKey = (date: string, name: string) => `${date}|${name}`;

/**
 * The windows a customer can book now, in Lagos time: today's until their cut-off, then tomorrow's.
 * The first is chosen until the customer picks another.
 */
export function availableSlots(windows: DeliveryWindow[], now = new Date()) {
  return deliverySlots(windows, now).map((slot) => ({ ...slot, key: slotKey(slot.date, slot.window.name) }));
}

type DeliveryWindowFieldProps = {
  windows: DeliveryWindow[];
  subscribe: boolean;
  value: string;
  onChange: (value: string) => void;
  error?: string;
};

/** A one-off order picks a day and window; a subscription picks the window every delivery comes in. */
export function DeliveryWindowField({ windows, subscribe, value, onChange, error }: DeliveryWindowFieldProps) {
  if (subscribe) {
    const chosen = windows.find((w) => w.name === value) ?? windows[0]!;
    return (
      <SelectField
        label="Delivery window"
        hint={`First delivery ${formatDate(firstDeliveryDay(chosen, new Date()))}, then at the same time on each delivery day (Lagos time).`}
        error={error}
        value={chosen.name}
        onChange={(event) => onChange(event.target.value)}
      >
        {windows.map((window) => (
          <option key={window.name} value={window.name}>
            {windowLabel(window)}
          </option>
        ))}
      </SelectField>
    );
  }
  const slots = availableSlots(windows);
  return (
    <SelectField
      label="Delivery window"
      hint={`Lagos time. Today's windows close at their cut-off.`}
      error={error}
      value={slots.some((slot) => slot.key === value) ? value : slots[0]?.key}
      onChange={(event) => onChange(event.target.value)}
    >
      {slots.map((slot) => (
        <option key={slot.key} value={slot.key}>
          {slot.label}
        </option>
      ))}
    </SelectField>
  );
}
