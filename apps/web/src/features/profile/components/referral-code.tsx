import { Copy, MessageCircle, Share2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { copyText } from '@/lib/clipboard';
import { notifyError } from '@/lib/notify';

type ReferralCodeProps = {
  code: string;
  /** The registration address with this code filled in. */
  inviteUrl: string;
};

function canShare(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.share === 'function';
}

/** The invitation text, with the code and the sign-up link that fills it in. */
export function invitationText(code: string, inviteUrl: string): string {
  return `Join me on Ruwa to buy water, gas, airtime and data. Use my referral code ${code}: ${inviteUrl}`;
}

export function ReferralCode({ code, inviteUrl }: ReferralCodeProps) {
  // WhatsApp's own share link: opens the app (or WhatsApp Web) with the message ready to send.
  const whatsappHref = `https://wa.me/?text=${encodeURIComponent(invitationText(code, inviteUrl))}`;
  const copy = () => copyText(code, { copied: 'Referral code copied', what: 'code' });

  async function share() {
    try {
      await navigator.share({
        title: 'Ruwa',
        text: `Join me on Ruwa to buy water, gas, airtime and data. Use my referral code ${code}.`,
        url: inviteUrl,
      });
    } catch (error) {
      // Closing the share sheet is not a failure.
      if (error instanceof DOMException && error.name === 'AbortError') return;
      notifyError('Sharing is not available here. Copy the code instead.');
    }
  }

  return (
    <section aria-labelledby="referral-heading" className="rounded-2xl bg-brand-50 p-4 ring-1 ring-brand-100">
      <h2 id="referral-heading" className="text-base font-semibold text-slate-900">
        Your referral code
      </h2>
      <p className="mt-1 text-sm text-slate-700">Earn a bonus when people you refer recharge their phones.</p>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <span className="rounded-lg bg-white px-3 py-2 font-mono text-lg font-semibold tracking-widest text-brand-800 ring-1 ring-brand-200">
          {code}
        </span>
        <Button variant="outline" size="sm" onClick={copy} aria-label={`Copy referral code ${code}`}>
          <Copy className="size-4" aria-hidden="true" />
          Copy
        </Button>
        <Button asChild variant="outline" size="sm">
          <a href={whatsappHref} target="_blank" rel="noopener noreferrer">
            <MessageCircle className="size-4" aria-hidden="true" />
            Share on WhatsApp
          </a>
        </Button>
        {canShare() && (
          <Button variant="outline" size="sm" onClick={share}>
            <Share2 className="size-4" aria-hidden="true" />
            Share
          </Button>
        )}
      </div>
    </section>
  );
}
