import type { ReactNode } from 'react';
import { KeyRound, LifeBuoy, Mail, MapPin, Pencil, Phone } from 'lucide-react';
import { Link } from 'react-router';
import { toLocalPhone, type User } from '@ruwa/contract';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { ReceiptMailsSetting } from './receipt-mails-setting';
import { ReferralCode } from './referral-code';
import { VerificationStatus } from './verification-status';

type ProfileViewProps = {
  user: User;
  updateHref: string;
  passwordHref: string;
  /** The saved delivery addresses screen. */
  addressesHref: string;
  /** The screen that verifies the phone number by SMS. */
  verifyPhoneHref: string;
  /** The Help screen: the business's contacts and the customer's reported problems. */
  helpHref?: string;
  inviteUrl: string;
  /** The 'Orders' and 'Subscriptions' tabs, from the orders feature. */
  orders?: ReactNode;
  /** Account actions placed at the bottom (the app passes the Log out button). */
  actions?: ReactNode;
  /** The agent programme entry: 'Dashboard', 'Become an agent' or the application's status. */
  agentEntry?: ReactNode;
};

export function ProfileView({
  user,
  updateHref,
  passwordHref,
  addressesHref,
  verifyPhoneHref,
  helpHref,
  inviteUrl,
  orders,
  actions,
  agentEntry,
}: ProfileViewProps) {
  const fullName = `${user.first_name} ${user.last_name}`.trim();
  return (
    <div className="space-y-6">
      <div className="flex flex-col items-center text-center">
        {/* Named by what shows (the initials when there is no photo) and where it goes. */}
        <Link to={updateHref} className="rounded-full">
          <Avatar src={user.picture} firstName={user.first_name} lastName={user.last_name} size="lg" />
          <span className="sr-only">Update your profile and photo</span>
        </Link>
        <h1 className="mt-3 text-2xl font-bold text-slate-900">{fullName}</h1>
        <dl className="mt-2 space-y-1 text-slate-700">
          <div className="flex items-center justify-center gap-2">
            <dt>
              <Mail className="size-4" aria-hidden="true" />
              <span className="sr-only">Email</span>
            </dt>
            <dd className="break-all">{user.email}</dd>
          </div>
          <div className="flex items-center justify-center gap-2">
            <dt>
              <Phone className="size-4" aria-hidden="true" />
              <span className="sr-only">Phone number</span>
            </dt>
            <dd>{toLocalPhone(user.phone_number)}</dd>
          </div>
        </dl>
        <div className="mt-4 flex flex-wrap justify-center gap-2">
          <Button asChild variant="secondary" size="sm">
            <Link to={updateHref}>
              <Pencil className="size-4" aria-hidden="true" />
              Edit profile
            </Link>
          </Button>
          <Button asChild variant="secondary" size="sm">
            <Link to={passwordHref}>
              <KeyRound className="size-4" aria-hidden="true" />
              Change password
            </Link>
          </Button>
          <Button asChild variant="secondary" size="sm">
            <Link to={addressesHref}>
              <MapPin className="size-4" aria-hidden="true" />
              Saved addresses
            </Link>
          </Button>
          {helpHref && (
            <Button asChild variant="secondary" size="sm">
              <Link to={helpHref}>
                <LifeBuoy className="size-4" aria-hidden="true" />
                Help
              </Link>
            </Button>
          )}
        </div>
        {agentEntry && <div className="mt-3 flex w-full justify-center">{agentEntry}</div>}
      </div>

      <VerificationStatus user={user} verifyPhoneHref={verifyPhoneHref} />

      <ReceiptMailsSetting emailVerified={user.email_verified} />

      {user.referral_code && <ReferralCode code={user.referral_code} inviteUrl={inviteUrl} />}

      {orders}

      {actions && <div className="flex justify-center pt-2">{actions}</div>}
    </div>
  );
}
