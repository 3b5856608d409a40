/**
 * Entry point for charts (stable signatures):
 * - `useChartPalette(chartKey)`: the user's colours for that chart, else the default palette of the
 *   key's chart type (packages/contracts chart.ts: `bar.applicantRank` → bar, `pie` → pie).
 * - `useChartSize(chartKey)`: `{ width (null = fill), height, fontSize, legendPosition, showLabel }`.
 */
export { useChartPalette, useChartSize } from './queries';
