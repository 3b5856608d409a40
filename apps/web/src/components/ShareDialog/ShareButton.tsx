import { ShareAltOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasPermission, MAX_SHARE_TITLE_LENGTH, MAX_SHARED_PATENTS } from '@patlas/contracts';
import { SHARE_SEND_PERMISSION } from '../../app/paths';
import { useSession } from '../../session/useSession';
import type { ShareTarget } from './ShareDialog';
import { ShareDialog } from './lazy-share-dialog';

export interface ShareButtonProps {
  /** What to share; computed when the dialog opens (e.g. the current URL). */
  target: () => ShareTarget;
  disabled?: boolean;
  size?: 'small' | 'middle';
  /** The button's text (share namespace): 'action' (default) or 'actionSearch'. */
  labelKey?: 'action' | 'actionSearch';
}

/** A "Share" button and its dialog, shown to accounts that may share (permission patentShare). */
export function ShareButton({ target, disabled, size = 'small', labelKey = 'action' }: ShareButtonProps) {
  const { t } = useTranslation('share');
  const { session } = useSession();
  const [opened, setOpened] = useState<ShareTarget>();
  if (!session || session.loginType === 'ip' || !hasPermission(session.menu ?? [], SHARE_SEND_PERMISSION)) return null;
  const open = () => {
    const next = target();
    setOpened(
      next.kind === 'patent'
        ? { ...next, pns: next.pns.slice(0, MAX_SHARED_PATENTS) }
        : { ...next, title: next.title.trim().slice(0, MAX_SHARE_TITLE_LENGTH) || t('untitledSearch') },
    );
  };
  return (
    <>
      <Button
        size={size}
        icon={<ShareAltOutlined />}
        onClick={open}
        onMouseEnter={ShareDialog.preload}
        onFocus={ShareDialog.preload}
        disabled={disabled}
      >
        {t(labelKey)}
      </Button>
      {opened && <ShareDialog open target={opened} onClose={() => setOpened(undefined)} />}
    </>
  );
}
