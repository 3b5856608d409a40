import { randomUUID } from 'node:crypto';
import {
  AnalysisRequestSchema,
  ChartSizeDetailSchema,
  ChartTypeSchema,
  CHART_TYPES,
  colorDetailOf,
  DEFAULT_CHART_SIZE,
  defaultPaletteFor,
  HexColorSchema,
  isIndexRun,
  MAX_CHART_FOLDER_DEPTH,
  MAX_CHART_FOLDERS,
  MAX_CUSTOM_CHARTS,
  MAX_PALETTE_COLORS,
  MIN_PALETTE_COLORS,
  type AddChartRequest,
  type AddClassifyRequest,
  type ChartClassify,
  type ChartColorConfig,
  type ChartInfo,
  type ChartSizeConfig,
  type ChartSizeDetail,
  type ChartType,
  type ColorDetail,
  type GetChartInfoRequest,
  type SavedChart,
  type SaveChartSizeRequest,
  type UpdateChartRequest,
  type UpdateClassifyRequest,
} from '@patlas/contracts';
import { AppError } from '../../errors.js';
import type { AuthContext } from '../../kernel/access.plugin.js';
import type { Clock } from '../../kernel/clock.js';
import type {
  ChartClassifyRow,
  ChartColorRow,
  ChartRepository,
  ChartSizeRow,
  CustomChartRow,
} from './chart.repository.js';

/** What the routes accept for colorDetail before the service checks it (so each fault gets its own message). */
export interface ColorDetailInput {
  index: number;
  color: string;
}

/**
 * Chart customisation per user. IP-login visitors have no account to keep settings under
 * (spec 1 §4 "IP login skips saving custom config to the server"): they read the defaults and
 * an empty chart list, and every save is refused with CUSTOM_CONFIG_IP_VISITOR, as the account
 * domain does for userCustomConfig.
 */
export class ChartService {
  constructor(
    private readonly repo: ChartRepository,
    private readonly now: Clock,
  ) {}

  private nowIso(): string {
    return this.now().toISOString();
  }

  private ownerOf(auth: AuthContext): string {
    if (auth.userId === null) throw new AppError('CUSTOM_CONFIG_IP_VISITOR');
    return auth.userId;
  }

  // --- colours

  async getColors(
    auth: AuthContext,
    item: string | undefined,
    chartType: ChartType | undefined,
  ): Promise<ChartColorConfig[]> {
    if (item !== undefined) {
      const row = auth.userId === null ? undefined : await this.repo.findColor(auth.userId, item);
      return [row ? colorConfigOf(row) : defaultColorConfig(item, chartType)];
    }
    // Every saved item, then the default of each chart type that has no saved palette under its own name.
    const saved = auth.userId === null ? [] : (await this.repo.listColors(auth.userId)).map(colorConfigOf);
    const savedItems = new Set(saved.map((config) => config.item));
    const defaults = CHART_TYPES.filter((type) => !savedItems.has(type)).map((type) => defaultColorConfig(type, type));
    return [...saved, ...defaults];
  }

  async setColors(
    auth: AuthContext,
    body: { item: string; colorDetail: ColorDetailInput[]; productAlias?: string | undefined },
  ): Promise<ChartColorConfig> {
    const userId = this.ownerOf(auth);
    const detail = checkedColorDetail(body.colorDetail);
    const row = await this.repo.upsertColor(
      userId,
      body.item,
      JSON.stringify(detail),
      body.productAlias ?? null,
      this.nowIso(),
    );
    return colorConfigOf(row);
  }

  /** Drops a saved palette; the chart shows its default again. */
  async deleteColors(auth: AuthContext, id: string): Promise<ChartColorConfig> {
    const userId = this.ownerOf(auth);
    const row = await this.repo.deleteColor(userId, id);
    if (!row) throw new AppError('CHART_CONFIG_NOT_FOUND');
    return defaultColorConfig(row.item, undefined);
  }

  // --- sizes

  async getSizes(auth: AuthContext, item: string | undefined): Promise<ChartSizeConfig[]> {
    if (item !== undefined) {
      const row = auth.userId === null ? undefined : await this.repo.findSize(auth.userId, item);
      return [row ? sizeConfigOf(row) : defaultSizeConfig(item)];
    }
    return auth.userId === null ? [] : (await this.repo.listSizes(auth.userId)).map(sizeConfigOf);
  }

  async saveSize(auth: AuthContext, body: SaveChartSizeRequest): Promise<ChartSizeConfig> {
    const userId = this.ownerOf(auth);
    const row = await this.repo.upsertSize(
      userId,
      body.item,
      body.confName || body.item,
      JSON.stringify(body.confDetail),
      this.nowIso(),
    );
    return sizeConfigOf(row);
  }

  /** Back to the default size for one item, or for every item; answers the defaults. */
  async resetSizes(auth: AuthContext, item: string | undefined): Promise<ChartSizeConfig[]> {
    const userId = this.ownerOf(auth);
    const before = item === undefined ? await this.repo.listSizes(userId) : [];
    await this.repo.deleteSizes(userId, item);
    return item !== undefined ? [defaultSizeConfig(item)] : before.map((row) => defaultSizeConfig(row.item));
  }

  // --- folders

  async chartInfo(auth: AuthContext, query: GetChartInfoRequest): Promise<ChartInfo> {
    if (auth.userId === null) return { classifies: [], charts: [], deleted: [] };
    const [folders, rows] = await Promise.all([
      this.repo.listClassifies(auth.userId),
      this.repo.listCharts(auth.userId),
    ]);
    const inFolder = (row: CustomChartRow) => query.classifyId === undefined || row.classify_id === query.classifyId;
    return {
      classifies: folders.map(classifyOf),
      charts: rows.filter((row) => row.deleted_at === null && inFolder(row)).map(savedChartOf),
      deleted: rows.filter((row) => row.deleted_at !== null && inFolder(row)).map(savedChartOf),
    };
  }

  async addClassify(auth: AuthContext, body: AddClassifyRequest): Promise<ChartClassify> {
    const userId = this.ownerOf(auth);
    const folders = await this.repo.listClassifies(userId);
    if (folders.length >= MAX_CHART_FOLDERS) throw new AppError('CHART_FOLDER_LIMIT', { max: MAX_CHART_FOLDERS });
    const parentId = body.parentId ?? null;
    if (parentId !== null) {
      if (!folders.some((folder) => folder.id === parentId)) throw new AppError('CHART_FOLDER_NOT_FOUND');
      if (depthOf(folders, parentId) + 1 > MAX_CHART_FOLDER_DEPTH)
        throw new AppError('CHART_FOLDER_TOO_DEEP', { max: MAX_CHART_FOLDER_DEPTH });
    }
    assertNameFree(folders, parentId, body.name, null);
    const row: ChartClassifyRow = {
      id: randomUUID(),
      user_id: userId,
      name: body.name,
      parent_id: parentId,
      created_at: this.nowIso(),
    };
    await this.repo.insertClassify(row);
    return classifyOf(row);
  }

  /** Renames a folder and/or moves it under another folder (null: to the top). */
  async updateClassify(auth: AuthContext, body: UpdateClassifyRequest): Promise<ChartClassify> {
    const userId = this.ownerOf(auth);
    const folders = await this.repo.listClassifies(userId);
    const folder = folders.find((candidate) => candidate.id === body.id);
    if (!folder) throw new AppError('CHART_FOLDER_NOT_FOUND');
    const name = body.name ?? folder.name;
    const parentId = body.parentId === undefined ? folder.parent_id : body.parentId;
    if (parentId !== null) {
      if (!folders.some((candidate) => candidate.id === parentId)) throw new AppError('CHART_FOLDER_NOT_FOUND');
      // Not into itself or below itself, and the moved subtree must still fit the depth limit.
      const ancestors = ancestorIds(folders, parentId);
      if (parentId === folder.id || ancestors.includes(folder.id))
        throw new AppError('CHART_FOLDER_TOO_DEEP', { max: MAX_CHART_FOLDER_DEPTH });
      if (depthOf(folders, parentId) + subtreeHeight(folders, folder.id) > MAX_CHART_FOLDER_DEPTH)
        throw new AppError('CHART_FOLDER_TOO_DEEP', { max: MAX_CHART_FOLDER_DEPTH });
    }
    assertNameFree(folders, parentId, name, folder.id);
    await this.repo.updateClassify(userId, folder.id, { name, parent_id: parentId });
    return classifyOf({ ...folder, name, parent_id: parentId });
  }

  /** Deletes an empty folder (no subfolders, no charts outside the deleted list). */
  async deleteClassify(auth: AuthContext, id: string): Promise<void> {
    const userId = this.ownerOf(auth);
    const folders = await this.repo.listClassifies(userId);
    const folder = folders.find((candidate) => candidate.id === id);
    if (!folder) throw new AppError('CHART_FOLDER_NOT_FOUND');
    const charts = await this.repo.listCharts(userId);
    const isBusy =
      folders.some((candidate) => candidate.parent_id === id) ||
      charts.some((chart) => chart.classify_id === id && chart.deleted_at === null);
    if (isBusy) throw new AppError('CHART_FOLDER_NOT_EMPTY', { name: folder.name });
    await this.repo.deleteClassify(userId, id);
  }

  // --- charts

  async addChart(auth: AuthContext, body: AddChartRequest): Promise<SavedChart> {
    const userId = this.ownerOf(auth);
    const classifyId = body.classifyId ?? null;
    await this.assertFolder(userId, classifyId);
    if ((await this.repo.countActiveCharts(userId)) >= MAX_CUSTOM_CHARTS)
      throw new AppError('CHART_LIMIT', { max: MAX_CUSTOM_CHARTS });
    const now = this.nowIso();
    const row: CustomChartRow = {
      id: randomUUID(),
      user_id: userId,
      classify_id: classifyId,
      name: body.name,
      chart_key: body.chartKey,
      chart_type: body.chartType,
      category_count: body.categoryCount ?? 30,
      request: JSON.stringify(AnalysisRequestSchema.parse(body.request)),
      created_at: now,
      updated_at: now,
      deleted_at: null,
    };
    await this.repo.insertChart(row);
    return savedChartOf(row);
  }

  async updateChart(auth: AuthContext, body: UpdateChartRequest): Promise<SavedChart> {
    const userId = this.ownerOf(auth);
    const row = await this.repo.findChart(userId, body.id);
    if (!row) throw new AppError('CHART_NOT_FOUND');
    if (body.classifyId !== undefined) await this.assertFolder(userId, body.classifyId);
    const patch: Partial<CustomChartRow> = { updated_at: this.nowIso() };
    if (body.name !== undefined) patch.name = body.name;
    if (body.classifyId !== undefined) patch.classify_id = body.classifyId;
    if (body.chartType !== undefined) patch.chart_type = body.chartType;
    if (body.categoryCount !== undefined) patch.category_count = body.categoryCount;
    if (body.request !== undefined) patch.request = JSON.stringify(AnalysisRequestSchema.parse(body.request));
    await this.repo.updateChart(userId, row.id, patch);
    return savedChartOf({ ...row, ...patch });
  }

  /** Moves a chart to the deleted list (restorable). */
  async deleteChart(auth: AuthContext, id: string): Promise<void> {
    const userId = this.ownerOf(auth);
    const row = await this.repo.findChart(userId, id);
    if (!row || row.deleted_at !== null) throw new AppError('CHART_NOT_FOUND');
    await this.repo.updateChart(userId, id, { deleted_at: this.nowIso() });
  }

  async restoreChart(auth: AuthContext, id: string): Promise<SavedChart> {
    const userId = this.ownerOf(auth);
    const row = await this.repo.findChart(userId, id);
    if (!row || row.deleted_at === null) throw new AppError('CHART_NOT_FOUND');
    if ((await this.repo.countActiveCharts(userId)) >= MAX_CUSTOM_CHARTS)
      throw new AppError('CHART_LIMIT', { max: MAX_CUSTOM_CHARTS });
    const patch = { deleted_at: null, updated_at: this.nowIso() };
    await this.repo.updateChart(userId, id, patch);
    return savedChartOf({ ...row, ...patch });
  }

  private async assertFolder(userId: string, classifyId: string | null): Promise<void> {
    if (classifyId === null) return;
    const folders = await this.repo.listClassifies(userId);
    if (!folders.some((folder) => folder.id === classifyId)) throw new AppError('CHART_FOLDER_NOT_FOUND');
  }
}

// --- checks and mapping

/** Spec 2 §9: 5 to 10 hex colours, indexes 0 … n-1; each fault with its own message. */
export function checkedColorDetail(rows: ColorDetailInput[]): ColorDetail {
  if (rows.length < MIN_PALETTE_COLORS || rows.length > MAX_PALETTE_COLORS)
    throw new AppError('CHART_PALETTE_SIZE', { min: MIN_PALETTE_COLORS, max: MAX_PALETTE_COLORS, count: rows.length });
  const bad = rows.find((row) => !HexColorSchema.safeParse(row.color).success);
  if (bad) throw new AppError('CHART_COLOR_INVALID', { value: bad.color.slice(0, 20) });
  if (!isIndexRun(rows)) throw new AppError('CHART_COLOR_INDEX_INVALID');
  return [...rows]
    .sort((a, b) => a.index - b.index)
    .map((row) => ({ index: row.index, color: row.color.toLowerCase() }));
}

function parsedJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function colorConfigOf(row: ChartColorRow): ChartColorConfig {
  const parsed = parsedJson(row.color_detail) as ColorDetailInput[] | undefined;
  let detail: ColorDetail;
  try {
    detail = checkedColorDetail(Array.isArray(parsed) ? parsed : []);
  } catch {
    // A row written by hand that no longer holds a valid palette shows the default instead of failing.
    detail = colorDetailOf(defaultPaletteFor(row.item));
  }
  return { id: row.id, item: row.item, colorDetail: detail, productAlias: row.product_alias, isDefault: false };
}

function defaultColorConfig(item: string, chartType: ChartType | undefined): ChartColorConfig {
  return {
    id: null,
    item,
    colorDetail: colorDetailOf(defaultPaletteFor(item, chartType)),
    productAlias: null,
    isDefault: true,
  };
}

function sizeConfigOf(row: ChartSizeRow): ChartSizeConfig {
  const parsed = ChartSizeDetailSchema.safeParse(parsedJson(row.conf_detail));
  const detail: ChartSizeDetail = parsed.success ? parsed.data : { ...DEFAULT_CHART_SIZE };
  return {
    id: row.id,
    item: row.item,
    confName: row.conf_name,
    confDetail: detail,
    detailContent: JSON.stringify(detail),
    isDefault: false,
  };
}

function defaultSizeConfig(item: string): ChartSizeConfig {
  return {
    id: null,
    item,
    confName: item,
    confDetail: { ...DEFAULT_CHART_SIZE },
    detailContent: JSON.stringify(DEFAULT_CHART_SIZE),
    isDefault: true,
  };
}

function classifyOf(row: ChartClassifyRow): ChartClassify {
  return { id: row.id, name: row.name, parentId: row.parent_id, createdAt: row.created_at };
}

function savedChartOf(row: CustomChartRow): SavedChart {
  const chartType = ChartTypeSchema.safeParse(row.chart_type);
  return {
    id: row.id,
    name: row.name,
    classifyId: row.classify_id,
    chartKey: row.chart_key,
    chartType: chartType.success ? chartType.data : 'bar',
    categoryCount: row.category_count === 50 ? 50 : 30,
    request: AnalysisRequestSchema.parse(parsedJson(row.request)),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    deletedAt: row.deleted_at,
  };
}

/** Levels from the top down to this folder (a top-level folder is 1). */
function depthOf(folders: ChartClassifyRow[], id: string): number {
  return ancestorIds(folders, id).length + 1;
}

function ancestorIds(folders: ChartClassifyRow[], id: string): string[] {
  const byId = new Map(folders.map((folder) => [folder.id, folder]));
  const ids: string[] = [];
  let parent = byId.get(id)?.parent_id ?? null;
  // bounded: a cycle cannot be stored (updateClassify refuses it), but stop anyway
  while (parent !== null && ids.length <= folders.length) {
    ids.push(parent);
    parent = byId.get(parent)?.parent_id ?? null;
  }
  return ids;
}

/** Levels of a folder and everything below it (a folder without subfolders is 1). */
function subtreeHeight(folders: ChartClassifyRow[], id: string, guard = 0): number {
  if (guard > MAX_CHART_FOLDER_DEPTH * 4) return guard;
  const children = folders.filter((folder) => folder.parent_id === id);
  return 1 + Math.max(0, ...children.map((child) => subtreeHeight(folders, child.id, guard + 1)));
}

function assertNameFree(folders: ChartClassifyRow[], parentId: string | null, name: string, selfId: string | null) {
  const clash = folders.some((folder) => folder.parent_id === parentId && folder.id !== selfId && folder.name === name);
  if (clash) throw new AppError('CHART_FOLDER_NAME_TAKEN', { name });
}
