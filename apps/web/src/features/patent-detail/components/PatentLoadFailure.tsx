import { Button, Flex, Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { PatentNumberSearch } from '../../../components/PatentNumberSearch';

/** Codes that mean "this number does not lead to a record": the user should try another number. */
const NUMBER_PROBLEMS = new Set(['PATENT_NOT_FOUND', 'PATENT_NUMBER_INVALID', 'VALIDATION_FAILED', 'NOT_FOUND']);

interface PatentLoadFailureProps {
  pn: string;
  error: Error;
  onRetry: () => void;
}

/** The server's message, the number asked for, and a way on: another number, or a retry. */
export function PatentLoadFailure({ pn, error, onRetry }: PatentLoadFailureProps) {
  const { t } = useTranslation(['patent', 'common']);
  const isNumberProblem = error instanceof ApiError && NUMBER_PROBLEMS.has(error.code);
  return (
    <Result
      status={isNumberProblem ? (error instanceof ApiError && error.status === 404 ? '404' : 'warning') : 'error'}
      title={isNumberProblem ? t('patent:notFound.title') : t('patent:loadError')}
      subTitle={
        <Flex vertical gap={4} align="center">
          <Typography.Text className="patent-failure-message">{error.message}</Typography.Text>
          <Typography.Text type="secondary">{t('patent:notFound.asked', { pn })}</Typography.Text>
        </Flex>
      }
      extra={
        <Flex vertical gap={12} align="center" className="patent-failure-extra">
          {!isNumberProblem && (
            <Button type="primary" onClick={onRetry}>
              {t('common:actions.retry')}
            </Button>
          )}
          <Typography.Text>{t('patent:notFound.tryAnother')}</Typography.Text>
          <div style={{ width: 480 }}>
            <PatentNumberSearch key={pn} defaultValue={pn} buttonText={t('common:actions.open')} size="middle" />
          </div>
        </Flex>
      }
    />
  );
}
