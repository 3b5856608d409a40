import type { ReactNode } from 'react';
import { App, Button, Flex, Popover, Typography } from 'antd';
import { CopyOutlined, EllipsisOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { CitationSearchActions } from '../../../citation-actions/CitationSearchActions';
import { CompareAction } from '../../../compare/CompareAction';
import { ShareButton } from '../../../components/ShareDialog/ShareButton';
import type { ResultSelection } from '../useResultSelection';

interface SelectionBarProps {
  selection: ResultSelection;
  pageNumbers: readonly string[];
  /** Hits of the whole set (undefined while loading): "select all N" selects them all. */
  total?: number | undefined;
  /** Further rare actions on the selection, at the end of the "More" popover (family expansion). */
  more?: ReactNode;
}

/** The selected count (kept across pages) and what can be done with the selection now. */
export function SelectionBar({ selection, pageNumbers, total, more }: SelectionBarProps) {
  const { t, i18n } = useTranslation('search');
  const totalText = (total ?? 0).toLocaleString(i18n.language === 'en' ? 'en-US' : 'zh-CN');
  const { message } = App.useApp();
  const count = selection.selected.length;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(selection.selected.join('\n'));
      void message.success(t('selection.copied', { count }));
    } catch {
      void message.error(t('selection.copyFailed'));
    }
  };

  return (
    <Flex gap={8} align="center" wrap className="selection-bar">
      <Typography.Text data-testid="selection-count">
        {selection.all ? t('selection.allSelected', { total: totalText }) : t('selection.count', { count })}
      </Typography.Text>
      <Button
        size="small"
        onClick={() => selection.selectPage(pageNumbers)}
        disabled={selection.all || pageNumbers.length === 0}
      >
        {t('selection.selectPage')}
      </Button>
      {/* Issue 43: the whole set, for collect and export (taken by its search). */}
      {!selection.all && total !== undefined && total > 0 && (
        <Button size="small" onClick={selection.selectAll} data-testid="select-all">
          {t('selection.selectAll', { total: totalText })}
        </Button>
      )}
      <Button size="small" onClick={selection.clear} disabled={count === 0 && !selection.all}>
        {t('selection.clear')}
      </Button>
      <CompareAction selected={selection.selected} />
      {/* Issue 43: the rarer actions on the selection behind "More", so the row fits 1,440 px. */}
      <Popover
        trigger="click"
        placement="bottomLeft"
        content={
          <Flex vertical gap={8} align="start" className="selection-more" data-testid="selection-more-actions">
            <Button size="small" icon={<CopyOutlined />} onClick={() => void copy()} disabled={count === 0}>
              {t('selection.copy')}
            </Button>
            <CitationSearchActions numbers={selection.selected} />
            <ShareButton target={() => ({ kind: 'patent', pns: [...selection.selected] })} disabled={count === 0} />
            {more}
          </Flex>
        }
      >
        <Button size="small" icon={<EllipsisOutlined />} data-testid="selection-more">
          {t('selection.more')}
        </Button>
      </Popover>
    </Flex>
  );
}
