import { useState } from 'react';
import { Alert, App, Button, Card, Collapse, Flex, Input, Select, Statistic, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { MAX_QUICK_CHECK_PATENTS, MAX_DUPLICATE_TEXT_LENGTH } from '@patlas/contracts';
import { PatentNumber } from '../../components/PatentNumber';
import { formatShare } from './format';
import { useQuickCheck } from './queries';

/** Numbers typed or pasted together: split on commas, semicolons, spaces and new lines. */
export function splitNumbers(values: readonly string[]): string[] {
  const numbers = values.flatMap((v) => v.split(/[\s,，;；、]+/)).map((v) => v.trim().toUpperCase());
  return [...new Set(numbers.filter(Boolean))];
}

/**
 * The quick check (`/patent/check`): a text against one or a few given patents, answered at once
 * and stored nowhere — how far a draft reads like the patents the user already knows.
 */
export function QuickCheckCard() {
  const { t } = useTranslation('duplicate');
  const { message } = App.useApp();
  const [text, setText] = useState('');
  const [numbers, setNumbers] = useState<string[]>([]);
  const check = useQuickCheck();
  const result = check.data;
  /** The text as checked (the spans are offsets in it), not as edited since. */
  const checked = check.variables?.text ?? '';

  const run = async () => {
    try {
      await check.mutateAsync({ text: text.trim(), publicationNumbers: numbers });
    } catch (error) {
      void message.error((error as Error).message);
    }
  };

  return (
    <Card title={t('quick.title')} variant="borderless" data-testid="duplicate-quick">
      <Flex vertical gap={8}>
        <Typography.Text type="secondary">{t('quick.hint', { max: MAX_QUICK_CHECK_PATENTS })}</Typography.Text>
        <Input.TextArea
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={t('quick.placeholder')}
          autoSize={{ minRows: 3, maxRows: 8 }}
          maxLength={MAX_DUPLICATE_TEXT_LENGTH}
          aria-label={t('quick.text')}
        />
        <Flex gap={8} wrap align="center">
          <Select
            mode="tags"
            value={numbers}
            onChange={(values: string[]) => setNumbers(splitNumbers(values))}
            tokenSeparators={[',', '，', ' ', ';', '；', '\n']}
            placeholder={t('quick.numbers')}
            aria-label={t('quick.numbers')}
            open={false}
            className="duplicate-quick-numbers"
            status={numbers.length > MAX_QUICK_CHECK_PATENTS ? 'error' : undefined}
          />
          <Button
            type="primary"
            disabled={!text.trim() || numbers.length === 0 || numbers.length > MAX_QUICK_CHECK_PATENTS}
            loading={check.isPending}
            onClick={() => void run()}
          >
            {t('quick.run')}
          </Button>
        </Flex>
        {result && (
          <Flex vertical gap={8} data-testid="duplicate-quick-result">
            {result.warning && <Alert type="warning" showIcon title={result.warning} />}
            {result.notFound.length > 0 && (
              <Alert type="info" showIcon title={t('quick.notFound', { numbers: result.notFound.join(', ') })} />
            )}
            <Statistic title={t('detail.similarity')} value={formatShare(result.similarity)} />
            <Collapse
              size="small"
              items={result.patents.map((patent) => ({
                key: patent.publicationNumber,
                label: (
                  <Flex gap={8} align="center" wrap>
                    <PatentNumber number={patent.publicationNumber} />
                    <Typography.Text ellipsis>{patent.title ?? ''}</Typography.Text>
                    <Tag color={patent.similarity >= 0.5 ? 'red' : 'blue'}>
                      {t('detail.patentSimilarity', { percent: formatShare(patent.similarity) })}
                    </Tag>
                    <Typography.Text type="secondary">
                      {t('detail.matched', { count: patent.matchedSentences })}
                    </Typography.Text>
                  </Flex>
                ),
                children:
                  patent.evidence.length === 0 ? (
                    <Typography.Text type="secondary">{t('detail.noEvidence')}</Typography.Text>
                  ) : (
                    <Flex vertical gap={6}>
                      {patent.evidence.map((e, i) => (
                        <div key={i} className="duplicate-quick-evidence" data-testid="duplicate-quick-evidence">
                          <Tag>{t(`sections.${e.section}`)}</Tag>
                          <Typography.Text type="secondary">{formatShare(e.similarity)}</Typography.Text>
                          <div>{e.inputSpans.map((span) => checked.slice(span.start, span.end)).join(' … ')}</div>
                          <Typography.Text type="secondary">{e.passageText}</Typography.Text>
                        </div>
                      ))}
                    </Flex>
                  ),
              }))}
            />
          </Flex>
        )}
      </Flex>
    </Card>
  );
}
