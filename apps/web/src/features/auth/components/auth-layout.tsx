import type { ReactNode } from 'react';
import { Logo } from '@/components/ui/logo';

type AuthLayoutProps = {
  title: string;
  description?: ReactNode;
  children: ReactNode;
};

/** The frame of the public auth screens: logo, heading, and a card holding the form. */
export function AuthLayout({ title, description, children }: AuthLayoutProps) {
  return (
    <main className="flex min-h-dvh flex-col items-center bg-gradient-to-b from-brand-50 to-slate-50 px-4 py-10">
      <div className="w-full max-w-md">
        <Logo size="lg" />
        <h1 className="mt-8 text-2xl font-bold text-slate-900">{title}</h1>
        {description && <p className="mt-2 text-base text-slate-700">{description}</p>}
        <div className="mt-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">{children}</div>
      </div>
    </main>
  );
}
