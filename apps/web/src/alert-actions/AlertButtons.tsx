import { useState } from 'react';
import { App, Button, Typography } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Alert } from '@patlas/contracts';
import { ALERTS_PATH, ALERTS_PERMISSION } from '../app/paths';
import { usePermission } from '../session/useSession';
import type { ResultUrlState } from '../search-state/search-url-state';
import { AlertDialog } from './lazy-alert-dialog';
import type { AlertOpening, AlertPreset } from './alert-model';
import { useLibraryAlert } from './queries';

/** After a save: a toast with the way to the alert list. */
function useSavedNotice() {
  const { t } = useTranslation('alert');
  const { message } = App.useApp();
  const navigate = useNavigate();
  return (alert: Alert) => {
    void message.success({
      content: (
        <span>
          {t('dialog.saved', { name: alert.name })}{' '}
          <Typography.Link onClick={() => void navigate(ALERTS_PATH)} data-testid="alert-open-list">
            {t('dialog.openList')}
          </Typography.Link>
        </span>
      ),
    });
  };
}

/** The search a result page watches: its expression and search within, in its data scope. */
export function searchPresetOf(state: ResultUrlState): AlertPreset {
  const expression = state.second ? `(${state.expression}) AND (${state.second})` : state.expression;
  return {
    type: 'search',
    expression,
    ...(state.source ? { source: state.source } : {}),
    hasFiltersLeftOut: state.filters.length > 0,
  };
}

/** 监控此检索 on the result page of an expression: the alert dialog prefilled with it. */
export function WatchSearchButton({ state }: { state: ResultUrlState }) {
  const { t } = useTranslation('alert');
  const canWatch = usePermission(ALERTS_PERMISSION);
  const notice = useSavedNotice();
  const [opening, setOpening] = useState<AlertOpening>();
  if (!canWatch || !state.expression.trim()) return null;
  return (
    <>
      <Button
        icon={<BellOutlined />}
        onClick={() => setOpening({ kind: 'new', preset: searchPresetOf(state) })}
        onMouseEnter={AlertDialog.preload}
        onFocus={AlertDialog.preload}
        data-testid="watch-search-button"
      >
        {t('buttons.watchSearch')}
      </Button>
      <AlertDialog opening={opening} onClose={() => setOpening(undefined)} onSaved={notice} />
    </>
  );
}

/**
 * 预警 of a library folder (the library page, a folder's result page): the folder's alert, created
 * or edited (the user has at most one per folder; /collection/warn).
 */
export function LibraryAlertButton({
  folderId,
  folderName,
  size,
}: {
  folderId: string;
  folderName: string;
  size?: 'small' | 'middle';
}) {
  const { t } = useTranslation('alert');
  const canWatch = usePermission(ALERTS_PERMISSION);
  const existing = useLibraryAlert(folderId, canWatch);
  const notice = useSavedNotice();
  const [opening, setOpening] = useState<AlertOpening>();
  if (!canWatch) return null;
  const alert = existing.data ?? null;
  return (
    <>
      <Button
        size={size}
        icon={<BellOutlined />}
        loading={existing.isPending}
        onClick={() => setOpening({ kind: 'library', folderId, folderName, alert })}
        onMouseEnter={AlertDialog.preload}
        onFocus={AlertDialog.preload}
        data-testid="library-alert-button"
      >
        {alert ? t('buttons.editLibraryAlert') : t('buttons.watchLibrary')}
      </Button>
      <AlertDialog opening={opening} onClose={() => setOpening(undefined)} onSaved={notice} />
    </>
  );
}

/** 监控此专利 on the detail page: a publication-number alert (legal status, events, family, citations). */
export function WatchPatentButton({ publicationNumber, title }: { publicationNumber: string; title?: string }) {
  const { t } = useTranslation('alert');
  const canWatch = usePermission(ALERTS_PERMISSION);
  const notice = useSavedNotice();
  const [opening, setOpening] = useState<AlertOpening>();
  if (!canWatch) return null;
  return (
    <>
      <Button
        size="small"
        icon={<BellOutlined />}
        onClick={() =>
          setOpening({
            kind: 'new',
            preset: {
              type: 'patents',
              name: title ? `${publicationNumber} ${title}` : publicationNumber,
              publicationNumbers: [publicationNumber],
            },
          })
        }
        onMouseEnter={AlertDialog.preload}
        onFocus={AlertDialog.preload}
        data-testid="watch-patent-button"
      >
        {t('buttons.watchPatent')}
      </Button>
      <AlertDialog opening={opening} onClose={() => setOpening(undefined)} onSaved={notice} />
    </>
  );
}
