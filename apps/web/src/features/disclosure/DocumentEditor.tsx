import { useCallback, useMemo, useRef, useState } from 'react';
import { App, Card, Input, type InputRef } from 'antd';
import type { Editor } from '@tiptap/react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import {
  DISCLOSURE_IMAGE_TYPES,
  MAX_DISCLOSURE_IMAGE_BYTES,
  MAX_DISCLOSURE_IMAGES,
  MAX_DISCLOSURE_TITLE_LENGTH,
  type DisclosureDetail,
  type DisclosureKind,
  type DisclosureRichNode,
  type DisclosureVersion,
} from '@patlas/contracts';
import { DISCLOSURE_LIST_PATH, PATENT_APPLY_PATH } from '../../app/paths';
import { useFileOptions } from '../../export-actions/queries';
import { saveFile } from '../../utils/save-file';
import { exportDocument, uploadImage } from './api';
import { imageCount, textOf } from './content';
import { DocumentSections } from './DocumentSections';
import { ConflictAlert, EditorHeader } from './EditorHeader';
import { useDeleteDocument } from './queries';
import { Toolbar } from './Toolbar';
import { editorRangeOf, sectionTextMap } from './formal-locate';
import { FormalReviewPanel } from '../../formal-review/FormalReviewPanel';
import { useDocumentDraft } from './useDocumentDraft';
import { VersionsDrawer } from './VersionsDrawer';

interface DocumentEditorProps {
  /** The stored document; undefined for a new one. */
  initial: DisclosureDetail | undefined;
  kind: DisclosureKind;
  onCreated: (id: string) => void;
}

/** One document being written: its sections, toolbar, versions and, for an application draft, the formal review. */
export function DocumentEditor({ initial, kind, onCreated }: DocumentEditorProps) {
  const { t } = useTranslation('disclosure');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const fileOptions = useFileOptions();
  const [params, setParams] = useSearchParams();
  const deleteDocument = useDeleteDocument();
  const draft = useDocumentDraft({ initial, kind, onCreated });
  const { stored, version, documentId, title, content, autosave, ensureSaved } = draft;
  const { flush, reset } = autosave;

  const editors = useRef(new Map<string, Editor>());
  const [activeKey, setActiveKey] = useState<string>();
  const [activeEditor, setActiveEditor] = useState<Editor | null>(null);
  const [isImageBusy, setImageBusy] = useState(false);
  const [isRestoring, setRestoring] = useState(false);
  const [isExporting, setExporting] = useState(false);

  const handleReady = useCallback((key: string, editor: Editor | null) => {
    if (editor) editors.current.set(key, editor);
    else editors.current.delete(key);
    setActiveEditor((current) => current ?? (editor && !editor.isDestroyed ? editor : null));
  }, []);

  const handleFocus = useCallback((key: string) => {
    setActiveKey(key);
    setActiveEditor(editors.current.get(key) ?? null);
  }, []);

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
      await draft.restore(target);
      void message.success(t('versions.restored', { version: target.version }));
      setVersionParams(false);
    } catch (error) {
      void message.error((error as Error).message);
    } finally {
      setRestoring(false);
    }
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
      <EditorHeader
        kind={kind}
        documentId={documentId}
        title={title}
        saveState={autosave.state}
        isExporting={isExporting}
        onRetrySave={() => void flush()}
        onSaveVersion={() => void draft.saveVersion()}
        onOpenVersions={() => setVersionParams(true)}
        onExport={() => void handleExport()}
        onDelete={() => void handleDelete()}
      />

      {autosave.state.status === 'conflict' && (
        <ConflictAlert
          error={autosave.state.error}
          onReload={() => void draft.reload()}
          onSaveAsNew={() => void draft.saveAsNew()}
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
        onChange={(event) => draft.handleTitleChange(event.target.value)}
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

      <DocumentSections
        kind={kind}
        content={content}
        contentKey={draft.contentKey}
        activeKey={activeKey}
        titleInput={titleInput}
        onChange={draft.handleSectionChange}
        onFocus={handleFocus}
        onReady={handleReady}
      />

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
