import { LogOut } from 'lucide-react';
import { Button, type ButtonProps } from '@/components/ui/button';
import { useLogout } from '../api/logout';

type LogoutButtonProps = Omit<ButtonProps, 'onClick' | 'loading' | 'asChild'> & {
  /** Runs once the session is cleared (the app sends the user to the login screen). */
  onLoggedOut: () => void;
};

export function LogoutButton({ onLoggedOut, children = 'Log out', variant = 'outline', ...props }: LogoutButtonProps) {
  const mutation = useLogout({ onSettled: onLoggedOut });
  return (
    <Button variant={variant} loading={mutation.isPending} onClick={() => mutation.mutate()} {...props}>
      {!mutation.isPending && <LogOut className="size-4" aria-hidden="true" />}
      {children}
    </Button>
  );
}
