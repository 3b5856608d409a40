/**
 * @patlas/charts: the chart models and the ECharts option builders shared by the web app's
 * analysis page (drawn in the browser) and the server's reports (drawn by ECharts SSR), so both
 * draw a chart from the same option.
 */
export * from './chart-model.js';
export * from './chart-option.js';
export * from './map-regions.js';
export * from './analysis-tables.js';
