import { useRef } from 'react';
import { Button, Divider, Flex, Select, Tooltip, Typography } from 'antd';
import {
  BoldOutlined,
  ItalicOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { useEditorState, type Editor } from '@tiptap/react';
import { useTranslation } from 'react-i18next';
import { DISCLOSURE_IMAGE_TYPES, MAX_DISCLOSURE_IMAGES } from '@patlas/contracts';
import { FONT_SIZE_VALUES } from './extensions';

export interface ToolbarProps {
  /** The section editor the toolbar acts on (the last one focused). */
  editor: Editor | null;
  imageCount: number;
  onImage: (file: File) => void;
  isImageBusy: boolean;
}

const ACCEPT = DISCLOSURE_IMAGE_TYPES.map((type) => `.${type}`).join(',');

/** The editor's toolbar (spec 2 §9 font sizes 12–26 px step 2, image max 10): acts on the focused section. */
export function Toolbar({ editor, imageCount, onImage, isImageBusy }: ToolbarProps) {
  const { t } = useTranslation('disclosure');
  const fileInput = useRef<HTMLInputElement>(null);
  const marks = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current?.isActive('bold') ?? false,
      italic: current?.isActive('italic') ?? false,
      bulletList: current?.isActive('bulletList') ?? false,
      orderedList: current?.isActive('orderedList') ?? false,
      block: current?.isActive('heading', { level: 2 })
        ? 'h2'
        : current?.isActive('heading', { level: 3 })
          ? 'h3'
          : 'p',
      fontSize: (current?.getAttributes('fontSize').size as string | undefined) ?? null,
      canUndo: current?.can().undo() ?? false,
      canRedo: current?.can().redo() ?? false,
    }),
  });
  const chain = () => editor?.chain().focus();
  const isDisabled = !editor;

  const button = (key: string, icon: React.ReactNode, isActive: boolean, run: () => void, disabled = isDisabled) => (
    <Tooltip title={t(`toolbar.${key}` as 'toolbar.bold')} key={key}>
      <Button
        type={isActive ? 'primary' : 'text'}
        icon={icon}
        aria-label={t(`toolbar.${key}` as 'toolbar.bold')}
        aria-pressed={isActive}
        disabled={disabled}
        onMouseDown={(event) => event.preventDefault()}
        onClick={run}
        data-testid={`disclosure-tool-${key}`}
      />
    </Tooltip>
  );

  return (
    <Flex className="disclosure-toolbar" align="center" wrap gap={4} data-testid="disclosure-toolbar">
      {button('bold', <BoldOutlined />, marks?.bold ?? false, () => chain()?.toggleBold().run())}
      {button('italic', <ItalicOutlined />, marks?.italic ?? false, () => chain()?.toggleItalic().run())}
      <Divider orientation="vertical" />
      <Select
        size="small"
        style={{ width: 96 }}
        disabled={isDisabled}
        value={marks?.block ?? 'p'}
        aria-label={t('toolbar.paragraph')}
        data-testid="disclosure-tool-block"
        options={[
          { value: 'p', label: t('toolbar.paragraph') },
          { value: 'h2', label: t('toolbar.heading2') },
          { value: 'h3', label: t('toolbar.heading3') },
        ]}
        onChange={(value: string) => {
          if (value === 'p') chain()?.setParagraph().run();
          else
            chain()
              ?.setHeading({ level: value === 'h2' ? 2 : 3 })
              .run();
        }}
      />
      <Select
        size="small"
        style={{ width: 96 }}
        disabled={isDisabled}
        placeholder={t('toolbar.fontSize')}
        value={marks?.fontSize ?? undefined}
        allowClear
        aria-label={t('toolbar.fontSize')}
        data-testid="disclosure-tool-font-size"
        options={FONT_SIZE_VALUES.map((size) => ({ value: size, label: size }))}
        onChange={(value: string | undefined) => {
          if (value) chain()?.setMark('fontSize', { size: value }).run();
          else chain()?.unsetMark('fontSize').run();
        }}
      />
      <Divider orientation="vertical" />
      {button('bulletList', <UnorderedListOutlined />, marks?.bulletList ?? false, () =>
        chain()?.toggleBulletList().run(),
      )}
      {button('orderedList', <OrderedListOutlined />, marks?.orderedList ?? false, () =>
        chain()?.toggleOrderedList().run(),
      )}
      <Divider orientation="vertical" />
      {button('undo', <UndoOutlined />, false, () => chain()?.undo().run(), !marks?.canUndo)}
      {button('redo', <RedoOutlined />, false, () => chain()?.redo().run(), !marks?.canRedo)}
      <Divider orientation="vertical" />
      <Tooltip title={t('toolbar.image')}>
        <Button
          type="text"
          icon={<PictureOutlined />}
          aria-label={t('toolbar.image')}
          disabled={isDisabled}
          loading={isImageBusy}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => fileInput.current?.click()}
          data-testid="disclosure-tool-image"
        />
      </Tooltip>
      <Typography.Text
        type={imageCount >= MAX_DISCLOSURE_IMAGES ? 'danger' : 'secondary'}
        data-testid="disclosure-image-count"
      >
        {t('toolbar.images', { count: imageCount, max: MAX_DISCLOSURE_IMAGES })}
      </Typography.Text>
      <input
        ref={fileInput}
        type="file"
        accept={ACCEPT}
        hidden
        data-testid="disclosure-image-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onImage(file);
        }}
      />
    </Flex>
  );
}
