import { Button, Result, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { HOME_PATH } from '../../app/paths';
import { ChunkLoadTimeoutError, isChunkLoadError } from '../../app/chunk-load';

/**
 * What the router shows when a page throws while rendering or loading. It sits outside the layout
 * (the layout itself may be what failed), so it links home with a plain anchor.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  const { t } = useTranslation(['status', 'common']);
  const isChunkFailure = error instanceof ChunkLoadTimeoutError || isChunkLoadError(error);
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof ChunkLoadTimeoutError
      ? t('common:ui.chunkTimeout')
      : isChunkLoadError(error)
        ? t('common:errors.chunk')
        : error instanceof Error
          ? error.message
          : String(error);
  return (
    <Result
      status="error"
      title={t('common:routes.error')}
      subTitle={t('status:errorDetail', { message })}
      extra={
        <Space>
          <Button type="primary" href={HOME_PATH}>
            {t('common:actions.backHome')}
          </Button>
          <Button onClick={() => window.location.reload()} data-testid="route-error-reload">
            {isChunkFailure ? t('common:ui.reload') : t('common:actions.retry')}
          </Button>
        </Space>
      }
    />
  );
}
