import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FunctionGuideKey, UserCustomConfig } from '@patlas/contracts';
import { useApiContext } from '../../api/useApiContext';
import {
  applyTryout,
  confirmEmail,
  createApiToken,
  fetchApiTokens,
  fetchCustomConfig,
  fetchFunctionGuide,
  fetchUserInfo,
  fetchUserLimit,
  forgetPassword,
  register,
  resetPassword,
  revokeApiToken,
  saveCustomConfig,
  saveFunctionGuide,
  updateEmail,
  updateFullname,
  updatePassword,
  type RegisterRequest,
  type TryoutRequest,
} from './api';

export const accountKeys = {
  info: ['account', 'info'] as const,
  limit: ['account', 'limit'] as const,
  tokens: ['account', 'tokens'] as const,
  guide: ['account', 'guide'] as const,
  config: ['account', 'config'] as const,
};

export function useUserInfo() {
  const { lang, messages } = useApiContext();
  return useQuery({
    queryKey: accountKeys.info,
    queryFn: ({ signal }) => fetchUserInfo({ lang, messages, signal }),
    staleTime: 60_000,
  });
}

export function useUserLimit(enabled = true) {
  const { lang, messages } = useApiContext();
  return useQuery({
    queryKey: accountKeys.limit,
    enabled,
    queryFn: ({ signal }) => fetchUserLimit({ lang, messages, signal }),
    staleTime: 60_000,
  });
}

export function useApiTokens() {
  const { lang, messages } = useApiContext();
  return useQuery({
    queryKey: accountKeys.tokens,
    queryFn: ({ signal }) => fetchApiTokens({ lang, messages, signal }),
  });
}

/** The reminders' labels are in the request language: a language switch asks again (issue 43). */
export function useFunctionGuide(isEnabled: boolean) {
  const { lang, messages } = useApiContext();
  return useQuery({
    queryKey: [...accountKeys.guide, lang],
    queryFn: ({ signal }) => fetchFunctionGuide({ lang, messages, signal }),
    enabled: isEnabled,
  });
}

export function useCustomConfig() {
  const { lang, messages } = useApiContext();
  return useQuery({
    queryKey: accountKeys.config,
    queryFn: ({ signal }) => fetchCustomConfig({ lang, messages, signal }),
  });
}

export function useSaveFunctionGuide() {
  const { lang, messages } = useApiContext();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (remindKey: FunctionGuideKey) => saveFunctionGuide(remindKey, { lang, messages }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.guide }),
  });
}

export function useSaveCustomConfig() {
  const { lang, messages } = useApiContext();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (config: Partial<UserCustomConfig>) => saveCustomConfig(config, { lang, messages }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: accountKeys.config });
      await queryClient.invalidateQueries({ queryKey: accountKeys.info });
    },
  });
}

export function useUpdatePassword() {
  const { lang, messages } = useApiContext();
  return useMutation({
    mutationFn: (body: { oldPassword: string; newPassword: string }) => updatePassword(body, { lang, messages }),
  });
}

export function useUpdateFullname() {
  const { lang, messages } = useApiContext();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fullname: string) => updateFullname(fullname, { lang, messages }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.info }),
  });
}

export function useUpdateEmail() {
  const { lang, messages } = useApiContext();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { email: string; password: string }) => updateEmail(body, { lang, messages }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.info }),
  });
}

export function useConfirmEmail() {
  const { lang, messages } = useApiContext();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => confirmEmail(token, { lang, messages }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.info }),
  });
}

export function useCreateApiToken() {
  const { lang, messages } = useApiContext();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; password: string; expiresInDays: number }) =>
      createApiToken(body, { lang, messages }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.tokens }),
  });
}

export function useRevokeApiToken() {
  const { lang, messages } = useApiContext();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => revokeApiToken(id, { lang, messages }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.tokens }),
  });
}

export function useRegister() {
  const { lang, messages } = useApiContext();
  return useMutation({ mutationFn: (body: RegisterRequest) => register(body, { lang, messages }) });
}

export function useApplyTryout() {
  const { lang, messages } = useApiContext();
  return useMutation({ mutationFn: (body: TryoutRequest) => applyTryout(body, { lang, messages }) });
}

export function useForgetPassword() {
  const { lang, messages } = useApiContext();
  return useMutation({ mutationFn: (email: string) => forgetPassword(email, { lang, messages }) });
}

export function useResetPassword() {
  const { lang, messages } = useApiContext();
  return useMutation({
    mutationFn: (body: { token: string; password: string }) => resetPassword(body, { lang, messages }),
  });
}
