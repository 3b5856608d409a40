import {
  DEFAULT_TEMPLATE_FIELDS,
  MAX_ADVANCED_TEMPLATES,
  type AddTemplateRequest,
  type AdvancedTemplate,
  type Language,
} from '@patlas/contracts';
import { findField } from '@patlas/query';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { AppError } from '../../errors.js';
import type { AuthContext } from '../../kernel/access.plugin.js';
import type { Clock } from '../../kernel/clock.js';
import type { AdvancedSearchRepository, AdvancedSearchTemplateRow } from './advanced-search.repository.js';

/** The default template's name, in the language of the user who first opened the form. */
const DEFAULT_TEMPLATE_NAME: Record<Language, string> = { zh: '默认模板', en: 'Default template' };

function toTemplate(row: AdvancedSearchTemplateRow): AdvancedTemplate {
  return {
    id: row.id,
    name: row.name,
    fields: JSON.parse(row.fields) as string[],
    isDefault: Number(row.is_default) === 1,
    createdAt: row.created_at,
  };
}

/**
 * Field ids of the dictionary in canonical spelling, each once: a field's aliases (标题, TITLE)
 * become its id, and the same field chosen twice keeps its first row.
 */
export function canonicalFields(fields: readonly string[]): string[] {
  const ids: string[] = [];
  for (const written of fields) {
    const def = findField(written);
    if (!def) throw new AppError('TEMPLATE_FIELD_UNKNOWN', { field: written });
    if (!ids.includes(def.id)) ids.push(def.id);
  }
  return ids;
}

/** Advanced-search templates (spec 1 §7): per user, a name and the form's field ids in order. */
export class AdvancedSearchService {
  constructor(
    private readonly repository: AdvancedSearchRepository,
    private readonly now: Clock,
  ) {}

  private ownerOf(auth: AuthContext): string {
    if (auth.userId === null) throw new AppError('ACCOUNT_IP_VISITOR');
    return auth.userId;
  }

  async list(auth: AuthContext): Promise<AdvancedTemplate[]> {
    return (await this.repository.listTemplates(this.ownerOf(auth))).map(toTemplate);
  }

  /** Creates the user's default template once (later calls change nothing) and answers the list. */
  async initDefault(auth: AuthContext, lang: Language): Promise<AdvancedTemplate[]> {
    const userId = this.ownerOf(auth);
    if (!(await this.repository.hasDefault(userId))) {
      let name = DEFAULT_TEMPLATE_NAME[lang];
      // A template of the user's own may already carry that name; a default one there was made
      // by a parallel call since the check above, and is the one.
      const holder = await this.repository.findByName(userId, name);
      if (holder && Number(holder.is_default) === 1) return this.list(auth);
      if (holder) name = `${name} (${DEFAULT_TEMPLATE_FIELDS.length})`;
      try {
        await this.repository.insertTemplate(userId, {
          name,
          fields: DEFAULT_TEMPLATE_FIELDS,
          isDefault: true,
          createdAt: this.now().toISOString(),
        });
      } catch (error) {
        // A parallel call made the default between the check and this write: it is there.
        if (!isUniqueViolation(error)) throw error;
      }
    }
    return this.list(auth);
  }

  async add(auth: AuthContext, body: AddTemplateRequest): Promise<AdvancedTemplate> {
    const userId = this.ownerOf(auth);
    const fields = canonicalFields(body.fields);
    if (await this.repository.findByName(userId, body.name)) {
      throw new AppError('TEMPLATE_NAME_TAKEN', { name: body.name });
    }
    if ((await this.repository.countTemplates(userId)) >= MAX_ADVANCED_TEMPLATES) {
      throw new AppError('TEMPLATE_LIMIT', { max: MAX_ADVANCED_TEMPLATES });
    }
    let id: string;
    try {
      id = await this.repository.insertTemplate(userId, {
        name: body.name,
        fields,
        isDefault: false,
        createdAt: this.now().toISOString(),
      });
    } catch (error) {
      // A parallel save of the same name won between the check above and this write.
      if (isUniqueViolation(error)) throw new AppError('TEMPLATE_NAME_TAKEN', { name: body.name });
      throw error;
    }
    const row = await this.repository.findById(userId, id);
    if (!row) throw new AppError('TEMPLATE_NOT_FOUND');
    return toTemplate(row);
  }

  async remove(auth: AuthContext, id: string): Promise<{ deleted: number }> {
    const userId = this.ownerOf(auth);
    const row = await this.repository.findById(userId, id);
    if (!row) throw new AppError('TEMPLATE_NOT_FOUND');
    if (Number(row.is_default) === 1) throw new AppError('TEMPLATE_DEFAULT_UNDELETABLE');
    return { deleted: await this.repository.deleteTemplate(userId, id) };
  }

  async getLastFields(auth: AuthContext): Promise<{ fields: string[] }> {
    return { fields: await this.repository.getLastFields(this.ownerOf(auth)) };
  }

  async setLastFields(auth: AuthContext, fields: readonly string[]): Promise<{ fields: string[] }> {
    const ids = canonicalFields(fields);
    await this.repository.setLastFields(this.ownerOf(auth), ids, this.now().toISOString());
    return { fields: ids };
  }
}
