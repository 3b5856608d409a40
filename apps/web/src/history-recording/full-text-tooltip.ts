import type { TooltipProps } from 'antd';

/**
 * The hover tooltip of a history text cut with an ellipsis: the whole text (an expression, a
 * semantic search's pasted paragraph), wrapped and scrolling inside a bounded box.
 */
export function fullTextTooltip(text: string): TooltipProps {
  return { title: text, placement: 'topLeft', classNames: { root: 'history-full-text' } };
}
