import type { AuditEntry, RegistrationSettings } from '@patlas/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiContext } from '../../api/useApiContext';
import {
  createRole,
  createSysUser,
  createTenant,
  deleteRole,
  deleteTenant,
  fetchAudit,
  fetchDisplayCopy,
  fetchRegistrationSettings,
  fetchRoles,
  fetchSysUsers,
  fetchTenants,
  fetchTryouts,
  resetSysUserPassword,
  saveDisplayCopy,
  updateRegistrationSettings,
  updateRole,
  updateSysUser,
  updateTenant,
  type CreateSysUserRequest,
  type DisplayCopyItem,
  type PageQuery,
  type RoleInput,
  type TenantInput,
  type UpdateSysUserRequest,
} from './api';

export const sysKeys = {
  users: ['sys', 'users'] as const,
  roles: ['sys', 'roles'] as const,
  tenants: ['sys', 'tenants'] as const,
  copy: ['sys', 'copy'] as const,
  audit: ['sys', 'audit'] as const,
  tryout: ['sys', 'tryout'] as const,
  registration: ['sys', 'settings', 'registration'] as const,
};

// Operators expect to see their own change at once, so lists are never served stale.
const FRESH = { staleTime: 0 } as const;

export function useSysUsers(query: PageQuery & { keyword: string }) {
  const { lang, messages } = useApiContext();
  return useQuery({
    queryKey: [...sysKeys.users, query],
    queryFn: ({ signal }) => fetchSysUsers(query, { lang, messages, signal }),
    placeholderData: keepPreviousData,
    ...FRESH,
  });
}

export function useRoles() {
  const { lang, messages } = useApiContext();
  return useQuery({
    queryKey: sysKeys.roles,
    queryFn: ({ signal }) => fetchRoles({ lang, messages, signal }),
    ...FRESH,
  });
}

export function useTenants() {
  const { lang, messages } = useApiContext();
  return useQuery({
    queryKey: sysKeys.tenants,
    queryFn: ({ signal }) => fetchTenants({ lang, messages, signal }),
    ...FRESH,
  });
}

export function useDisplayCopy() {
  const { lang, messages } = useApiContext();
  return useQuery({
    queryKey: sysKeys.copy,
    queryFn: ({ signal }) => fetchDisplayCopy({ lang, messages, signal }),
    ...FRESH,
  });
}

/** Issue 43: what self-registered accounts get. */
export function useRegistrationSettings() {
  const { lang, messages } = useApiContext();
  return useQuery({
    queryKey: sysKeys.registration,
    queryFn: ({ signal }) => fetchRegistrationSettings({ lang, messages, signal }),
    ...FRESH,
  });
}

export function useAudit(query: PageQuery & { action?: AuditEntry['action'] }) {
  const { lang, messages } = useApiContext();
  return useQuery({
    queryKey: [...sysKeys.audit, query],
    queryFn: ({ signal }) => fetchAudit(query, { lang, messages, signal }),
    placeholderData: keepPreviousData,
    ...FRESH,
  });
}

export function useTryouts(query: PageQuery) {
  const { lang, messages } = useApiContext();
  return useQuery({
    queryKey: [...sysKeys.tryout, query],
    queryFn: ({ signal }) => fetchTryouts(query, { lang, messages, signal }),
    placeholderData: keepPreviousData,
    ...FRESH,
  });
}

/** A mutation that refreshes the lists it changes (and the audit log, which records it). */
function useSysMutation<TVariables, TData>(
  mutate: (variables: TVariables, options: ReturnType<typeof useApiContext>) => Promise<TData>,
  changes: readonly (readonly string[])[],
) {
  const context = useApiContext();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: TVariables) => mutate(variables, context),
    onSuccess: () =>
      Promise.all([...changes, sysKeys.audit].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

export function useCreateSysUser() {
  return useSysMutation((body: CreateSysUserRequest, options) => createSysUser(body, options), [sysKeys.users]);
}

export function useUpdateSysUser() {
  return useSysMutation(
    ({ userId, body }: { userId: string; body: UpdateSysUserRequest }, options) => updateSysUser(userId, body, options),
    [sysKeys.users],
  );
}

export function useResetSysUserPassword() {
  return useSysMutation((userId: string, options) => resetSysUserPassword(userId, options), []);
}

export function useSaveRole() {
  return useSysMutation(
    ({ id, body }: { id: string | null; body: RoleInput }, options) =>
      id ? updateRole(id, body, options) : createRole(body, options),
    [sysKeys.roles],
  );
}

export function useDeleteRole() {
  return useSysMutation((id: string, options) => deleteRole(id, options), [sysKeys.roles]);
}

export function useSaveTenant() {
  return useSysMutation(
    ({ id, body }: { id: string | null; body: TenantInput }, options) =>
      id ? updateTenant(id, body, options) : createTenant(body, options),
    [sysKeys.tenants],
  );
}

export function useDeleteTenant() {
  return useSysMutation((id: string, options) => deleteTenant(id, options), [sysKeys.tenants]);
}

export function useSaveDisplayCopy() {
  return useSysMutation((items: DisplayCopyItem[], options) => saveDisplayCopy(items, options), [sysKeys.copy]);
}

export function useUpdateRegistrationSettings() {
  return useSysMutation(
    (body: RegistrationSettings, options) => updateRegistrationSettings(body, options),
    [sysKeys.registration],
  );
}
