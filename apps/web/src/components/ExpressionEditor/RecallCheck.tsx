import { useState } from 'react';
import { Button, Drawer } from 'antd';
import { AimOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { lazyPanel } from '../ui/lazy-dialog';

/** The drawer's contents (their table, library tree and code), loaded when it first opens. */
const RecallCheckPanel = lazyPanel(() => import('./RecallCheckPanel').then((module) => module.RecallCheckPanel));

/**
 * "Recall check" beside the expression editor (issue 48 item 4, docs/recall-check.md): a button and
 * the drawer it opens (RecallCheckPanel.tsx: the known patents or a library, and what the
 * expression misses of them).
 */
export function RecallCheck({ value, onChange }: { value: string; onChange: (next: string) => void }) {
  const { t } = useTranslation('search');
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <Button
        size="small"
        icon={<AimOutlined />}
        onClick={() => setIsOpen(true)}
        onMouseEnter={RecallCheckPanel.preload}
        onFocus={RecallCheckPanel.preload}
        disabled={value.trim() === ''}
      >
        {t('recall.button')}
      </Button>
      <Drawer
        open={isOpen}
        title={t('recall.title')}
        onClose={() => setIsOpen(false)}
        size={820}
        className="recall-check"
      >
        <RecallCheckPanel value={value} onChange={onChange} isOpen={isOpen} />
      </Drawer>
    </>
  );
}
