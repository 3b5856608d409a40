import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { AbnormalSignalsRequest, ApplicationText } from '@patlas/contracts';
import { useApiContext } from '../api/useApiContext';
import { checkAbnormal, reviewFormal } from './api';

/** The value after it has stopped changing for `ms` (a live check waits for the typing to pause). */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    if (ms <= 0) return;
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return ms <= 0 ? value : settled;
}

/**
 * The formal review of `text`, checked again when the text settles (`debounceMs` after the last
 * change); the previous findings stay on screen meanwhile.
 */
export function useFormalReview(text: ApplicationText, debounceMs = 400) {
  const { lang, messages } = useApiContext();
  const settled = useSettled(text, debounceMs);
  return useQuery({
    queryKey: ['formal-review', settled.title, settled.abstract, settled.claims, settled.description] as const,
    queryFn: ({ signal }) => reviewFormal(settled, { lang, messages, signal }),
    placeholderData: keepPreviousData,
    staleTime: Infinity,
    retry: false,
  });
}

/** The abnormal-signal check, run on demand (it searches the applicant's filings and aligns texts). */
export function useAbnormalSignals() {
  const { lang, messages } = useApiContext();
  return useMutation({
    mutationFn: (body: AbnormalSignalsRequest) => checkAbnormal(body, { lang, messages }),
  });
}
