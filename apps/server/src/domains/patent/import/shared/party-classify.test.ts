import { describe, expect, it } from 'vitest';
import { buildParty, classifyPartyType, findRegion, splitPartyNames } from './party-classify.js';
import { CHINA_PROVINCES } from './party-regions.js';

describe('classifyPartyType', () => {
  it.each([
    ['四川大阳实业发展有限公司', 'company'],
    ['歌尔股份有限公司', 'company'],
    ['含山县东山德雨球墨铸造厂', 'company'],
    ['华为技术有限公司', 'company'],
    ['Samsung Electronics Co., Ltd.', 'company'],
    ['International Business Machines Corporation', 'company'],
    ['Robert Bosch GmbH', 'company'],
    ['浙江大学', 'university'],
    ['重庆电子工程职业学院', 'university'],
    ['Massachusetts Institute of Technology', 'university'],
    ['The Regents of the University of California', 'university'],
    ['中国科学院大连化学物理研究所', 'institute'],
    ['中国科学院', 'institute'],
    ['Fraunhofer-Gesellschaft zur Förderung der angewandten Forschung e.V.', 'institute'],
    ['国家电网公司', 'company'],
    ['深圳市市场监督管理局', 'government'],
    ['国家知识产权局', 'government'],
    ['王茂庭', 'person'],
    ['欧阳荣波', 'person'],
    ['John A. Smith', 'person'],
    ['SMITH, John', 'person'],
  ] as const)('%s → %s', (name, type) => {
    expect(classifyPartyType(name)).toBe(type);
  });
});

describe('findRegion', () => {
  it.each([
    ['广东省深圳市南山区科技园科苑路15号', '广东', '深圳'],
    ['北京市海淀区中关村东路1号', '北京', '北京'],
    ['上海市浦东新区张江高科技园区', '上海', '上海'],
    ['518057 中国广东省深圳市南山区', '广东', '深圳'],
    ['江苏省苏州市工业园区星湖街328号', '江苏', '苏州'],
    ['南京市鼓楼区北京西路8号', '江苏', '南京'],
    ['深圳市南山区粤海街道', '广东', '深圳'],
    ['吉林省吉林市船营区', '吉林', '吉林'],
    ['青海省海南藏族自治州共和县', '青海', '海南'],
    ['海南省海口市美兰区', '海南', '海口'],
    ['内蒙古自治区呼和浩特市赛罕区', '内蒙古', '呼和浩特'],
    ['新疆维吾尔自治区乌鲁木齐市', '新疆', '乌鲁木齐'],
    ['浙江省杭州市西湖区余杭塘路866号', '浙江', '杭州'],
  ])('%s → %s %s', (address, province, city) => {
    expect(findRegion(address)).toEqual({ province, city });
  });

  it('names only a province when no city follows it', () => {
    expect(findRegion('浙江大学', { atStart: true })).toEqual({ province: '浙江' });
    expect(findRegion('广东省')).toEqual({ province: '广东' });
  });

  it('reads a place only at the start of a name', () => {
    expect(findRegion('镇江市锶达合金材料有限公司', { atStart: true })).toEqual({ province: '江苏', city: '镇江' });
    expect(findRegion('沙特基础全球技术有限公司', { atStart: true })).toBeUndefined();
    expect(findRegion('中国科学院上海技术物理研究所', { atStart: true })).toBeUndefined();
  });

  it('has all 34 provincial-level divisions', () => {
    expect(CHINA_PROVINCES).toHaveLength(34);
    expect(new Set(CHINA_PROVINCES.map((p) => p.name)).size).toBe(34);
  });
});

describe('buildParty', () => {
  it('takes the region from the address when there is one', () => {
    expect(
      buildParty('深圳市腾讯计算机系统有限公司', { address: '广东省深圳市南山区高新区科技中一路腾讯大厦35层' }),
    ).toEqual({
      name: '深圳市腾讯计算机系统有限公司',
      type: 'company',
      address: '广东省深圳市南山区高新区科技中一路腾讯大厦35层',
      country: 'CN',
      province: '广东',
      city: '深圳',
    });
  });

  it('gives a person no region from the name', () => {
    expect(buildParty('黄山')).toEqual({ name: '黄山', type: 'person' });
  });

  it('splits name lists on ; ； and |', () => {
    expect(splitPartyNames('李育超;于泽溪；魏璐璐 | 黄根清')).toEqual(['李育超', '于泽溪', '魏璐璐', '黄根清']);
  });
});
