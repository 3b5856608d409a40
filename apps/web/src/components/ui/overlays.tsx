import { Dropdown as AntdDropdown, type DropdownProps } from 'antd';

/**
 * Spec 2 §9: "Popover open delay 500 ms, close 200 ms … Dropdown close delay 500 ms. Tooltip close
 * delay 100 ms" (seconds, as antd takes them). Popover and Tooltip get theirs from the app's
 * ConfigProvider (app/providers.tsx); Dropdown has no such setting and is this wrapper.
 * (Its z-index 30 is not taken: antd's overlays stack above dialogs, where a popover also opens.)
 */
export const OVERLAY_DELAYS = {
  popover: { mouseEnterDelay: 0.5, mouseLeaveDelay: 0.2 },
  tooltip: { mouseLeaveDelay: 0.1 },
  dropdown: { mouseLeaveDelay: 0.5 },
} as const;

/** antd's Dropdown with the spec's close delay (every dropdown of the app is this one). */
export function Dropdown(props: DropdownProps) {
  return <AntdDropdown {...OVERLAY_DELAYS.dropdown} {...props} />;
}
