import { SECTION_KEYS_BY_KIND, type DisclosureDetail, type DisclosureRichNode, type Language } from '@patlas/contracts';
import { AlignmentType, HeadingLevel, ImageRun, Paragraph, TextRun, type IRunOptions, type ParagraphChild } from 'docx';
import { A4_SECTION_PROPERTIES, docxBuffer, newDocxDocument } from '../../documents/docx.js';
import { imageIdOf } from './disclosure-content.js';

/** An image as the Word export embeds it. */
export interface ExportImage {
  data: Buffer;
  type: 'png' | 'jpg';
  width: number;
  height: number;
}

/**
 * A document as a Word file (GET /disclosurePaper/export?id=): its title, then each section of its
 * kind under its heading, with the editor's paragraphs, headings, lists, bold / italic / underline
 * / strike, font sizes and images (scaled into the text column).
 */

export const SECTION_LABELS: Record<Language, Record<string, string>> = {
  zh: {
    field: '技术领域',
    background: '背景技术',
    problem: '要解决的技术问题',
    solution: '技术方案',
    effects: '有益效果',
    drawings: '附图说明',
    embodiments: '具体实施方式',
    title: '发明名称',
    abstract: '摘要',
    claims: '权利要求书',
    description: '说明书',
  },
  en: {
    field: 'Technical field',
    background: 'Background',
    problem: 'Technical problem to solve',
    solution: 'Technical solution',
    effects: 'Beneficial effects',
    drawings: 'Description of the drawings',
    embodiments: 'Embodiments',
    title: 'Title of the invention',
    abstract: 'Abstract',
    claims: 'Claims',
    description: 'Description',
  },
};

const KIND_LABELS = {
  zh: { disclosure: '技术交底书', application: '专利申请文件' },
  en: { disclosure: 'Technical disclosure', application: 'Patent application draft' },
} as const;

// A4 with 2.54 cm margins (A4_SECTION_PROPERTIES): the text column is 6.27 in, 602 px at 96 per inch.
const IMAGE_BOX = { width: 600, height: 800 };

function fit(image: ExportImage): { width: number; height: number } {
  const scale = Math.min(1, IMAGE_BOX.width / image.width, IMAGE_BOX.height / image.height);
  return { width: Math.max(1, Math.round(image.width * scale)), height: Math.max(1, Math.round(image.height * scale)) };
}

const HEADINGS = [HeadingLevel.HEADING_2, HeadingLevel.HEADING_3, HeadingLevel.HEADING_4] as const;

/** The runs of an inline content: marks become run options; font sizes in px become half-points (px × 1.5). */
function runsOf(nodes: readonly DisclosureRichNode[] | undefined, images: Map<string, ExportImage>): ParagraphChild[] {
  const runs: ParagraphChild[] = [];
  for (const node of nodes ?? []) {
    if (node.type === 'hardBreak') {
      runs.push(new TextRun({ text: '', break: 1 }));
    } else if (node.type === 'text' && node.text) {
      const options: { -readonly [K in keyof IRunOptions]?: IRunOptions[K] } = { text: node.text };
      for (const mark of node.marks ?? []) {
        if (mark.type === 'bold') options.bold = true;
        else if (mark.type === 'italic') options.italics = true;
        else if (mark.type === 'underline') options.underline = {};
        else if (mark.type === 'strike') options.strike = true;
        else if (mark.type === 'fontSize') {
          const px = Number.parseFloat(String(mark.attrs?.size ?? ''));
          if (Number.isFinite(px) && px > 0) options.size = Math.round(px * 1.5);
        }
      }
      runs.push(new TextRun(options as IRunOptions));
    } else if (node.type === 'image') {
      const image = images.get(imageIdOf(node.attrs?.src) ?? '');
      if (image) runs.push(imageRun(image, node));
    }
  }
  return runs;
}

function imageRun(image: ExportImage, node: DisclosureRichNode): ImageRun {
  const alt = typeof node.attrs?.alt === 'string' && node.attrs.alt ? node.attrs.alt : 'image';
  return new ImageRun({
    type: image.type,
    data: image.data,
    transformation: fit(image),
    altText: { name: alt, description: alt, title: alt },
  });
}

/** The Word paragraphs of a block (lists flattened with their markers and indent). */
function blockParagraphs(
  node: DisclosureRichNode,
  images: Map<string, ExportImage>,
  out: Paragraph[],
  indent = 0,
  marker = '',
): void {
  const indentation = indent > 0 ? { left: indent * 420, hanging: 300 } : undefined;
  switch (node.type) {
    case 'paragraph':
    case 'codeBlock':
      out.push(
        new Paragraph({
          spacing: { after: 120 },
          ...(indentation ? { indent: indentation } : {}),
          children: [...(marker ? [new TextRun(marker)] : []), ...runsOf(node.content, images)],
        }),
      );
      return;
    case 'heading': {
      const level = Math.min(Math.max(Number(node.attrs?.level ?? 1), 1), 3);
      out.push(new Paragraph({ heading: HEADINGS[level - 1], children: runsOf(node.content, images) }));
      return;
    }
    case 'image': {
      const image = images.get(imageIdOf(node.attrs?.src) ?? '');
      if (image) {
        out.push(new Paragraph({ alignment: AlignmentType.CENTER, children: [imageRun(image, node)] }));
      }
      return;
    }
    case 'bulletList':
    case 'orderedList': {
      const start = Number(node.attrs?.start ?? 1);
      (node.content ?? []).forEach((item, i) => {
        const itemMarker = node.type === 'bulletList' ? '• ' : `${(Number.isFinite(start) ? start : 1) + i}. `;
        (item.content ?? []).forEach((child, j) =>
          blockParagraphs(child, images, out, indent + 1, j === 0 ? itemMarker : ''),
        );
      });
      return;
    }
    default:
      for (const child of node.content ?? []) blockParagraphs(child, images, out, indent, marker);
  }
}

/** The .docx of a document, its images given by id. */
export async function disclosureDocx(
  detail: DisclosureDetail,
  images: Map<string, ExportImage>,
  lang: Language,
): Promise<Buffer> {
  const labels = SECTION_LABELS[lang];
  const children: Paragraph[] = [
    new Paragraph({ heading: HeadingLevel.TITLE, children: [new TextRun(detail.title)] }),
    new Paragraph({
      spacing: { after: 240 },
      children: [new TextRun({ text: KIND_LABELS[lang][detail.kind], color: '666666' })],
    }),
  ];
  for (const key of SECTION_KEYS_BY_KIND[detail.kind]) {
    children.push(new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun(labels[key] ?? key)] }));
    const doc = detail.content.sections[key];
    const before = children.length;
    for (const block of doc?.content ?? []) blockParagraphs(block, images, children);
    if (children.length === before) children.push(new Paragraph({}));
  }
  const document = newDocxDocument({
    title: detail.title,
    size: 24,
    sections: [{ properties: A4_SECTION_PROPERTIES, children }],
  });
  return docxBuffer(document);
}
