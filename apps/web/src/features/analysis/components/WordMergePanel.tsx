import { useMemo, useState } from 'react';
import { App, Button, Card, Empty, Flex, Input, Select, Space, Tag, Typography } from 'antd';
import { DeleteOutlined, MergeCellsOutlined, UndoOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AnalysisResultSet, TermAdjustments } from '@patlas/contracts';
import { useApiContext } from '../../../api/useApiContext';
import { mergeWords, reduceWords } from '../api';
import type { ChartRequest } from '../catalogue';
import { useChartAnswer } from '../queries';

interface WordMergePanelProps {
  resultSet: AnalysisResultSet;
  /** The word cloud's or the clustering's request: its answer lists the words to choose from. */
  request: ChartRequest;
}

/**
 * Merging and removing words of the word cloud and the clusters (docs/analysis.md "Merging
 * words"): choose words from the chart's answer, merge them into one term (named by the user or
 * after the first) or remove them; the list of current merges and removals undoes one or all. The
 * server keeps the choice for the user and this result set and recounts the charts with it.
 */
export function WordMergePanel({ resultSet, request }: WordMergePanelProps) {
  const { t } = useTranslation('analysis');
  const { message } = App.useApp();
  const api = useApiContext();
  const queryClient = useQueryClient();
  const answer = useChartAnswer(resultSet, request);
  const [selected, setSelected] = useState<string[]>([]);
  const [name, setName] = useState('');

  const result = answer.data?.result;
  const adjustments: TermAdjustments = (result?.kind === 'wordCloud' || result?.kind === 'clustering'
    ? result.response.adjustments
    : undefined) ?? { merges: [], removed: [] };
  const words = useMemo(() => {
    if (result?.kind === 'wordCloud') return result.response.words.map((w) => w.word);
    if (result?.kind === 'clustering')
      return [...new Set(result.response.clusters.flatMap((c) => c.terms.map((x) => x.word)))];
    return [];
  }, [result]);

  const onChanged = async () => {
    setSelected([]);
    setName('');
    // Every text-mining chart of the set recounts with the new choice.
    await queryClient.invalidateQueries({ queryKey: ['analysis', resultSet] });
  };
  const onError = (err: Error) => void message.error(err.message);
  const merge = useMutation({
    mutationFn: (action: 'merge' | 'remove') =>
      mergeWords({ ...resultSet, action, words: selected, ...(name.trim() ? { name: name.trim() } : {}) }, api),
    onSuccess: onChanged,
    onError,
  });
  const reduce = useMutation({
    mutationFn: (body: { word: string } | { all: true }) => reduceWords({ ...resultSet, ...body }, api),
    onSuccess: onChanged,
    onError,
  });
  const hasChanges = adjustments.merges.length > 0 || adjustments.removed.length > 0;

  return (
    <Card size="small" title={t('wordMerge.title')} className="word-merge" data-testid="word-merge">
      <Flex vertical gap={12}>
        <Flex gap={8} wrap align="center">
          <Select
            mode="multiple"
            allowClear
            className="word-merge-select"
            style={{ minWidth: 320, flex: 1 }}
            placeholder={t('wordMerge.choose')}
            value={selected}
            onChange={setSelected}
            options={words.map((w) => ({ value: w, label: w }))}
            data-testid="word-merge-select"
          />
          <Input
            style={{ width: 200 }}
            placeholder={t('wordMerge.name', { first: selected[0] ?? '' })}
            value={name}
            maxLength={100}
            onChange={(e) => setName(e.target.value)}
            data-testid="word-merge-name"
          />
          <Button
            type="primary"
            icon={<MergeCellsOutlined />}
            disabled={selected.length < 2}
            loading={merge.isPending && merge.variables === 'merge'}
            onClick={() => merge.mutate('merge')}
            data-testid="word-merge-merge"
          >
            {t('wordMerge.merge')}
          </Button>
          <Button
            icon={<DeleteOutlined />}
            disabled={selected.length === 0}
            loading={merge.isPending && merge.variables === 'remove'}
            onClick={() => merge.mutate('remove')}
            data-testid="word-merge-remove"
          >
            {t('wordMerge.remove')}
          </Button>
        </Flex>
        {hasChanges ? (
          <Flex gap={8} wrap align="center" data-testid="word-merge-list">
            {adjustments.merges.map((m) => (
              <Tag
                key={`m:${m.name}`}
                color="blue"
                closable
                onClose={(e) => {
                  e.preventDefault();
                  reduce.mutate({ word: m.name });
                }}
                data-testid="word-merge-item"
              >
                {t('wordMerge.merged', { name: m.name, words: m.words.join(' + ') })}
              </Tag>
            ))}
            {adjustments.removed.map((w) => (
              <Tag
                key={`r:${w}`}
                closable
                onClose={(e) => {
                  e.preventDefault();
                  reduce.mutate({ word: w });
                }}
                data-testid="word-merge-item"
              >
                <Typography.Text delete>{w}</Typography.Text>
              </Tag>
            ))}
            <Space>
              <Button
                size="small"
                icon={<UndoOutlined />}
                loading={reduce.isPending}
                onClick={() => reduce.mutate({ all: true })}
                data-testid="word-merge-reset"
              >
                {t('wordMerge.restoreAll')}
              </Button>
            </Space>
          </Flex>
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('wordMerge.none')} />
        )}
      </Flex>
    </Card>
  );
}
