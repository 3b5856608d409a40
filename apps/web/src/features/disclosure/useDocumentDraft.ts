import { useCallback, useEffect, useRef, useState } from 'react';
import { App } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  DISCLOSURE_AUTOSAVE_DELAY_MS,
  type DisclosureContent,
  type DisclosureDetail,
  type DisclosureKind,
  type DisclosureRichNode,
  type DisclosureVersion,
  type Language,
} from '@patlas/contracts';
import { ApiError } from '../../api/client';
import { useApiContext } from '../../api/useApiContext';
import { getDocument, restoreVersion, saveDocument } from './api';
import { blankContent } from './content';
import { disclosureKeys } from './queries';
import { useAutosave } from './useAutosave';

/** What a save sends: the whole document as the page holds it. */
interface Snapshot {
  title: string;
  content: DisclosureContent;
  checkpoint?: boolean;
}

const isConflict = (error: unknown) => error instanceof ApiError && error.code === 'DISCLOSURE_VERSION_CONFLICT';

interface DocumentDraftOptions {
  /** The stored document; undefined for a new one. */
  initial: DisclosureDetail | undefined;
  kind: DisclosureKind;
  onCreated: (id: string) => void;
}

/**
 * The text of the document being written and its saving: autosave of whole snapshots, each save
 * naming the version it was based on; the first save creates the document.
 */
export function useDocumentDraft({ initial, kind, onCreated }: DocumentDraftOptions) {
  const { t, i18n } = useTranslation('disclosure');
  const lang = i18n.language as Language;
  const { message } = App.useApp();
  const api = useApiContext();
  const queryClient = useQueryClient();

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

  const replaceText = (detail: DisclosureDetail) => {
    snapshot.current = { title: detail.title, content: detail.content };
    setTitle(detail.title);
    setContent(detail.content);
    setContentKey((k) => k + 1);
    reset(detail.updatedAt);
  };

  const saveVersion = async () => {
    changeSnapshot({ ...snapshot.current, checkpoint: true });
    await flush();
  };

  /** What was typed is saved first (it stays in the history), then the old text becomes the next version. */
  const restore = async (target: DisclosureVersion) => {
    if (!(await flush())) throw new Error(autosave.state.error?.message ?? t('save.failed'));
    const detail = await restoreVersion(
      { id: stored.current.id ?? '', versionId: target.id, version: stored.current.version },
      { lang: api.lang, messages: api.messages },
    );
    applySaved(detail);
    replaceText(detail);
  };

  const reload = async () => {
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

  const saveAsNew = async () => {
    stored.current = { id: undefined, version: 0 };
    reset(null);
    changeSnapshot({ ...snapshot.current });
    await flush();
  };

  return {
    stored,
    version,
    documentId,
    title,
    content,
    contentKey,
    autosave,
    handleSectionChange,
    handleTitleChange,
    ensureSaved,
    saveVersion,
    restore,
    reload,
    saveAsNew,
  };
}
