import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  Alert,
  App,
  Button,
  Card,
  Flex,
  Input,
  Popconfirm,
  Result,
  Space,
  Spin,
  Tooltip,
  Typography,
  type InputRef,
} from 'antd';
import { DeleteOutlined, FileWordOutlined, HistoryOutlined, SaveOutlined, SearchOutlined } from '@ant-design/icons';
import type { Editor } from '@tiptap/react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  DISCLOSURE_ABSTRACT_ADVISED_LENGTH,
  DISCLOSURE_AUTOSAVE_DELAY_MS,
  DISCLOSURE_IMAGE_TYPES,
  DISCLOSURE_INVENTION_TITLE_ADVISED_LENGTH,
  MAX_DISCLOSURE_IMAGE_BYTES,
  MAX_DISCLOSURE_IMAGES,
  MAX_DISCLOSURE_TITLE_LENGTH,
  SECTION_KEYS_BY_KIND,
  type DisclosureContent,
  type DisclosureDetail,
  type DisclosureKind,
  type DisclosureRichNode,
  type DisclosureVersion,
  type Language,
} from '@patlas/contracts';
import { ApiError } from '../../api/client';
import { useApiContext } from '../../api/useApiContext';
import { DISCLOSURE_LIST_PATH, PATENT_APPLY_PATH } from '../../app/paths';
import { useFileOptions } from '../../export-actions/queries';
import { usePermission } from '../../session/useSession';
import { saveFile } from '../../utils/save-file';
import { exportDocument, getDocument, restoreVersion, saveDocument, uploadImage } from './api';
import { blankContent, charCount, docOfText, imageCount, textOf } from './content';
import { disclosureKeys, useDeleteDocument, useDocument } from './queries';
import { SaveStatus } from './SaveStatus';
import { SectionEditor } from './SectionEditor';
import { Toolbar } from './Toolbar';
import { editorRangeOf, sectionTextMap } from './formal-locate';
import { FormalReviewPanel } from '../../formal-review/FormalReviewPanel';
import { useAutosave } from './useAutosave';
import { VersionsDrawer } from './VersionsDrawer';
import './disclosure.css';

/** Other tools' pages (spec 2 §2), built elsewhere: linked with the document's id. */
const NOVELTY_SEARCH_PERMISSION = '/disclosureNoveltySearch';
const PRE_ASSESSMENT_PERMISSION = '/preAssessment';
const noveltySearchPath = (id: string) =>
  `/innovationSpace/disclosureNoveltySearch?disclosureId=${encodeURIComponent(id)}`;
const preAssessmentPath = (id: string) => `/innovationSpace/preAssessment?documentId=${encodeURIComponent(id)}`;

/** What a save sends: the whole document as the page holds it. */
interface Snapshot {
  title: string;
  content: DisclosureContent;
  checkpoint?: boolean;
}

const isConflict = (error: unknown) => error instanceof ApiError && error.code === 'DISCLOSURE_VERSION_CONFLICT';

/**
 * The editor page of a document: /innovationSpace/disclosurePaper/addWrite and editWrite?id= for
 * disclosures, /innovationSpace/patentApply?id= (or ?new=1) for application drafts. A new
 * document is created by its first save; its id then goes into the URL of the same page (no
 * reload: what is being typed stays).
 */
export function EditorPage({ kind }: { kind: DisclosureKind }) {
  const { t } = useTranslation('disclosure');
  const [params, setParams] = useSearchParams();
  const id = params.get('id') ?? undefined;
  // The document this page created on a first save, and the editor that holds it (it stays mounted).
  const [own, setOwn] = useState<{ id: string; key: string }>();
  // Back to a new document (no id) after another: a fresh editor (React's "state from the previous render").
  const [previousId, setPreviousId] = useState(id);
  const [generation, setGeneration] = useState(0);
  if (id !== previousId) {
    setPreviousId(id);
    if (id === undefined) setGeneration((g) => g + 1);
  }
  const isOwnCreation = id !== undefined && id === own?.id;
  const editorKey = isOwnCreation ? own.key : (id ?? `new-${generation}`);
  const document = useDocument(isOwnCreation ? undefined : id);

  const handleCreated = (newId: string) => {
    setOwn({ id: newId, key: editorKey });
    const next = new URLSearchParams(params);
    next.delete('new');
    next.set('id', newId);
    setParams(next, { replace: true });
  };

  if (id !== undefined && !isOwnCreation) {
    if (document.isLoading) return <Spin className="disclosure-loading" />;
    if (document.isError || !document.data) {
      return (
        <Result
          status="404"
          title={t('editor.notFound')}
          subTitle={document.error?.message}
          extra={
            <Link to={kind === 'application' ? PATENT_APPLY_PATH : DISCLOSURE_LIST_PATH}>{t('editor.backToList')}</Link>
          }
        />
      );
    }
    return (
      <DocumentEditor key={editorKey} initial={document.data} kind={document.data.kind} onCreated={handleCreated} />
    );
  }
  return <DocumentEditor key={editorKey} initial={undefined} kind={kind} onCreated={handleCreated} />;
}

interface DocumentEditorProps {
  /** The stored document; undefined for a new one. */
  initial: DisclosureDetail | undefined;
  kind: DisclosureKind;
  onCreated: (id: string) => void;
}

function DocumentEditor({ initial, kind, onCreated }: DocumentEditorProps) {
  const { t, i18n } = useTranslation('disclosure');
  const lang = i18n.language as Language;
  const { message } = App.useApp();
  const api = useApiContext();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const fileOptions = useFileOptions();
  const [params, setParams] = useSearchParams();
  const canNoveltySearch = usePermission(NOVELTY_SEARCH_PERMISSION);
  const canPreAssess = usePermission(PRE_ASSESSMENT_PERMISSION);
  const deleteDocument = useDeleteDocument();

  // The document as stored: its id and version (each save names the version it was based on).
  const stored = useRef<{ id: string | undefined; version: number }>({
    id: initial?.id,
    version: initial?.version ?? 0,
  });
  const [version, setVersion] = useState(initial?.version ?? 0);
  const [documentId, setDocumentId] = useState(initial?.id);
  const [title, setTitle] = useState(initial?.title ?? '');
  const [content, setContent] = useState<DisclosureContent>(() => initial?.content ?? blankContent(kind, lang));
  // Bumped when the text is replaced from the server (restore, reload): the section editors start again.
  const [contentKey, setContentKey] = useState(0);
  const snapshot = useRef<Snapshot>({ title, content });
  const editors = useRef(new Map<string, Editor>());
  const [activeKey, setActiveKey] = useState<string>();
  const [activeEditor, setActiveEditor] = useState<Editor | null>(null);
  const [isImageBusy, setImageBusy] = useState(false);
  const [isRestoring, setRestoring] = useState(false);
  const [isExporting, setExporting] = useState(false);
  const keys = SECTION_KEYS_BY_KIND[kind];

  const applySaved = useCallback(
    (detail: DisclosureDetail) => {
      const isNew = stored.current.id === undefined;
      stored.current = { id: detail.id, version: detail.version };
      setVersion(detail.version);
      setDocumentId(detail.id);
      queryClient.setQueryData(disclosureKeys.detail(detail.id), detail);
      void queryClient.invalidateQueries({ queryKey: ['disclosure', 'list'] });
      void queryClient.invalidateQueries({ queryKey: disclosureKeys.versions(detail.id) });
      if (isNew) onCreated(detail.id);
    },
    [onCreated, queryClient],
  );

  const autosave = useAutosave<Snapshot>({
    delayMs: DISCLOSURE_AUTOSAVE_DELAY_MS,
    isConflict,
    initialSavedAt: initial?.updatedAt ?? null,
    save: async (value) => {
      const detail = await saveDocument(
        {
          ...(stored.current.id ? { id: stored.current.id, version: stored.current.version } : { kind }),
          title: value.title,
          content: value.content,
          checkpoint: value.checkpoint ?? false,
        },
        { lang: api.lang, messages: api.messages },
      );
      applySaved(detail);
      if (value.checkpoint) void message.success(t('save.versionSaved', { version: detail.version }));
      return { savedAt: detail.updatedAt };
    },
  });
  const { change, flush, reset } = autosave;
  const status = autosave.state.status;

  const changeSnapshot = useCallback(
    (next: Snapshot) => {
      snapshot.current = next;
      change(next);
    },
    [change],
  );

  const handleSectionChange = useCallback(
    (key: string, doc: DisclosureRichNode) => {
      const next = { ...snapshot.current.content.sections, [key]: doc };
      setContent({ sections: next });
      changeSnapshot({ title: snapshot.current.title, content: { sections: next } });
    },
    [changeSnapshot],
  );

  const handleTitleChange = (value: string) => {
    setTitle(value);
    changeSnapshot({ title: value, content: snapshot.current.content });
  };

  const handleReady = useCallback((key: string, editor: Editor | null) => {
    if (editor) editors.current.set(key, editor);
    else editors.current.delete(key);
    setActiveEditor((current) => current ?? (editor && !editor.isDestroyed ? editor : null));
  }, []);

  const handleFocus = useCallback((key: string) => {
    setActiveKey(key);
    setActiveEditor(editors.current.get(key) ?? null);
  }, []);

  // A page left with unsaved text asks first (the browser's own prompt).
  useEffect(() => {
    if (status !== 'dirty' && status !== 'saving' && status !== 'failed' && status !== 'conflict') return undefined;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [status]);

  /** Saves what waits, creating the document when it has never been saved; its id, or undefined. */
  const ensureSaved = async (): Promise<string | undefined> => {
    if (!stored.current.id) changeSnapshot(snapshot.current);
    const isSaved = await flush();
    return isSaved ? stored.current.id : undefined;
  };

  const images = useMemo(
    () => Object.values(content.sections).reduce((sum, doc) => sum + imageCount(doc), 0),
    [content],
  );

  const handleImage = async (file: File) => {
    const formats = DISCLOSURE_IMAGE_TYPES.join(', ');
    const extension = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase() ?? '';
    if (!(DISCLOSURE_IMAGE_TYPES as readonly string[]).includes(extension)) {
      void message.error(t('image.type', { formats }));
      return;
    }
    if (file.size > MAX_DISCLOSURE_IMAGE_BYTES) {
      void message.error(t('image.size', { max: `${MAX_DISCLOSURE_IMAGE_BYTES / 1024 / 1024}MB` }));
      return;
    }
    if (images >= MAX_DISCLOSURE_IMAGES) {
      void message.error(t('image.count', { max: MAX_DISCLOSURE_IMAGES }));
      return;
    }
    const editor = (activeKey ? editors.current.get(activeKey) : undefined) ?? activeEditor;
    if (!editor) return;
    setImageBusy(true);
    try {
      const id = await ensureSaved();
      if (!id) throw new Error(autosave.state.error?.message ?? t('save.failed'));
      const image = await uploadImage(id, file, await fileOptions());
      editor.chain().focus().setImage({ src: image.ossHttpPath, alt: file.name }).run();
    } catch (error) {
      const text = (error as Error).message;
      void message.error(text.startsWith(t('image.failed')) ? text : `${t('image.failed')}：${text}`);
    } finally {
      setImageBusy(false);
    }
  };

  const replaceText = (detail: DisclosureDetail) => {
    snapshot.current = { title: detail.title, content: detail.content };
    setTitle(detail.title);
    setContent(detail.content);
    setContentKey((k) => k + 1);
    reset(detail.updatedAt);
  };

  const handleSaveVersion = async () => {
    changeSnapshot({ ...snapshot.current, checkpoint: true });
    await flush();
  };

  const versionsOpen = params.get('versions') === '1';
  const selectedVersion = params.get('versionId') ?? undefined;
  const setVersionParams = (open: boolean, versionId?: string) => {
    const next = new URLSearchParams(params);
    if (open) next.set('versions', '1');
    else next.delete('versions');
    if (open && versionId) next.set('versionId', versionId);
    else next.delete('versionId');
    setParams(next, { replace: true });
  };

  const handleRestore = async (target: DisclosureVersion) => {
    if (!stored.current.id) return;
    setRestoring(true);
    try {
      // What was typed is saved first (it stays in the history), then the old text becomes the next version.
      if (!(await flush())) throw new Error(autosave.state.error?.message ?? t('save.failed'));
      const detail = await restoreVersion(
        { id: stored.current.id, versionId: target.id, version: stored.current.version },
        { lang: api.lang, messages: api.messages },
      );
      applySaved(detail);
      replaceText(detail);
      void message.success(t('versions.restored', { version: target.version }));
      setVersionParams(false);
    } catch (error) {
      void message.error((error as Error).message);
    } finally {
      setRestoring(false);
    }
  };

  const handleReload = async () => {
    if (!stored.current.id) return;
    const detail = await queryClient.fetchQuery({
      queryKey: disclosureKeys.detail(stored.current.id),
      queryFn: ({ signal }) => getDocument(stored.current.id ?? '', { lang: api.lang, messages: api.messages, signal }),
      staleTime: 0,
    });
    stored.current = { id: detail.id, version: detail.version };
    setVersion(detail.version);
    replaceText(detail);
  };

  const handleSaveAsNew = async () => {
    stored.current = { id: undefined, version: 0 };
    reset(null);
    changeSnapshot({ ...snapshot.current });
    await flush();
  };

  const handleExport = async () => {
    setExporting(true);
    try {
      const id = await ensureSaved();
      if (!id) throw new Error(autosave.state.error?.message ?? t('save.failed'));
      const file = await exportDocument(id, await fileOptions());
      saveFile(file.fileName, file.blob);
    } catch (error) {
      void message.error((error as Error).message);
    } finally {
      setExporting(false);
    }
  };

  const handleDelete = async () => {
    if (!stored.current.id) return;
    try {
      reset(null);
      await deleteDocument.mutateAsync(stored.current.id);
      void message.success(t('actions.deleted'));
      void navigate(kind === 'application' ? PATENT_APPLY_PATH : DISCLOSURE_LIST_PATH);
    } catch (error) {
      void message.error((error as Error).message);
    }
  };

  const inventionTitle = textOf(content.sections.title).replace(/\n/g, '');
  // An application draft is checked as the examiner's formal review would, as it is written.
  const applicationText = useMemo(
    () =>
      kind === 'application'
        ? {
            title: textOf(content.sections.title).replace(/\n/g, ''),
            abstract: sectionTextMap(content.sections.abstract).text,
            claims: sectionTextMap(content.sections.claims).text,
            description: sectionTextMap(content.sections.description).text,
          }
        : undefined,
    [kind, content],
  );
  const titleInput = useRef<InputRef>(null);
  const locate = (section: string, start: number, end: number) => {
    if (section === 'title') {
      titleInput.current?.focus();
      titleInput.current?.setSelectionRange(start, end);
      return;
    }
    const editor = editors.current.get(section);
    if (!editor || editor.isDestroyed) return;
    const range = editorRangeOf(sectionTextMap(editor.getJSON() as DisclosureRichNode), start, end);
    if (!range) return;
    editor.chain().focus().setTextSelection(range).scrollIntoView().run();
  };

  const page = (
    <div className="disclosure-page" data-testid="disclosure-editor" data-kind={kind} data-version={version}>
      <Flex className="disclosure-header" justify="space-between" align="center" wrap gap={8}>
        <Space size={8} wrap>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {t(`kinds.${kind}`)}
          </Typography.Title>
          <SaveStatus state={autosave.state} onRetry={() => void flush()} />
        </Space>
        <Space wrap>
          {documentId && kind === 'disclosure' && canNoveltySearch && (
            <Link to={noveltySearchPath(documentId)}>
              <Button icon={<SearchOutlined />} data-testid="disclosure-novelty">
                {t('actions.novelty')}
              </Button>
            </Link>
          )}
          {documentId && kind === 'application' && canPreAssess && (
            <Link to={preAssessmentPath(documentId)}>
              <Button data-testid="disclosure-pre-assess">{t('actions.preAssess')}</Button>
            </Link>
          )}
          <Button
            icon={<SaveOutlined />}
            onClick={() => void handleSaveVersion()}
            data-testid="disclosure-save-version"
          >
            {t('save.saveVersion')}
          </Button>
          <Button
            icon={<HistoryOutlined />}
            disabled={!documentId}
            onClick={() => setVersionParams(true)}
            data-testid="disclosure-versions-open"
          >
            {t('versions.open')}
          </Button>
          <Button
            icon={<FileWordOutlined />}
            loading={isExporting}
            onClick={() => void handleExport()}
            data-testid="disclosure-export"
          >
            {t('actions.export')}
          </Button>
          <Popconfirm
            title={t('actions.delete')}
            description={t('actions.deleteConfirm', { title })}
            onConfirm={() => void handleDelete()}
            disabled={!documentId}
          >
            <Button danger icon={<DeleteOutlined />} disabled={!documentId} data-testid="disclosure-delete">
              {t('actions.delete')}
            </Button>
          </Popconfirm>
        </Space>
      </Flex>

      {status === 'conflict' && (
        <Alert
          type="error"
          showIcon
          className="disclosure-conflict"
          data-testid="disclosure-conflict"
          message={t('save.conflict')}
          description={autosave.state.error?.message}
          action={
            <Space direction="vertical">
              <Button size="small" onClick={() => void handleReload()}>
                {t('save.reload')}
              </Button>
              <Button size="small" type="primary" onClick={() => void handleSaveAsNew()}>
                {t('save.saveAsNew')}
              </Button>
            </Space>
          }
        />
      )}

      <Input
        className="disclosure-title"
        size="large"
        value={title}
        placeholder={t('editor.titlePlaceholder', { max: MAX_DISCLOSURE_TITLE_LENGTH })}
        aria-label={t('editor.title')}
        maxLength={MAX_DISCLOSURE_TITLE_LENGTH}
        showCount
        onChange={(event) => handleTitleChange(event.target.value)}
        data-testid="disclosure-title"
      />

      <div className="disclosure-toolbar-sticky">
        <Toolbar
          editor={activeEditor}
          imageCount={images}
          onImage={(file) => void handleImage(file)}
          isImageBusy={isImageBusy}
        />
      </div>

      {keys.map((key) => {
        const label = t(`sections.${key}` as 'sections.field');
        const hint = t(`hints.${key}` as 'hints.field');
        if (kind === 'application' && key === 'title') {
          return (
            <Card key={`${key}-${contentKey}`} size="small" title={label} className="disclosure-section">
              <Input
                ref={titleInput}
                value={inventionTitle}
                placeholder={hint}
                aria-label={label}
                count={{ show: true, max: DISCLOSURE_INVENTION_TITLE_ADVISED_LENGTH }}
                onChange={(event) => handleSectionChange('title', docOfText(event.target.value.replace(/\n/g, '')))}
                data-testid="disclosure-section-title"
              />
            </Card>
          );
        }
        const count = kind === 'application' && key === 'abstract' ? charCount(content.sections.abstract) : undefined;
        return (
          <Card
            key={`${key}-${contentKey}`}
            size="small"
            title={label}
            className={`disclosure-section${activeKey === key ? ' disclosure-section-active' : ''}`}
            extra={
              count !== undefined && (
                <Tooltip
                  title={
                    count > DISCLOSURE_ABSTRACT_ADVISED_LENGTH
                      ? t('editor.overAdvice', { max: DISCLOSURE_ABSTRACT_ADVISED_LENGTH })
                      : undefined
                  }
                >
                  <Typography.Text
                    type={count > DISCLOSURE_ABSTRACT_ADVISED_LENGTH ? 'danger' : 'secondary'}
                    data-testid="disclosure-abstract-count"
                  >
                    {t('editor.count', { count, max: DISCLOSURE_ABSTRACT_ADVISED_LENGTH })}
                  </Typography.Text>
                </Tooltip>
              )
            }
          >
            <SectionEditor
              sectionKey={key}
              label={label}
              initial={content.sections[key] ?? docOfText('')}
              placeholder={hint}
              onChange={handleSectionChange}
              onFocus={handleFocus}
              onReady={handleReady}
            />
          </Card>
        );
      })}

      <VersionsDrawer
        documentId={documentId}
        kind={kind}
        currentVersion={version}
        isOpen={versionsOpen && Boolean(documentId)}
        selectedId={selectedVersion}
        onSelect={(versionId) => setVersionParams(true, versionId)}
        onClose={() => setVersionParams(false)}
        onRestore={handleRestore}
        isRestoring={isRestoring}
      />
    </div>
  );
  if (!applicationText) return page;
  return (
    <div className="disclosure-with-review">
      {page}
      <aside className="disclosure-review" data-testid="disclosure-formal-review">
        <Card size="small">
          <FormalReviewPanel text={applicationText} onLocate={locate} />
        </Card>
      </aside>
    </div>
  );
}
