import { useState } from 'react';
import { Alert, Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { GuideItem } from '@patlas/contracts';
import { buildTimeOfApp, isWithinGuideWindow } from './guide-window';
import { useFunctionGuide, useSaveFunctionGuide } from './queries';

interface GuideRemindersProps {
  /** The build time to judge the window by; defaults to the one baked into the build. */
  buildTime?: string;
  now?: number;
  /** Called after a reminder was marked done; by default it opens the page of the feature it names. */
  onOpen?: (item: GuideItem) => void;
}

/**
 * New-feature reminders (spec 1 §4 "Guide reminders"): the items of /user/functionGuide not yet
 * clicked, only while the build is younger than GUIDE_WINDOW_MS. Clicking one marks it done and
 * opens its feature, so a click never just makes the chip vanish.
 * For signed-in users only: it calls the account's own endpoints.
 */
export function GuideReminders({ buildTime = buildTimeOfApp(), now, onOpen }: GuideRemindersProps) {
  const { t } = useTranslation('account');
  // Judged once per mount: a page left open does not need the reminders to vanish mid-read.
  const [mountedAt] = useState(() => Date.now());
  const isShown = isWithinGuideWindow(buildTime, now ?? mountedAt);
  const guide = useFunctionGuide(isShown);
  const markDone = useSaveFunctionGuide();
  const navigate = useNavigate();
  const open =
    onOpen ??
    ((item: GuideItem) => {
      if (item.path) void navigate(item.path);
    });
  const pending = (guide.data ?? []).filter((item) => !item.hasClick);
  if (!isShown || pending.length === 0) return null;

  return (
    <Alert
      type="info"
      showIcon
      className="account-guide"
      title={t('guide.title')}
      description={
        <Flex wrap gap={8} role="list" aria-label={t('guide.title')}>
          {pending.map((item) => (
            <Button
              key={item.remindKey}
              role="listitem"
              size="small"
              loading={markDone.isPending && markDone.variables === item.remindKey}
              onClick={() => markDone.mutate(item.remindKey, { onSuccess: () => open(item) })}
            >
              {item.label}
            </Button>
          ))}
        </Flex>
      }
    />
  );
}
