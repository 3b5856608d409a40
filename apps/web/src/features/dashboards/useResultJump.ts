import { useState } from 'react';
import { App } from 'antd';
import { useNavigate } from 'react-router';
import type { DashboardJumpResponse } from '@patlas/contracts';
import { SEARCH_RESULT_PATH } from '../../app/paths';
import { defaultResultState, encodeResultState, type MergeType } from '../../search-state/search-url-state';

/** The result page of a jump's state (its total is the figure that was clicked). */
export function resultPathOf(jump: Omit<DashboardJumpResponse, 'total'>): string {
  const state = {
    ...defaultResultState(jump.searchExpre),
    ...(jump.secondExpre ? { second: jump.secondExpre } : {}),
    filters: jump.filters,
    mergeType: Math.min(2, Math.max(0, jump.mergeType)) as MergeType,
    ...(jump.source ? { source: jump.source } : {}),
  };
  return `${SEARCH_RESULT_PATH}?${encodeResultState(state).toString()}`;
}

/**
 * Opens the result page of a clicked figure: asks the server for its state (so the page's total is
 * the figure), then navigates. Failures are shown as a message; one jump at a time.
 */
export function useResultJump() {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [isJumping, setJumping] = useState(false);
  const jump = async (load: () => Promise<DashboardJumpResponse>) => {
    if (isJumping) return;
    setJumping(true);
    try {
      const state = await load();
      await navigate(resultPathOf(state));
    } catch (err) {
      void message.error(err instanceof Error ? err.message : String(err));
    } finally {
      setJumping(false);
    }
  };
  return { jump, isJumping };
}
