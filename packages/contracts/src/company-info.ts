import { z } from 'zod';

/** One company of the operators' company information file ("企业信息表", docs/company-fields.md). */
export const CompanyInfoSchema = z.object({
  name: z.string(),
  listed: z.boolean(),
  board: z.string().nullable(),
  stockCode: z.string().nullable(),
  type: z.string().nullable(),
  region: z.string().nullable(),
});
export type CompanyInfo = z.infer<typeof CompanyInfoSchema>;
