/**
 * Companies that changed their name, former name → current name (docs/companies.md "Renamed
 * companies"). A vendor's standardised name (incoPat / Patentics 标准化申请人) can be the name a
 * group had when the vendor built its list: the demo corpus standardises 歌尔股份有限公司 and its
 * subsidiaries to 歌尔声学股份有限公司, the name it dropped in 2016. The index puts the current name
 * in its place, so the standardised name a facet, a chart or a report counts by is the company's
 * name today, and its old and new spellings count as one.
 *
 * Each row is a name change the company announced itself (its listing exchange's notice, cited);
 * nothing is inferred. A name is matched width, case, spacing and punctuation aside (the data
 * writes `tcl集团股份有限公司`).
 */
const RENAMES: readonly (readonly [former: string, current: string, source: string])[] = [
  [
    '歌尔声学股份有限公司',
    '歌尔股份有限公司',
    'SZSE 002241, 关于变更公司名称及证券简称的公告 (2016): 歌尔声学股份有限公司 → 歌尔股份有限公司',
  ],
  [
    'TCL集团股份有限公司',
    'TCL科技集团股份有限公司',
    'SZSE 000100, 关于变更公司名称及证券简称的公告 (2020-02): TCL集团股份有限公司 → TCL科技集团股份有限公司',
  ],
];

function renameKey(name: string): string {
  return name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s.,;:·•'’"“”()[\]{}<>《》【】〔〕\-_/\\&+]/g, '');
}

const CURRENT = new Map(RENAMES.map(([former, current]) => [renameKey(former), current] as const));

/**
 * incoPat writes its standardised names as a code in brackets, `[丰田公司-C]` (`-C`: a company), and
 * a list as `[丰田公司-C; 电装公司-C]`, which the import splits into `[丰田公司-C` and `电装公司-C]`:
 * the name alone, so the three count as one applicant. A name without a bracket is left as it is.
 */
export function withoutVendorCode(name: string): string {
  if (!/^\s*\[|\]\s*$/.test(name)) return name;
  const bare = name
    .replace(/^\s*\[\s*/, '')
    .replace(/\s*\]\s*$/, '')
    .replace(/\s*-[A-Z]$/, '');
  return bare || name;
}

/** A company's current name for a name it once had (or its vendor-coded form); any other name as it is. */
export function currentCompanyName(name: string): string {
  const bare = withoutVendorCode(name);
  return CURRENT.get(renameKey(bare)) ?? bare;
}

/** The renames applied, former name first (docs, tests). */
export function companyRenames(): readonly { former: string; current: string; source: string }[] {
  return RENAMES.map(([former, current, source]) => ({ former, current, source }));
}
