import { HelpScreen } from '@/features/support/components/help-screen';

/** /help: the business's phone, WhatsApp and e-mail, and the customer's reported problems. */
export function HelpRoute() {
  return <HelpScreen />;
}
