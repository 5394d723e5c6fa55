import { canReadMasterData, canWriteMasterData, checkUserResponse, type LoginPayload, type UserRole } from '@exam/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from './api.ts';
import { getToken } from './token.ts';

export const currentUserQuery = () =>
  queryOptions({
    queryKey: ['check-user', getToken()],
    queryFn: async ({ signal }): Promise<UserRole> => {
      const answer = await request<unknown>('/check-user', { signal });
      return checkUserResponse.parse(answer).user_role;
    },
    staleTime: 60_000,
  });

export const useCurrentUser = () => useQuery({ ...currentUserQuery(), enabled: !!getToken() });

export function usePermissions() {
  const { data: user } = useCurrentUser();
  return { user, canRead: canReadMasterData(user?.name), canWrite: canWriteMasterData(user?.name) };
}

export const login = (payload: LoginPayload) =>
  request<{ token: string; message: string }>('/login', { method: 'POST', body: payload, token: null, skipUnauthorizedHandler: true });

/** Revokes a token server-side; failures are the caller's to ignore (logout ends the session either way). */
export const logout = (token: string) =>
  request<{ message: string }>('/logout', { method: 'POST', token, skipUnauthorizedHandler: true });
