import { useQuery } from '@tanstack/react-query';
import Image from '@tiptap/extension-image';
import Placeholder from '@tiptap/extension-placeholder';
import { Mark, NodeViewWrapper, ReactNodeViewRenderer, type Extensions, type ReactNodeViewProps } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useTranslation } from 'react-i18next';
import { DISCLOSURE_FONT_SIZES, disclosureEndpoints, disclosureImageIdOf, fillPath } from '@patlas/contracts';
import { useFileOptions } from '../../export-actions/queries';
import { fetchImage } from './api';

/** Font sizes the toolbar offers (spec 2 §9 "editor font sizes 12 to 26 px step 2"), as CSS values. */
export const FONT_SIZE_VALUES: readonly string[] = DISCLOSURE_FONT_SIZES.map((size) => `${size}px`);

/** A run's font size (`fontSize { size: '18px' }`): a span with that size; other values are dropped. */
export const FontSize = Mark.create({
  name: 'fontSize',
  addAttributes() {
    return {
      size: {
        default: null,
        parseHTML: (element: HTMLElement) => element.style.fontSize || null,
        renderHTML: (attributes: { size?: string | null }) =>
          attributes.size && FONT_SIZE_VALUES.includes(attributes.size)
            ? { style: `font-size: ${attributes.size}` }
            : {},
      },
    };
  },
  parseHTML() {
    return [{ tag: 'span', getAttrs: (element: HTMLElement) => (element.style.fontSize ? {} : false) }];
  },
  renderHTML({ HTMLAttributes }) {
    return ['span', HTMLAttributes, 0];
  },
});

/**
 * The API path an editor image is fetched from, made from the image id of one of our own image
 * addresses only (issue 41 §3: the fetch carries the bearer token, so a document naming another
 * host's or another route's address fetches nothing); undefined for anything else.
 */
export function imageFetchPath(src: unknown): string | undefined {
  const id = disclosureImageIdOf(src);
  return id === undefined ? undefined : fillPath(disclosureEndpoints.image.path, { id });
}

/** An editor image's blob URL: the address needs the bearer token, so it is fetched, not linked. */
export function useImageUrl(src: string | undefined) {
  const fileOptions = useFileOptions();
  const path = imageFetchPath(src);
  return useQuery({
    queryKey: ['disclosure', 'image', path ?? ''],
    queryFn: async () => {
      if (!path) throw new Error('not an image of this document');
      return URL.createObjectURL((await fetchImage(path, await fileOptions())).blob);
    },
    enabled: Boolean(src),
    staleTime: Infinity,
    retry: (failures) => path !== undefined && failures < 1,
  });
}

function AuthImageView({ node, selected }: ReactNodeViewProps) {
  const { t } = useTranslation('disclosure');
  const src = typeof node.attrs.src === 'string' ? node.attrs.src : undefined;
  const alt = typeof node.attrs.alt === 'string' ? node.attrs.alt : '';
  const image = useImageUrl(src);
  return (
    <NodeViewWrapper className={`disclosure-image${selected ? ' disclosure-image-selected' : ''}`} data-drag-handle="">
      {image.data ? (
        <img src={image.data} alt={alt} data-testid="disclosure-image" />
      ) : (
        <span className="disclosure-image-placeholder">{image.isError ? t('image.broken') : t('image.loading')}</span>
      )}
    </NodeViewWrapper>
  );
}

/**
 * The image node, drawn from its fetched blob. Pasted HTML brings only images uploaded here: others
 * (data:, other sites) would be refused by every save, so they are left out of the paste.
 */
export const AuthImage = Image.extend({
  parseHTML() {
    return [
      {
        tag: 'img[src]',
        getAttrs: (element: HTMLElement) => (imageFetchPath(element.getAttribute('src')) ? {} : false),
      },
    ];
  },
  addNodeView() {
    return ReactNodeViewRenderer(AuthImageView);
  },
});

/** The extensions of a section editor: headings 2–3, lists, bold/italic, undo/redo, images, font sizes, the hint. */
export function sectionExtensions(placeholder: string): Extensions {
  return [
    StarterKit.configure({ heading: { levels: [2, 3] }, code: false, codeBlock: false, link: false }),
    AuthImage.configure({ inline: false, allowBase64: false }),
    Placeholder.configure({ placeholder }),
    FontSize,
  ];
}
