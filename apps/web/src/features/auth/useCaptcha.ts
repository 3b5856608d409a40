import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { CAPTCHA_TTL_SECONDS, type CaptchaResponse } from '@patlas/contracts';
import { useApiContext } from '../../api/useApiContext';
import { fetchCaptcha } from './api';

export interface CaptchaState {
  captcha: CaptchaResponse | undefined;
  isLoading: boolean;
  isFailed: boolean;
  /** Spec 1 §4: "expires after 60 seconds; a refresh button is then shown". */
  isExpired: boolean;
  refresh: () => void;
}

/** A captcha fetched on mount and on refresh(), marked expired when its time is up. */
export function useCaptcha(): CaptchaState {
  const { lang, messages } = useApiContext();
  const query = useQuery({
    // Not keyed by language: switching language must not replace the image being typed.
    queryKey: ['auth', 'captcha'],
    queryFn: ({ signal }) => fetchCaptcha({ lang, messages, signal }),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
  const captcha = query.data;
  const [expiredId, setExpiredId] = useState<string>();

  useEffect(() => {
    if (!captcha) return;
    // expiresIn is seconds to live; an odd value falls back to the spec's 60 s.
    const seconds = captcha.expiresIn > 0 && captcha.expiresIn <= 3600 ? captcha.expiresIn : CAPTCHA_TTL_SECONDS;
    const timer = setTimeout(() => setExpiredId(captcha.uuid), seconds * 1000);
    return () => clearTimeout(timer);
  }, [captcha]);

  return {
    captcha,
    isLoading: query.isFetching,
    isFailed: query.isError && !query.isFetching,
    isExpired: captcha !== undefined && expiredId === captcha.uuid,
    refresh: () => void query.refetch(),
  };
}
