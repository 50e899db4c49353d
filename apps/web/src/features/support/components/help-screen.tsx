import { useState, type FormEvent, type ReactNode } from 'react';
import { Mail, MessageCircle, Phone } from 'lucide-react';
import {
  SUPPORT_CASE_STATUS_LABELS,
  type SupportCase,
  type SupportCaseStatus,
  type SupportContacts,
} from '@ruwa/contract';
import { formatDateTime } from '@ruwa/contract/dates';
import { toLocalPhone } from '@ruwa/contract/phone';
import { Button, buttonVariants } from '@/components/ui/button';
import { Pager } from '@/components/ui/pager';
import { Skeleton } from '@/components/ui/skeleton';
import { TextArea } from '@/components/ui/text-area';
import { isApiError } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useAnswerCase } from '../api/answer-case';
import { cn } from '@/lib/utils';
import { useMyCases } from '../api/get-my-cases';
import { useSupportContacts } from '../api/get-support-contacts';
import { SUPPORT_TEXTS as T } from '../texts';

const card = 'space-y-3 rounded-xl bg-white p-4 ring-1 ring-slate-200';

function Failed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="space-y-2">
      <p className="text-slate-800">{message}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        {T.tryAgain}
      </Button>
    </div>
  );
}

type ContactLink = { href: string; label: string; icon: ReactNode; external?: boolean };

/** tel:, wa.me and mailto: links for whichever contacts the business has set. */
function ContactLinks({ contacts }: { contacts: SupportContacts }) {
  const links: ContactLink[] = [];
  if (contacts.phone) {
    links.push({
      href: `tel:${contacts.phone}`,
      label: `${T.call} ${toLocalPhone(contacts.phone)}`,
      icon: <Phone className="size-4" aria-hidden="true" />,
    });
  }
  if (contacts.whatsapp) {
    links.push({
      href: `https://wa.me/${contacts.whatsapp.replace(/^\+/, '')}`,
      label: `${T.whatsapp} ${toLocalPhone(contacts.whatsapp)}`,
      icon: <MessageCircle className="size-4" aria-hidden="true" />,
      external: true,
    });
  }
  if (contacts.email) {
    links.push({
      href: `mailto:${contacts.email}`,
      label: `${T.email} ${contacts.email}`,
      icon: <Mail className="size-4" aria-hidden="true" />,
    });
  }
  if (!links.length) return <p className="text-slate-700">{T.noContacts}</p>;
  return (
    <ul className="grid gap-2 sm:grid-cols-3">
      {links.map((link) => (
        <li key={link.href}>
          <a
            href={link.href}
            {...(link.external ? { target: '_blank', rel: 'noreferrer' } : {})}
            className={cn(buttonVariants({ variant: 'outline', block: true }), 'min-w-0')}
          >
            {link.icon}
            <span className="truncate">{link.label}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}

const STATUS_CLASSES: Record<SupportCaseStatus, string> = {
  open: 'bg-amber-100 text-amber-900',
  waiting_on_customer: 'bg-sky-100 text-sky-900',
  resolved: 'bg-brand-100 text-brand-900',
};

function CaseCard({ supportCase }: { supportCase: SupportCase }) {
  const headingId = `support-case-${supportCase.id}`;
  return (
    <article aria-labelledby={headingId} className={card}>
      <div className="flex items-start justify-between gap-2">
        <h3 id={headingId} className="font-semibold break-words text-slate-900">
          {T.caseTitle(supportCase.id, supportCase.reference)}
        </h3>
        <span
          className={cn('shrink-0 rounded-full px-2 py-0.5 text-xs font-medium', STATUS_CLASSES[supportCase.status])}
        >
          {SUPPORT_CASE_STATUS_LABELS[supportCase.status]}
        </span>
      </div>
      <ol className="space-y-2">
        {supportCase.messages.map((message) => (
          <li
            key={message.id}
            className={cn(
              'rounded-lg p-3 text-sm',
              message.from === 'support' ? 'bg-brand-50 text-slate-900' : 'bg-slate-50 text-slate-800',
            )}
          >
            <p className="text-xs font-medium text-slate-600">
              {message.from === 'support' ? T.ruwa : T.you} · {formatDateTime(message.created_at)}
            </p>
            <p className="whitespace-pre-line break-words">{message.body}</p>
          </li>
        ))}
      </ol>
      {supportCase.status === 'waiting_on_customer' && <AnswerCase id={supportCase.id} />}
    </article>
  );
}

/** The customer's answer to a question from the team, on a case waiting on them. */
function AnswerCase({ id }: { id: number }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const answer = useAnswerCase();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return setError(T.answerEmpty);
    setError(undefined);
    answer.mutate(
      { id, message: text.trim() },
      {
        onSuccess: ({ message }) => {
          setText('');
          notifySuccess(message);
        },
        onError: (failure) => {
          const message = isApiError(failure) ? (failure.fieldError('message') ?? failure.message) : failure.message;
          setError(message);
          notifyError(message);
        },
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-2">
      <TextArea
        label={T.answerLabel}
        hint={T.answerHint}
        rows={3}
        maxLength={2000}
        value={text}
        error={error}
        onChange={(event) => setText(event.target.value)}
      />
      <Button type="submit" size="sm" loading={answer.isPending}>
        {T.answerSend}
      </Button>
    </form>
  );
}

function MyCases() {
  const [page, setPage] = useState(1);
  const cases = useMyCases(page);
  if (cases.isPending) {
    return (
      <div role="status" className="space-y-3">
        <span className="sr-only">{T.loadingCases}</span>
        <Skeleton className="h-24 w-full" shape="card" />
      </div>
    );
  }
  if (cases.isError && !cases.data) return <Failed message={T.casesFailed} onRetry={() => void cases.refetch()} />;
  if (cases.data.data.length === 0) return <p className="text-slate-700">{T.casesEmpty}</p>;
  return (
    <div>
      <ul className="space-y-3" aria-busy={cases.isPlaceholderData || undefined}>
        {cases.data.data.map((supportCase) => (
          <li key={supportCase.id}>
            <CaseCard supportCase={supportCase} />
          </li>
        ))}
      </ul>
      <Pager page={cases.data} onPageChange={setPage} disabled={cases.isPlaceholderData} label="Report pages" />
    </div>
  );
}

/** /help: how to reach the business, and the customer's own reports with the team's replies. */
export function HelpScreen() {
  const contacts = useSupportContacts();
  return (
    <div className="space-y-5">
      <h1 className="text-2xl font-bold text-slate-900">{T.helpTitle}</h1>
      <section aria-labelledby="help-contacts" className={card}>
        <h2 id="help-contacts" className="text-lg font-semibold text-slate-900">
          {T.contactHeading}
        </h2>
        {contacts.isPending ? (
          <div role="status">
            <span className="sr-only">{T.loadingContacts}</span>
            <Skeleton className="h-12 w-full" />
          </div>
        ) : contacts.isError ? (
          <Failed message={T.contactsFailed} onRetry={() => void contacts.refetch()} />
        ) : (
          <>
            {(contacts.data.phone || contacts.data.whatsapp || contacts.data.email) && (
              <p className="text-sm text-slate-700">{T.contactIntro}</p>
            )}
            <ContactLinks contacts={contacts.data} />
          </>
        )}
      </section>
      <section aria-labelledby="help-cases" className="space-y-3">
        <h2 id="help-cases" className="text-lg font-semibold text-slate-900">
          {T.casesHeading}
        </h2>
        <MyCases />
      </section>
    </div>
  );
}
