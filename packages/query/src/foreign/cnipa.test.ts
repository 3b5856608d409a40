import { describe } from 'vitest';
import { runForeignTable } from './foreign-table.js';

/**
 * CNIPA. Source syntax guide: "专利检索及分析系统 使用帮助（检索式编辑区、运算符、截词符）", https://pss-system.cponline.cnipa.gov.cn/
 * Each row: an expression written in the guide's documented forms, and its Patlas translation.
 */
const TRANSLATIONS: readonly (readonly [string, string])[] = [
  ['发明名称=(锂电池)', 'TI=锂电池'],
  ['名称=(汽车 AND 刹车)', 'TI=(汽车 AND 刹车)'],
  ['摘要=(石墨烯 OR 碳纳米管)', 'AB=(石墨烯 OR 碳纳米管)'],
  ['申请号=(CN201810123456)', 'AN=CN201810123456'],
  ['申请日>=2019.01.01', 'AD>=2019.01.01'],
  ['申请日=[20190101 TO 20201231]', 'AD=[20190101 TO 20201231]'],
  ['公开（公告）号=(CN110000000A)', 'PN=CN110000000A'],
  ['公开（公告）日<=2021-06-30', 'PD<=2021-06-30'],
  ['申请（专利权）人=(华为技术有限公司) AND 发明名称=(天线)', 'PA=华为技术有限公司 AND TI=天线'],
  ['发明人=(张伟) NOT 申请（专利权）人=(腾讯)', 'IN=张伟 NOT PA=腾讯'],
  ['IPC分类号=(H01M10/0525)', 'IPC=H01M10/0525'],
  ['CPC分类号=(H01M4/583) OR IPC分类号=(H01M4/58)', 'CPC=H01M4/583 OR IPC=H01M4/58'],
  ['复合文本=(电池 3D 隔膜)', 'TIABC=(电池 N/3 隔膜)'],
  ['权利要求=(电解液 5W 添加剂)', 'CLM=(电解液 W/5 添加剂)'],
  ['说明书=(正极 S 涂层)', 'DESC=(正极 S 涂层)'],
  ['摘要=(散热 P 风扇)', 'AB=(散热 P 风扇)'],
  ['名称=(电动+ AND 车辆)', 'TI=(电动* AND 车辆)'],
  ['名称=(锂#电池)', 'TI=锂?电池'],
  ['代理机构=(北京同达信恒知识产权代理有限公司)', 'AGC=北京同达信恒知识产权代理有限公司'],
  ['优先权号=(US2017*) AND 优先权日<2018-01-01', 'PR=US2017* AND PRD<2018-01-01'],
  ['申请人地址=(深圳) AND 外观设计洛迦诺分类号=(14-03)', 'ADDR=深圳 AND LOC=14-03'],
  ['名称=(汽车 F 座椅)', 'TI=(汽车 AND 座椅)'],
];

/** Constructs with no Patlas equivalent: the translation, the construct named, and the start of its English message. */
const UNSUPPORTED: readonly (readonly [string, string, string, string])[] = [
  ['申请人所在国（省）=(广东)', '', '申请人所在国(省)=', '"Applicant country'],
  ['申请人邮编=(518129) AND 名称=(路由器)', 'TI=路由器', '申请人邮编=', 'Patlas has no applicant postcode field'],
  ['名称=(电池?)', 'TI=电池*', '?', "CNIPA's ? means 0 or 1 character"],
];

describe('CNIPA expressions translated to Patlas', () => {
  runForeignTable('cnipa', TRANSLATIONS, UNSUPPORTED);
});
