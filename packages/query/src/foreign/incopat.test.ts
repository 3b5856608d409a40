import { describe } from 'vitest';
import { runForeignTable } from './foreign-table.js';

/**
 * incoPat. Source syntax guide: "incoPat 帮助中心 — 检索字段代码与运算符", https://www.incopat.com/
 * Each row: an expression written in the guide's documented forms, and its Patlas translation.
 */
const TRANSLATIONS: readonly (readonly [string, string])[] = [
  ['TI=(锂电池 AND 正极)', 'TI=(锂电池 AND 正极)'],
  ['AB=(石墨烯 W/5 导热)', 'AB=(石墨烯 W/5 导热)'],
  ['TIABC=(无人机 PRE/3 电池)', 'TIABC=(无人机 PRE/3 电池)'],
  ['CLMS=(电解液 NEAR/4 添加剂)', 'CLM=(电解液 NEAR/4 添加剂)'],
  ['AP=(华为) AND TI=(天线)', 'PA=华为 AND TI=天线'],
  ['AP-OR=(宁德时代) AND AD=[20190101 TO 20201231]', 'PA=宁德时代 AND AD=[20190101 TO 20201231]'],
  ['AP-ADD=(深圳) AND PD>=20200101', 'ADDR=深圳 AND PD>=20200101'],
  ['IN=(张伟) NOT AP=(腾讯)', 'IN=张伟 NOT PA=腾讯'],
  ['IPC=(H01M10/0525) AND TIABC=(固态 S 电解质)', 'IPC=H01M10/0525 AND TIABC=(固态 S 电解质)'],
  ['IPC-MAIN=(G06F) AND AB=(神经网络 P 训练)', 'IPC-MAIN=G06F AND AB=(神经网络 P 训练)'],
  ['CPC=(Y02E60/10) OR LOC=(14-03)', 'CPC=Y02E60/10 OR LOC=14-03'],
  ['AT=(王芳) AND AGC=(北京同达信恒)', 'AGT=王芳 AND AGC=北京同达信恒'],
  ['AN=(CN201810123456*) OR PN=(CN110000000A)', 'AN=CN201810123456* OR PN=CN110000000A'],
  ['PR=(US2017*) AND PRD<=20180101', 'PR=US2017* AND PRD<=20180101'],
  ['PNC=(CN) AND TI=(电池)', 'CC=CN AND TI=电池'],
  ['FULLTEXT=(钙钛矿 W/10 太阳能)', 'FT=(钙钛矿 W/10 太阳能)'],
  ['TIAB=(机器人 F 抓取)', 'TIAB=(机器人 AND 抓取)'],
  ['AP-CURRENT=(比亚迪) AND TI=(电机)', 'AS=比亚迪 AND TI=电机'],
  ['TIABC=(batter* OR cell?) AND AP-OR=(samsung)', 'TIABC=(batter* OR cell?) AND PA=samsung'],
  ['TI=(锂电池) OR AB=(锂离子电池)', 'TI=锂电池 OR AB=锂离子电池'],
  ['AD>=20150101 AND AD<=20201231 AND TIABC=(储能)', 'AD>=20150101 AND AD<=20201231 AND TIABC=储能'],
];

/** Constructs with no Patlas equivalent: the translation, the construct named, and the start of its English message. */
const UNSUPPORTED: readonly (readonly [string, string, string, string])[] = [
  ['TIABC=(充电桩 NOTF 汽车)', 'TIABC=(充电桩 NOT 汽车)', 'NOTF', 'NOTF'],
  ['AB=(刹车 NOTP 电子)', 'AB=(刹车 NOT 电子)', 'NOTP', 'NOTP'],
  [
    'VALUE>=8 AND TI=(电池)',
    'TI=电池',
    'VALUE=',
    "incoPat's value degree is its own score, on another scale than Patlas's patent value",
  ],
  [
    'AP-TYPE=(大专院校) AND TI=(芯片)',
    'TI=芯片',
    'AP-TYPE=',
    "incoPat's applicant types differ from Patlas's PA-TYPE values",
  ],
];

describe('incoPat expressions translated to Patlas', () => {
  runForeignTable('incopat', TRANSLATIONS, UNSUPPORTED);
});
