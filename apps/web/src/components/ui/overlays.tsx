import { Dropdown as AntdDropdown, type DropdownProps } from 'antd';
import { OVERLAY_DELAYS } from './overlay-delays';

export { OVERLAY_DELAYS };

/** antd's Dropdown with the spec's close delay (every dropdown of the app is this one). */
export function Dropdown(props: DropdownProps) {
  return <AntdDropdown {...OVERLAY_DELAYS.dropdown} {...props} />;
}
