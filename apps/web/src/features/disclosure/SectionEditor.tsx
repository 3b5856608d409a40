import { useEffect, useState } from 'react';
import { EditorContent, useEditor, type Editor, type JSONContent } from '@tiptap/react';
import type { DisclosureRichNode } from '@patlas/contracts';
import { sectionExtensions } from './extensions';

export interface SectionEditorProps {
  sectionKey: string;
  label: string;
  /** The text the editor starts with (read once: the editor holds the text from then on). */
  initial: DisclosureRichNode;
  placeholder: string;
  onChange: (sectionKey: string, doc: DisclosureRichNode) => void;
  onFocus: (sectionKey: string) => void;
  onReady: (sectionKey: string, editor: Editor | null) => void;
}

/** One section's rich-text editor (TipTap): its own undo history, hint and images. */
export function SectionEditor({
  sectionKey,
  label,
  initial,
  placeholder,
  onChange,
  onFocus,
  onReady,
}: SectionEditorProps) {
  // Options that stay the same object from render to render: the editor is not reconfigured on each keystroke.
  const [options] = useState(() => ({
    extensions: sectionExtensions(placeholder),
    content: initial as JSONContent,
    editorProps: { attributes: { 'aria-label': label, class: 'disclosure-editor-body' } },
  }));
  const editor = useEditor({
    ...options,
    onUpdate: ({ editor: current }) => onChange(sectionKey, current.getJSON() as DisclosureRichNode),
    onFocus: () => onFocus(sectionKey),
  });
  useEffect(() => {
    onReady(sectionKey, editor);
    return () => onReady(sectionKey, null);
  }, [editor, onReady, sectionKey]);
  return <EditorContent editor={editor} data-testid={`disclosure-section-${sectionKey}`} />;
}
