import { Alert, App, Button, Dropdown, Flex, Tag, Typography } from 'antd';
import { TranslationOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { foreignSyntaxEndpoints, ForeignSystemSchema, type ForeignSystemId } from '@patlas/contracts';
import { detectForeignSyntax } from '@patlas/query';
import { call } from '../../api/endpoint-call';
import { useApiContext } from '../../api/useApiContext';

/** What to translate: a pasted text (the system recognised) or the whole box with a chosen system. */
export interface ForeignRequest {
  readonly text: string;
  readonly system?: ForeignSystemId;
}

/** A pasted text worth asking about: another system's marks are in it (checked locally, no request otherwise). */
export function foreignPaste(text: string): ForeignRequest | null {
  return text.trim().length > 2 && detectForeignSyntax(text) !== null ? { text } : null;
}

/** "Translate from…" in the editor's tool bar: the whole expression, read as the chosen system's syntax. */
export function ForeignSyntaxButton({ value, onPick }: { value: string; onPick: (request: ForeignRequest) => void }) {
  const { t } = useTranslation('search');
  const { message } = App.useApp();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: ForeignSystemSchema.options.map((system) => ({ key: system, label: t(`foreign.systems.${system}`) })),
        onClick: ({ key }) => {
          // An empty box has nothing to translate: say so rather than do nothing.
          if (!value.trim()) void message.info(t('foreign.emptyBox'));
          else onPick({ text: value, system: key as ForeignSystemId });
        },
      }}
    >
      <Button size="small" icon={<TranslationOutlined />}>
        {t('foreign.translateFrom')}
      </Button>
    </Dropdown>
  );
}

/**
 * Issue 48 item 2: the pasted expression of another system beside its Patlas translation, what
 * changed, what has no equivalent, and the choice to use the translation or keep the text as pasted.
 */
export function ForeignSyntaxNotice({
  request,
  onUse,
  onClose,
}: {
  request: ForeignRequest | null;
  onUse: (expression: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('search');
  const { lang, messages } = useApiContext();
  const answer = useQuery({
    queryKey: ['foreign-syntax', request?.text, request?.system, lang],
    queryFn: () =>
      call(
        foreignSyntaxEndpoints.translateForeignExpression,
        { body: { text: request?.text ?? '', ...(request?.system ? { system: request.system } : {}) } },
        { lang, messages },
      ),
    enabled: request !== null,
    retry: false,
    staleTime: Infinity,
  });
  if (!request) return null;
  if (answer.isError) {
    // A paste that only looked foreign stays quiet; a chosen "translate from" says what went wrong.
    if (!request.system) return null;
    return <Alert type="error" showIcon closable onClose={onClose} message={answer.error.message} />;
  }
  const data = answer.data;
  if (!data || data.system === null) return null;
  const isSame = data.expression === request.text && data.changes.length === 0 && data.unsupported.length === 0;
  if (isSame) return null;
  const systemName = t(`foreign.systems.${data.system}`);
  return (
    <section
      className="expr-foreign"
      aria-label={t('foreign.title', { system: t(`foreign.systems.${data.system}`) })}
      data-testid="foreign-syntax-notice"
    >
      <Typography.Text strong>{t('foreign.title', { system: t(`foreign.systems.${data.system}`) })}</Typography.Text>
      <div className="expr-foreign-sides">
        <div>
          <Typography.Text type="secondary">{t('foreign.original')}</Typography.Text>
          <pre className="expr-foreign-code" data-testid="foreign-original">
            {request.text}
          </pre>
        </div>
        <div>
          <Typography.Text type="secondary">{t('foreign.patlas')}</Typography.Text>
          <pre className="expr-foreign-code" data-testid="foreign-patlas">
            {data.expression === '' ? t('foreign.nothingKept') : data.expression}
          </pre>
        </div>
      </div>
      {data.changes.length > 0 && (
        <div>
          <Typography.Text type="secondary">{t('foreign.changes')}</Typography.Text>
          <ul className="expr-foreign-list" data-testid="foreign-changes">
            {data.changes.map((change) => (
              <li key={`${change.from}→${change.to}`}>
                {/* Said once: "PatSnap ANCS: → Patlas AS=", then the note when there is one. */}
                {systemName} <code>{change.from}</code> → Patlas <code>{change.to}</code>
                {change.message && <> — {change.message}</>}
              </li>
            ))}
          </ul>
        </div>
      )}
      {data.kept.length > 0 && (
        <div data-testid="foreign-kept">
          <Typography.Text type="secondary">{t('foreign.kept')}</Typography.Text>{' '}
          {data.kept.map((construct) => (
            <Tag key={construct}>{construct}</Tag>
          ))}
        </div>
      )}
      {data.unsupported.length > 0 && (
        <div>
          <Typography.Text type="warning">{t('foreign.unsupported')}</Typography.Text>
          <ul className="expr-foreign-list" data-testid="foreign-unsupported">
            {data.unsupported.map((item) => (
              <li key={`${item.construct}|${item.message}`}>
                <code>{item.construct}</code> — {item.message}
              </li>
            ))}
          </ul>
        </div>
      )}
      <Flex gap={8} justify="flex-end">
        <Button onClick={onClose}>{t('foreign.keep')}</Button>
        <Button type="primary" disabled={data.expression === ''} onClick={() => onUse(data.expression)}>
          {t('foreign.use')}
        </Button>
      </Flex>
    </section>
  );
}
