/**
 * Spec 2 §9: "Popover open delay 500 ms, close 200 ms … Dropdown close delay 500 ms. Tooltip close
 * delay 100 ms" (seconds, as antd takes them). Popover and Tooltip get theirs from the app's
 * ConfigProvider (app/providers.tsx); Dropdown has no such setting and is the wrapper in overlays.tsx. Kept apart
 * from it: the providers are on the first screen, antd's Dropdown is not.
 * (Its z-index 30 is not taken: antd's overlays stack above dialogs, where a popover also opens.)
 */
export const OVERLAY_DELAYS = {
  popover: { mouseEnterDelay: 0.5, mouseLeaveDelay: 0.2 },
  tooltip: { mouseLeaveDelay: 0.1 },
  dropdown: { mouseLeaveDelay: 0.5 },
} as const;
