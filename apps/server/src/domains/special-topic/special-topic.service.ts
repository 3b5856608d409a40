import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  fillPath,
  MAX_SPECIAL_TOPICS,
  MAX_TOPIC_PICTURE_BYTES,
  MAX_TOPIC_PICTURE_SIDE,
  TOPIC_COUNT_TTL_MS,
  specialTopicEndpoints,
  TOPIC_PICTURE_TYPES,
  type Language,
  type SpecialTopic,
  type SpecialTopicCard,
  type SpecialTopicPatch,
} from '@patlas/contracts';
import type { FastifyBaseLogger } from 'fastify';
import sharp, { type Metadata } from 'sharp';
import { AppError } from '../../errors.js';
import { API_BASE_PATH } from '../../kernel/route.js';
import type { SearchService } from '../search/index.js';
import type { SpecialTopicRepository, SpecialTopicRow, SpecialTopicValues } from './special-topic.repository.js';

export interface SpecialTopicServiceDeps {
  repository: SpecialTopicRepository;
  search: Pick<SearchService, 'parse' | 'totalHits'>;
  /** DATA_DIR/uploads/topics */
  picturesDir: string;
  now: () => Date;
  log: FastifyBaseLogger;
}

/** Width a stored picture is scaled down to (cards are ~320 px wide; 2× for sharp screens). */
const PICTURE_WIDTH = 640;
/** Stored picture names: never a path. */
const PICTURE_NAME = /^[A-Za-z0-9-]+\.webp$/;

/**
 * The demo topics a fresh start with the demo corpus shows (docs/special-topics.md): technologies
 * the corpus holds thousands of patents of, in Chinese and English wording.
 */
export const DEMO_TOPICS: readonly SpecialTopicValues[] = [
  {
    nameZh: '锂电池',
    nameEn: 'Lithium batteries',
    expression: 'TIABC=(锂电池 OR 锂离子电池 OR "lithium battery" OR "lithium ion battery")',
    descriptionZh: '锂离子电池的正负极材料、电解液、电池管理与制造工艺',
    descriptionEn: 'Electrodes, electrolytes, battery management and manufacturing of lithium-ion cells',
    enabled: true,
  },
  {
    nameZh: '新能源汽车',
    nameEn: 'New energy vehicles',
    expression: 'TIABC=(新能源汽车 OR 电动汽车 OR 混合动力汽车 OR "electric vehicle" OR "hybrid vehicle")',
    descriptionZh: '纯电动、混合动力汽车的驱动、充电与整车控制',
    descriptionEn: 'Drive, charging and vehicle control of battery-electric and hybrid cars',
    enabled: true,
  },
  {
    nameZh: '人工智能',
    nameEn: 'Artificial intelligence',
    expression:
      'TIABC=(人工智能 OR 神经网络 OR 机器学习 OR 深度学习 OR "artificial intelligence" OR "neural network" OR "machine learning")',
    descriptionZh: '神经网络、机器学习与深度学习方法及其应用',
    descriptionEn: 'Neural networks, machine learning and deep learning methods and their uses',
    enabled: true,
  },
];

function pictureUrlOf(row: SpecialTopicRow): string | null {
  return row.picture ? API_BASE_PATH + fillPath(specialTopicEndpoints.picture.path, { file: row.picture }) : null;
}

function toTopic(row: SpecialTopicRow): SpecialTopic {
  return {
    id: row.id,
    nameZh: row.name_zh,
    nameEn: row.name_en,
    expression: row.expression,
    descriptionZh: row.description_zh,
    descriptionEn: row.description_en,
    pictureUrl: pictureUrlOf(row),
    enabled: row.enabled === 1,
    sortOrder: row.sort_order,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function formatMegabytes(bytes: number): string {
  return `${bytes / 1024 / 1024} MB`;
}

/**
 * Special topics (docs/special-topics.md): operators keep them in the operators' area; the home
 * page shows the enabled ones with the live count of their expressions, counted by the engine and
 * reused for TOPIC_COUNT_TTL_MS.
 */
export class SpecialTopicService {
  private readonly counts = new Map<string, { count: number; at: number }>();

  constructor(private readonly deps: SpecialTopicServiceDeps) {}

  async list(): Promise<SpecialTopic[]> {
    return (await this.deps.repository.list()).map(toTopic);
  }

  private async get(id: string): Promise<SpecialTopicRow> {
    const row = await this.deps.repository.find(id);
    if (!row) throw new AppError('TOPIC_NOT_FOUND');
    return row;
  }

  /** Refuses an expression the search would refuse, with the query language's message. */
  private checkExpression(expression: string, lang: Language): void {
    this.deps.search.parse(expression, lang);
  }

  async create(input: SpecialTopicValues, lang: Language): Promise<SpecialTopic> {
    this.checkExpression(input.expression, lang);
    if ((await this.deps.repository.count()) >= MAX_SPECIAL_TOPICS) {
      throw new AppError('TOPIC_LIMIT_REACHED', { max: MAX_SPECIAL_TOPICS });
    }
    const id = await this.deps.repository.insert(input, this.deps.now().toISOString());
    return toTopic(await this.get(id));
  }

  async update(id: string, patch: SpecialTopicPatch, lang: Language): Promise<SpecialTopic> {
    await this.get(id);
    if (patch.expression !== undefined) this.checkExpression(patch.expression, lang);
    await this.deps.repository.update(id, patch, this.deps.now().toISOString());
    return toTopic(await this.get(id));
  }

  async remove(id: string): Promise<void> {
    const row = await this.get(id);
    await this.deps.repository.remove(id);
    if (row.picture) await this.removePictureFile(row.picture);
  }

  async reorder(ids: readonly string[]): Promise<SpecialTopic[]> {
    const rows = await this.deps.repository.list();
    const known = new Set(rows.map((r) => r.id));
    if (ids.length !== rows.length || new Set(ids).size !== ids.length || !ids.every((id) => known.has(id))) {
      throw new AppError('TOPIC_ORDER_MISMATCH');
    }
    await this.deps.repository.reorder(ids);
    return this.list();
  }

  /**
   * Stores a topic's picture: JPEG, PNG or WebP up to MAX_TOPIC_PICTURE_BYTES and
   * MAX_TOPIC_PICTURE_SIDE pixels a side, scaled to PICTURE_WIDTH and kept as WebP under
   * DATA_DIR/uploads/topics (a new name each time, so browsers never show an old one).
   */
  async setPicture(id: string, file: Buffer): Promise<SpecialTopic> {
    const row = await this.get(id);
    const tooLarge = () =>
      new AppError('TOPIC_PICTURE_TOO_LARGE', {
        max: formatMegabytes(MAX_TOPIC_PICTURE_BYTES),
        side: MAX_TOPIC_PICTURE_SIDE,
      });
    if (file.length > MAX_TOPIC_PICTURE_BYTES) throw tooLarge();
    let meta: Metadata;
    try {
      meta = await sharp(file, { failOn: 'error' }).metadata();
    } catch {
      throw new AppError('TOPIC_PICTURE_TYPE');
    }
    if (!(TOPIC_PICTURE_TYPES as readonly string[]).includes(meta.format ?? '')) {
      throw new AppError('TOPIC_PICTURE_TYPE');
    }
    if ((meta.width ?? 0) > MAX_TOPIC_PICTURE_SIDE || (meta.height ?? 0) > MAX_TOPIC_PICTURE_SIDE) throw tooLarge();
    let webp: Buffer;
    try {
      webp = await sharp(file, { failOn: 'error' })
        .rotate()
        .resize({ width: PICTURE_WIDTH, withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer();
    } catch {
      throw new AppError('TOPIC_PICTURE_TYPE');
    }
    await mkdir(this.deps.picturesDir, { recursive: true });
    const name = `${id}-${randomBytes(4).toString('hex')}.webp`;
    await writeFile(path.join(this.deps.picturesDir, name), webp);
    await this.deps.repository.setPicture(id, name, this.deps.now().toISOString());
    if (row.picture) await this.removePictureFile(row.picture);
    return toTopic(await this.get(id));
  }

  async removePicture(id: string): Promise<SpecialTopic> {
    const row = await this.get(id);
    await this.deps.repository.setPicture(id, null, this.deps.now().toISOString());
    if (row.picture) await this.removePictureFile(row.picture);
    return toTopic(await this.get(id));
  }

  private async removePictureFile(name: string): Promise<void> {
    if (PICTURE_NAME.test(name)) await rm(path.join(this.deps.picturesDir, name), { force: true });
  }

  /** The file of a stored picture; a name that is not one is TOPIC_NOT_FOUND. */
  picturePath(name: string): string {
    if (!PICTURE_NAME.test(name)) throw new AppError('TOPIC_NOT_FOUND');
    return path.join(this.deps.picturesDir, name);
  }

  /** The count the result page shows for the expression (unmerged, every office), cached briefly. */
  private async countOf(expression: string, lang: Language): Promise<number | null> {
    const cached = this.counts.get(expression);
    const now = Date.now();
    if (cached && now - cached.at < TOPIC_COUNT_TTL_MS) return cached.count;
    try {
      const { total } = await this.deps.search.totalHits(expression, undefined, 0, lang);
      this.counts.set(expression, { count: total, at: now });
      return total;
    } catch (err) {
      // A card without its count beats no home page (a time budget exceeded, an expression the
      // index can no longer run): the count shows as unknown.
      this.deps.log.warn({ err, expression }, 'special topic count failed');
      return cached?.count ?? null;
    }
  }

  /** getSpecialTopicInfo: the enabled topics in order, in the caller's language, with their counts. */
  async cards(lang: Language): Promise<SpecialTopicCard[]> {
    const rows = await this.deps.repository.list({ enabledOnly: true });
    const counts = await Promise.all(rows.map((row) => this.countOf(row.expression, lang)));
    return rows.map((row, i) => ({
      id: row.id,
      name: lang === 'en' && row.name_en ? row.name_en : row.name_zh,
      description: lang === 'en' && row.description_en ? row.description_en : row.description_zh,
      expression: row.expression,
      pictureUrl: pictureUrlOf(row),
      count: counts[i] ?? null,
    }));
  }

  /** Writes the demo topics once per installation (an operator's later deletions stay deleted). */
  async seedDemoTopics(): Promise<number> {
    if (await this.deps.repository.isSeeded()) return 0;
    const at = this.deps.now().toISOString();
    let added = 0;
    if ((await this.deps.repository.count()) === 0) {
      for (const topic of DEMO_TOPICS) {
        await this.deps.repository.insert(topic, at);
        added++;
      }
    }
    await this.deps.repository.markSeeded(at);
    return added;
  }
}
