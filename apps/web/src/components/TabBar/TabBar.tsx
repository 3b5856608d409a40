import { CloseOutlined, DownOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { Dropdown } from '../ui/overlays';
import type { MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { splitTabs, type AppTab } from './tab-bar-model';
import './TabBar.css';

export interface TabBarProps {
  tabs: readonly AppTab[];
  activeKey: string | undefined;
  onSelect: (tab: AppTab) => void;
  onClose: (tab: AppTab) => void;
  onCloseOthers: (tab: AppTab) => void;
  onCloseAll: () => void;
}

/** The bar of opened pages: fixed tab, at most two inline tabs, the rest behind "more". */
export function TabBar({ tabs, activeKey, onSelect, onClose, onCloseOthers, onCloseAll }: TabBarProps) {
  const { t } = useTranslation('common');
  const { fixed, inline, overflow } = splitTabs(tabs);
  const titleOf = (tab: AppTab) => t(tab.name as 'routes.home');
  /** What tells the tab apart: its set's kind and/or its label (two result pages are not both "检索结果"). */
  const labelOf = (tab: AppTab) =>
    [tab.labelKey ? t(tab.labelKey as 'routes.home') : undefined, tab.label].filter(Boolean).join(' ') || undefined;
  const textOf = (tab: AppTab) => labelOf(tab) ?? titleOf(tab);
  const active = tabs.find((tab) => tab.key === activeKey);

  const renderTab = (tab: AppTab) => {
    const isActive = tab.key === activeKey;
    return (
      <div key={tab.key} className={`patlas-tab${isActive ? ' patlas-tab-active' : ''}`}>
        <Tooltip title={labelOf(tab) ? `${titleOf(tab)} ${labelOf(tab)}` : undefined} mouseEnterDelay={0.6}>
          <button
            type="button"
            className="patlas-tab-button"
            aria-current={isActive ? 'page' : undefined}
            onClick={() => onSelect(tab)}
          >
            {textOf(tab)}
          </button>
        </Tooltip>
        {!tab.isFixed && (
          <button
            type="button"
            className="patlas-tab-close"
            aria-label={`${t('tabs.close')} ${textOf(tab)}`}
            onClick={() => onClose(tab)}
          >
            <CloseOutlined />
          </button>
        )}
      </div>
    );
  };

  const menuItems: MenuProps['items'] = [
    ...overflow.map((tab) => ({
      key: tab.key,
      label: (
        <span className="patlas-tab-menu-item">
          <span>{`${titleOf(tab)}${labelOf(tab) ? ` ${labelOf(tab)}` : ''}`}</span>
          <CloseOutlined
            aria-label={`${t('tabs.close')} ${textOf(tab)}`}
            onClick={(event) => {
              event.stopPropagation();
              onClose(tab);
            }}
          />
        </span>
      ),
    })),
    ...(overflow.length > 0 ? [{ type: 'divider' as const }] : []),
    { key: 'action:closeOthers', label: t('tabs.closeOthers'), disabled: !active || active.isFixed },
    { key: 'action:closeAll', label: t('tabs.closeAll'), disabled: tabs.length <= fixed.length },
  ];

  const handleMenuClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'action:closeOthers') {
      if (active) onCloseOthers(active);
    } else if (key === 'action:closeAll') {
      onCloseAll();
    } else {
      const tab = overflow.find((candidate) => candidate.key === key);
      if (tab) onSelect(tab);
    }
  };

  return (
    <nav className="patlas-tab-bar" aria-label={t('tabs.label')}>
      <div className="patlas-tab-list">{[...fixed, ...inline].map(renderTab)}</div>
      <Dropdown menu={{ items: menuItems, onClick: handleMenuClick }} trigger={['click']} placement="bottomRight">
        <Button size="small" type="text" className="patlas-tab-more">
          {overflow.length > 0 ? t('tabs.moreCount', { count: overflow.length }) : t('tabs.more')} <DownOutlined />
        </Button>
      </Dropdown>
    </nav>
  );
}
