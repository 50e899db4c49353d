import { toast } from 'sonner';

/**
 * The app's toast wording in one place (SPEC section 8): failures are titled 'Error!', successes
 * 'Success', 'Success!' or 'Action Successful'. The Toaster shows at most one at a time.
 */
export type SuccessTitle = 'Success' | 'Success!' | 'Action Successful';

export function notifyError(description: string): void {
  toast.error('Error!', { description });
}

export function notifySuccess(description?: string, title: SuccessTitle = 'Success'): void {
  toast.success(title, description ? { description } : undefined);
}
