import { BellOutlined } from '@ant-design/icons';
import { Badge } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { hasPermission } from '@patlas/contracts';
import { MESSAGES_PATH, MESSAGES_PERMISSION } from '../../app/paths';
import { useSession } from '../../session/useSession';
import { useUnreadCount } from './queries';

/** The header's link to the message centre, with the unread count as its badge (user config's messageCount). */
export function MessageBell() {
  const { t } = useTranslation('message');
  const { session } = useSession();
  const canSee = !!session && session.loginType !== 'ip' && hasPermission(session.menu ?? [], MESSAGES_PERMISSION);
  const unread = useUnreadCount(canSee);
  if (!canSee) return null;
  const count = unread.data?.count ?? 0;
  return (
    <Link
      to={MESSAGES_PATH}
      className="patlas-message-bell"
      aria-label={t('bell', { n: count })}
      data-testid="message-bell"
    >
      <Badge count={count} size="small" overflowCount={99}>
        <BellOutlined style={{ fontSize: 18, color: 'rgba(255,255,255,0.85)' }} />
      </Badge>
    </Link>
  );
}
