import { Alert, Button, Card, Empty, Flex, Progress, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Rewrite } from '@patlas/contracts';
import { ResultText, ResultViewSwitch, type ResultView } from './parts';
import { TaskStateTag } from '../../tasks/TaskTable';
import { isActiveTask } from '../../tasks/useTaskQuery';

interface ResultCardProps {
  rewrite: Rewrite | undefined;
  isPending: boolean;
  error: string | undefined;
  view: ResultView;
  onView: (view: ResultView) => void;
  exporting: string | undefined;
  onCopy: (result: string) => void;
  onContinue: (result: string) => void;
  onExport: (rewrite: Rewrite, format: 'docx' | 'txt') => void;
}

/** The right side: the rewrite's state, progress, result with its changes, and what to do with it. */
export function ResultCard(props: ResultCardProps) {
  const { t } = useTranslation('assistedWriting');
  const { rewrite, view } = props;
  const result = rewrite?.result ?? '';
  const isDone = rewrite?.state === 'done' && result !== '';
  return (
    <Card
      title={t('editor.result')}
      variant="borderless"
      extra={isDone ? <ResultViewSwitch value={view} onChange={props.onView} /> : undefined}
    >
      <Flex vertical gap={12}>
        {props.error && <Alert type="error" showIcon title={props.error} />}
        {props.isPending && !rewrite && (
          <Flex gap={8} align="center">
            <Spin size="small" />
            <Typography.Text>{t('editor.running')}</Typography.Text>
          </Flex>
        )}
        {!rewrite && !props.isPending && !props.error && (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('editor.empty')} />
        )}
        {rewrite && (
          <Flex gap={8} align="center" wrap>
            <Tag>{t(`kinds.${rewrite.kind}`)}</Tag>
            <Tag>{t(`modes.${rewrite.mode}`)}</Tag>
            <TaskStateTag state={rewrite.state} label={t(`states.${rewrite.state}`)} testId="rewrite-state" />
            {rewrite.resultChars !== null && (
              <Typography.Text type="secondary">
                {t('editor.resultChars', { count: rewrite.resultChars })}
              </Typography.Text>
            )}
            {rewrite.tookMs !== null && (
              <Typography.Text type="secondary">
                {t('editor.took', { seconds: (rewrite.tookMs / 1000).toFixed(1) })}
              </Typography.Text>
            )}
          </Flex>
        )}
        {rewrite && isActiveTask(rewrite) && (
          <Flex vertical gap={4} data-testid="rewrite-progress">
            <Typography.Text>
              {rewrite.state === 'waiting'
                ? t('editor.waiting')
                : t('editor.progress', { done: rewrite.progress.done, total: rewrite.progress.total })}
            </Typography.Text>
            <Progress percent={Math.round((100 * rewrite.progress.done) / Math.max(1, rewrite.progress.total))} />
            {result && <div className="assisted-writing-text">{result}</div>}
          </Flex>
        )}
        {rewrite?.state === 'failed' && (
          <Alert type="error" showIcon title={rewrite.error ?? ''} data-testid="rewrite-error" />
        )}
        {rewrite && isDone && (
          <>
            <ResultText original={rewrite.original} result={result} view={view} />
            <Flex gap={8} wrap>
              <Button type="primary" onClick={() => props.onCopy(result)} data-testid="rewrite-apply">
                {t('editor.apply')}
              </Button>
              <Button onClick={() => props.onContinue(result)}>{t('editor.useAsOriginal')}</Button>
              {(['docx', 'txt'] as const).map((format) => (
                <Button
                  key={format}
                  loading={props.exporting === format}
                  onClick={() => props.onExport(rewrite, format)}
                  data-testid={`rewrite-export-${format}`}
                >
                  {format === 'docx' ? t('editor.exportDocx') : t('editor.exportTxt')}
                </Button>
              ))}
            </Flex>
          </>
        )}
      </Flex>
    </Card>
  );
}
