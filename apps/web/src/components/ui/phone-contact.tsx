import { normalizeNigerianPhone } from '@ruwa/contract/phone';
import { buttonVariants } from './button';

/**
 * A phone number with Call and WhatsApp buttons: how customers and agents reach each other about a
 * delivery. WhatsApp takes the international number without the plus.
 */
export function PhoneContact({ name, phone }: { name: string; phone: string }) {
  const international = normalizeNigerianPhone(phone);
  return (
    <div className="flex flex-wrap items-center gap-2">
      <span className="text-slate-900 tabular-nums">{phone}</span>
      <a
        href={`tel:${international ?? phone}`}
        aria-label={`Call ${name}`}
        className={buttonVariants({ variant: 'outline', size: 'sm' })}
      >
        Call
      </a>
      {international && (
        <a
          href={`https://wa.me/${international.slice(1)}`}
          target="_blank"
          rel="noreferrer"
          aria-label={`WhatsApp ${name}`}
          className={buttonVariants({ variant: 'secondary', size: 'sm' })}
        >
          WhatsApp
        </a>
      )}
    </div>
  );
}
