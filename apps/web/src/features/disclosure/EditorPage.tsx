import { useState } from 'react';
import { Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { DisclosureKind } from '@patlas/contracts';
import { DISCLOSURE_LIST_PATH, PATENT_APPLY_PATH } from '../../app/paths';
import { DocumentEditor } from './DocumentEditor';
import { useDocument } from './queries';
import './disclosure.css';

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
