import type { RefObject } from 'react';
import { Card, Input, Tooltip, Typography, type InputRef } from 'antd';
import type { Editor } from '@tiptap/react';
import { useTranslation } from 'react-i18next';
import {
  DISCLOSURE_ABSTRACT_ADVISED_LENGTH,
  DISCLOSURE_INVENTION_TITLE_ADVISED_LENGTH,
  SECTION_KEYS_BY_KIND,
  type DisclosureContent,
  type DisclosureKind,
  type DisclosureRichNode,
} from '@patlas/contracts';
import { charCount, docOfText, textOf } from './content';
import { SectionEditor } from './SectionEditor';

interface DocumentSectionsProps {
  kind: DisclosureKind;
  content: DisclosureContent;
  /** Bumped when the text is replaced from the server: the section editors start again. */
  contentKey: number;
  activeKey: string | undefined;
  /** The application's invention title, a plain input the formal review can select in. */
  titleInput: RefObject<InputRef | null>;
  onChange: (key: string, doc: DisclosureRichNode) => void;
  onFocus: (key: string) => void;
  onReady: (key: string, editor: Editor | null) => void;
}

/** One card per section of the kind, each with its rich-text editor (the invention title as one line). */
export function DocumentSections({
  kind,
  content,
  contentKey,
  activeKey,
  titleInput,
  onChange,
  onFocus,
  onReady,
}: DocumentSectionsProps) {
  const { t } = useTranslation('disclosure');
  const inventionTitle = textOf(content.sections.title).replace(/\n/g, '');
  return SECTION_KEYS_BY_KIND[kind].map((key) => {
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
            onChange={(event) => onChange('title', docOfText(event.target.value.replace(/\n/g, '')))}
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
          onChange={onChange}
          onFocus={onFocus}
          onReady={onReady}
        />
      </Card>
    );
  });
}
