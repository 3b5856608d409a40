import { useState } from 'react';
import { App, Button, Empty, Flex, Input, Modal, Select, Tag, Typography } from 'antd';
import { FileSearchOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MAX_EXPRESSION_LENGTH, searchEndpoints } from '@patlas/contracts';
import { call } from '../../api/endpoint-call';
import { useApiContext } from '../../api/useApiContext';

/** Words asked of the server for one text. */
const TOP_K = 20;
/** Fields the chosen words can be searched in. */
const FIELDS = ['TIABC', 'TIAB', 'TI', 'FT'] as const;

/** A word as a term of an expression: quoted when it holds a space or an operator's character. */
export function termOf(word: string): string {
  return /[\s()（）"=<>#]/.test(word) ? `"${word.replace(/"/g, '')}"` : word;
}

/** The clause of the chosen words in one field, joined to the expression with AND. */
export function withKeywords(expression: string, field: string, words: readonly string[]): string {
  if (words.length === 0) return expression;
  const clause = `${field}=(${words.map(termOf).join(' OR ')})`;
  const current = expression.trim();
  return current ? `${current} AND ${clause}` : clause;
}

/**
 * "Extract keywords" beside the expression editor (`POST /search/extract/word`): the user pastes a
 * text (an abstract, a disclosure), the server answers its weighted keywords, and the chosen ones
 * join the expression as `field=(w1 OR w2 …)`.
 */
export function KeywordExtract({ value, onInsert }: { value: string; onInsert: (next: string) => void }) {
  const { t } = useTranslation('search');
  const { message } = App.useApp();
  const { lang, messages } = useApiContext();
  const [isOpen, setIsOpen] = useState(false);
  const [text, setText] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const [field, setField] = useState<string>('TIABC');
  const extract = useMutation({
    mutationFn: (input: string) =>
      call(searchEndpoints.extractWord, { body: { text: input, topK: TOP_K } }, { lang, messages }),
    onSuccess: (answer) => setChosen(answer.words.slice(0, 5).map((w) => w.word)),
    onError: (error) => void message.error(error.message),
  });
  const words = extract.data?.words ?? [];
  const close = () => {
    setIsOpen(false);
    setText('');
    setChosen([]);
    extract.reset();
  };
  const insert = () => {
    onInsert(withKeywords(value, field, chosen));
    close();
  };
  const toggle = (word: string, checked: boolean) =>
    setChosen((current) => (checked ? [...current, word] : current.filter((w) => w !== word)));

  return (
    <>
      <Button size="small" icon={<FileSearchOutlined />} onClick={() => setIsOpen(true)}>
        {t('editor.extract.button')}
      </Button>
      <Modal
        open={isOpen}
        title={t('editor.extract.title')}
        onCancel={close}
        destroyOnHidden
        width={640}
        footer={
          <Flex justify="space-between" align="center" gap={8}>
            <Flex align="center" gap={8}>
              <Typography.Text>{t('editor.extract.field')}</Typography.Text>
              <Select
                size="small"
                value={field}
                onChange={setField}
                aria-label={t('editor.extract.field')}
                options={FIELDS.map((id) => ({ value: id, label: t(`editor.extract.fields.${id}`) }))}
                style={{ minWidth: 160 }}
              />
            </Flex>
            <Flex gap={8}>
              <Button onClick={close}>{t('editor.extract.cancel')}</Button>
              <Button type="primary" disabled={chosen.length === 0} onClick={insert}>
                {t('editor.extract.insert', { count: chosen.length })}
              </Button>
            </Flex>
          </Flex>
        }
      >
        <Typography.Paragraph type="secondary">{t('editor.extract.hint')}</Typography.Paragraph>
        <Input.TextArea
          value={text}
          onChange={(event) => setText(event.target.value)}
          rows={6}
          maxLength={MAX_EXPRESSION_LENGTH}
          showCount
          aria-label={t('editor.extract.text')}
          placeholder={t('editor.extract.placeholder')}
        />
        <Flex justify="flex-end" style={{ marginTop: 12 }}>
          <Button
            type="primary"
            ghost
            loading={extract.isPending}
            disabled={text.trim() === ''}
            onClick={() => extract.mutate(text.trim())}
          >
            {t('editor.extract.run')}
          </Button>
        </Flex>
        {extract.isSuccess && (
          <div className="expr-extract-words" data-testid="extracted-words">
            <Typography.Text strong>{t('editor.extract.words')}</Typography.Text>
            {words.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('editor.extract.none')} />
            ) : (
              <Flex wrap gap={6} style={{ marginTop: 8 }}>
                {words.map((w) => (
                  <Tag.CheckableTag
                    key={w.word}
                    checked={chosen.includes(w.word)}
                    onChange={(checked) => toggle(w.word, checked)}
                  >
                    {w.word}
                  </Tag.CheckableTag>
                ))}
              </Flex>
            )}
          </div>
        )}
      </Modal>
    </>
  );
}
