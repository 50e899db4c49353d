import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { mailPreferencesBody, type MailPreferences, type MailPreferencesBody } from '@ruwa/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export { mailPreferencesBody as mailPreferencesInputSchema };

/** GET users/mail-preferences/me -> { receipt_mails }. */
export function getMailPreferences(signal?: AbortSignal) {
  return api.get<MailPreferences>('users/mail-preferences/me', undefined, signal).then(({ data }) => data);
}

export const mailPreferencesQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.mailPreferences, queryFn: ({ signal }) => getMailPreferences(signal) });

export function useMailPreferences() {
  return useQuery(mailPreferencesQueryOptions());
}

/** POST users/mail-preferences/update { receipt_mails } -> the saved preferences. */
export function updateMailPreferences(input: MailPreferencesBody) {
  return api.post<MailPreferences>('users/mail-preferences/update', input);
}

export function useUpdateMailPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMailPreferences,
    onSuccess: (result) => queryClient.setQueryData(queryKeys.mailPreferences, result.data),
  });
}
