import type { FormInstance } from 'antd';

/** How often a check overtaken by a newer one is asked again before giving up. */
const OVERTAKEN_RETRIES = 5;

/**
 * The form's values once every rule passes, or undefined when a field is refused (its message then
 * shows under it). antd refuses a check that a newer one overtook (`outOfDate`, with no field in
 * error: the field's own on-change check of text typed just before the click) — that is asked again
 * instead of being read as a refusal, so a click on Save is never silently lost.
 */
export async function validValues<T>(form: FormInstance<T>): Promise<T | undefined> {
  for (let attempt = 0; attempt <= OVERTAKEN_RETRIES; attempt++) {
    try {
      return await form.validateFields();
    } catch (error) {
      if (!(error as { outOfDate?: boolean }).outOfDate) return undefined;
    }
  }
  return undefined;
}
