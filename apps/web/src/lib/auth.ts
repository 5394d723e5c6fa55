import {
  can,
  checkUserResponse,
  type CapabilityKey,
  type LoginPayload,
  type UserRole,
} from '@exam/contracts';
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

/**
 * `enabled: false` while it is not yet settled whose session this is (an old link's token,
 * `LinkTokenChoice`).
 */
export const useCurrentUser = ({ enabled = true } = {}) =>
  useQuery({ ...currentUserQuery(), enabled: enabled && !!getToken() });

/**
 * What the signed-in user may do, from the one grants table of contracts (the API enforces the same table).
 */
export function usePermissions() {
  const { data: user } = useCurrentUser();
  const holds = (capability: CapabilityKey) => !!can(user?.name, capability);
  return { user, holds, canRead: holds('master-data.read'), canWrite: holds('master-data.write') };
}

export const login = (payload: LoginPayload) =>
  request<{ token: string; message: string }>('/login', {
    method: 'POST',
    body: payload,
    token: null,
    skipUnauthorizedHandler: true,
  });

/** Revokes a token server-side; failures are the caller's to ignore (logout ends the session either way). */
export const logout = (token: string) =>
  request<{ message: string }>('/logout', { method: 'POST', token, skipUnauthorizedHandler: true });
