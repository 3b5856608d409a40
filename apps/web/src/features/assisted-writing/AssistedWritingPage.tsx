import { useEffect, useRef, useState } from 'react';
import { App, Button, Card, Col, Flex, Input, List, Row, Segmented, Select, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import {
  MAX_REWRITE_DOCUMENT_LENGTH,
  MAX_REWRITE_TEXT_LENGTH,
  REWRITE_MODES,
  type Rewrite,
  type RewriteLanguage,
  type RewriteMode,
} from '@patlas/contracts';
import { useServerFeature } from '../../api/server-features';
import { useFileOptions } from '../../export-actions/queries';
import { formatDateTime } from '../../utils/format-date';
import { saveFile } from '../../utils/save-file';
import { exportRewrites } from './api';
import { LimitLine, NotConfigured, type ResultView } from './parts';
import { ASSISTED_WRITING_HISTORY_PATH } from '../../app/paths';
import { TaskStateTag } from '../../tasks/TaskTable';
import { useDayLimit, useRewrite, useRewrites, useSubmitRewrite } from './queries';
import './assisted-writing.css';
import { ResultCard } from './ResultCard';

const RECENT = 8;

function isMode(value: string | null): value is RewriteMode {
  return (REWRITE_MODES as readonly string[]).includes(value ?? '');
}

/** The editor's URL: the rewrite shown (`id`), the mode and the result language. */
function useEditorParams() {
  const [params, setParams] = useSearchParams();
  const modeParam = params.get('mode');
  const langParam = params.get('lang');
  const state = {
    id: params.get('id') ?? undefined,
    mode: isMode(modeParam) ? modeParam : 'rephrase',
    language: langParam === 'zh' || langParam === 'en' ? (langParam as RewriteLanguage) : undefined,
  };
  const update = (next: Partial<{ id: string | null; mode: RewriteMode; language: RewriteLanguage | null }>) => {
    const query = new URLSearchParams(params);
    if (next.id !== undefined) {
      if (next.id) query.set('id', next.id);
      else query.delete('id');
    }
    if (next.mode) {
      if (next.mode === 'rephrase') query.delete('mode');
      else query.set('mode', next.mode);
    }
    if (next.language !== undefined) {
      if (next.language) query.set('lang', next.language);
      else query.delete('lang');
    }
    setParams(query);
  };
  return { ...state, update };
}

/**
 * Assisted writing (/innovationSpace/assistedWriting, spec 2 §2; issue 22): the original on the
 * left with the mode, the result language and the length counter; the result on the right with
 * what changed marked, to copy, continue from or export; today's characters left; the recent
 * rewrites. A text over 2,000 characters is rewritten as a document, its progress shown.
 */
export function AssistedWritingPage() {
  const feature = useServerFeature('rewrite');
  if (feature === 'loading') return <Spin />;
  if (feature === 'off') return <NotConfigured />;
  return <Editor />;
}

function Editor() {
  const { t } = useTranslation('assistedWriting');
  const { message } = App.useApp();
  const { id, mode, language, update } = useEditorParams();
  const [text, setText] = useState('');
  const [view, setView] = useState<ResultView>('diff');
  const [exporting, setExporting] = useState<string>();
  const limit = useDayLimit();
  const shown = useRewrite(id);
  const recent = useRewrites({ page: 1, pageSize: RECENT });
  const submit = useSubmitRewrite();
  const fileOptions = useFileOptions();
  // A rewrite opened from the history (or the URL) brings its original and mode into the editor once.
  const loaded = useRef<string | undefined>(undefined);
  const shownRewrite = shown.data;
  useEffect(() => {
    if (!shownRewrite || loaded.current === shownRewrite.id) return;
    loaded.current = shownRewrite.id;
    setText(shownRewrite.original);
  }, [shownRewrite]);

  const chars = text.trim().length;
  const isDocument = chars > MAX_REWRITE_TEXT_LENGTH;
  const isTooLong = chars > MAX_REWRITE_DOCUMENT_LENGTH;
  const isShort = limit.data !== undefined && chars > limit.data.left;

  const handleSubmit = async () => {
    try {
      const answer = await submit.mutateAsync({
        kind: isDocument ? 'all' : 'text',
        body: { text, mode, ...(language ? { language } : {}) },
      });
      loaded.current = answer.rewrite.id;
      update({ id: answer.rewrite.id });
    } catch (error) {
      void message.error((error as Error).message);
    }
  };

  const handleCopy = async (result: string) => {
    try {
      await navigator.clipboard.writeText(result);
      void message.success(t('editor.applied'));
    } catch {
      void message.warning(t('editor.copyFailed'));
    }
  };

  const handleExport = async (rewrite: Rewrite, format: 'docx' | 'txt') => {
    setExporting(format);
    try {
      const file = await exportRewrites({ ids: [rewrite.id], format }, await fileOptions());
      saveFile(file.fileName, file.blob);
    } catch (error) {
      void message.error((error as Error).message);
    } finally {
      setExporting(undefined);
    }
  };

  const counter = isDocument
    ? t('editor.countDocument', { count: chars, max: MAX_REWRITE_TEXT_LENGTH })
    : t('editor.count', { count: chars, max: MAX_REWRITE_TEXT_LENGTH });

  return (
    <Flex vertical gap={16} className="assisted-writing-page">
      <LimitLine limit={limit.data} />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card
            title={t('editor.original')}
            variant="borderless"
            extra={
              <Button
                size="small"
                onClick={() => {
                  setText('');
                  update({ id: null });
                }}
              >
                {t('editor.new')}
              </Button>
            }
          >
            <Flex vertical gap={12}>
              <Flex gap={8} wrap align="center">
                <Segmented<RewriteMode>
                  value={mode}
                  onChange={(next) => update({ mode: next })}
                  options={REWRITE_MODES.map((m) => ({ value: m, label: t(`modes.${m}`) }))}
                  data-testid="rewrite-mode"
                />
                <Select<RewriteLanguage | 'auto'>
                  value={language ?? 'auto'}
                  onChange={(next) => update({ language: next === 'auto' ? null : next })}
                  aria-label={t('editor.language')}
                  style={{ minWidth: 180 }}
                  options={(['auto', 'zh', 'en'] as const).map((l) => ({ value: l, label: t(`languages.${l}`) }))}
                />
              </Flex>
              <Typography.Text type="secondary">{t(`modeHints.${mode}`)}</Typography.Text>
              <Input.TextArea
                value={text}
                onChange={(event) => setText(event.target.value)}
                placeholder={t('editor.placeholder')}
                autoSize={{ minRows: 12, maxRows: 24 }}
                aria-label={t('editor.original')}
                data-testid="rewrite-original"
              />
              <Flex justify="space-between" align="center" wrap gap={8}>
                <Typography.Text type={isTooLong ? 'danger' : 'secondary'} data-testid="rewrite-count">
                  {isTooLong ? t('editor.tooLong', { max: MAX_REWRITE_DOCUMENT_LENGTH }) : counter}
                </Typography.Text>
                <Flex gap={8} align="center">
                  {isShort && <Typography.Text type="danger">{t('editor.notEnough')}</Typography.Text>}
                  <Button
                    type="primary"
                    disabled={chars === 0 || isTooLong || isShort}
                    loading={submit.isPending}
                    onClick={() => void handleSubmit()}
                    data-testid="rewrite-submit"
                  >
                    {isDocument ? t('editor.submitDocument') : t('editor.submit')}
                  </Button>
                </Flex>
              </Flex>
            </Flex>
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <ResultCard
            rewrite={id ? shown.data : undefined}
            isPending={submit.isPending}
            error={id && shown.isError ? shown.error.message : undefined}
            view={view}
            onView={setView}
            exporting={exporting}
            onCopy={(result) => void handleCopy(result)}
            onContinue={(result) => {
              setText(result);
              update({ id: null });
            }}
            onExport={(rewrite, format) => void handleExport(rewrite, format)}
          />
        </Col>
      </Row>
      <Card
        title={t('history.recent')}
        variant="borderless"
        extra={<Link to={ASSISTED_WRITING_HISTORY_PATH}>{t('history.all')}</Link>}
      >
        <List<Rewrite>
          size="small"
          loading={recent.isPending}
          dataSource={recent.data?.items ?? []}
          locale={{ emptyText: t('history.empty') }}
          data-testid="rewrite-recent"
          renderItem={(item) => (
            <List.Item
              className={`assisted-writing-history-item${item.id === id ? ' is-selected' : ''}`}
              onClick={() => {
                loaded.current = undefined;
                update({ id: item.id, mode: item.mode });
              }}
            >
              <Flex gap={8} align="center" style={{ minWidth: 0, width: '100%' }}>
                <Tag>{t(`modes.${item.mode}`)}</Tag>
                <TaskStateTag state={item.state} label={t(`states.${item.state}`)} />
                <Typography.Text ellipsis style={{ flex: 1 }}>
                  {item.title}
                </Typography.Text>
                <Typography.Text type="secondary">{formatDateTime(item.createdAt)}</Typography.Text>
              </Flex>
            </List.Item>
          )}
        />
      </Card>
    </Flex>
  );
}
