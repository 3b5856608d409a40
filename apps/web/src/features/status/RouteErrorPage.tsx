import { Button, Result, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { HOME_PATH } from '../../app/paths';

/** A failed lazy import: the build changed under an open page, or the network dropped. */
function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|error loading dynamically/i.test(error.message)
  );
}

/**
 * What the router shows when a page throws while rendering or loading. It sits outside the layout
 * (the layout itself may be what failed), so it links home with a plain anchor.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  const { t } = useTranslation(['status', 'common']);
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
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
          <Button onClick={() => window.location.reload()}>{t('common:actions.retry')}</Button>
        </Space>
      }
    />
  );
}
