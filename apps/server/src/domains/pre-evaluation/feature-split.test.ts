import { describe, expect, it } from 'vitest';
import { REAL_CLAIMS } from '../../../test/pre-evaluation-claims.js';
import { detectKind, firstClaimRange, splitFeatures } from './feature-split.js';

const texts = (text: string, kind: 'claims' | 'disclosure' = 'claims') => splitFeatures(text, kind).map((f) => f.text);

describe('the feature splitter on real claims of the demo corpus', () => {
  it('splits a Chinese claim at 其特征在于 and its ；-separated elements (CN115412894A)', () => {
    const features = splitFeatures(REAL_CLAIMS.CN115412894A, 'claims');
    expect(features.map((f) => f.text)).toEqual([
      '一种基于WiFi?Aware的急救系统',
      '急救请求设备，用于发送急救信号',
      'WiFi?Aware转发设备，用于接收所述急救信号，并将所述急救信号转发给急救中心设备',
      '急救中心设备，用于根据接收到的急救信号，筛选得到救援车辆，并向所述救援车辆发送救援请求信号',
      '接收所述救援车辆返回的救援响应信号',
      '救援车辆，用于根据所述救援请求信号，发出救援响应信号',
    ]);
    expect(features.map((f) => f.part)).toEqual(['preamble', ...Array(5).fill('characterising')]);
    expect(features.map((f) => f.label)).toEqual(['F1', 'F2', 'F3', 'F4', 'F5', 'F6']);
    // Offsets point into the text given.
    for (const f of features) expect(REAL_CLAIMS.CN115412894A.slice(f.start, f.end)).toBe(f.text);
  });

  it('keeps 所述 references inside a feature and drops the bare reference before 包括 (CN108230613A)', () => {
    expect(texts(REAL_CLAIMS.CN108230613A)).toEqual([
      '一种虚拟现实设备的预警方法',
      '应用于虚拟现实设备，所述虚拟现实设备具有声电转换装置',
      '通过所述声电转换装置采集当前所处环境的语音数据',
      '从所述语音数据中提取出语音关键词',
      '从预先加载的语音关键词与相对应的预警动作的对应关系中，查找出所述语音关键词对应的预警动作',
      '输出与所述预警动作相对应的提示信息',
    ]);
  });

  it('drops "，所述图像处理方法" before the step list (CN105472441A)', () => {
    const features = texts(REAL_CLAIMS.CN105472441A);
    expect(features[0]).toBe('一种虚拟现实设备的图像处理方法');
    expect(features[1]!.endsWith('其他显示区域分别对应于一个第二显示组件')).toBe(true);
    expect(features).toHaveLength(4);
  });

  it('reads the preamble list of a utility model (它包括…；) and cuts a long comma-only part (CN208104517U)', () => {
    const features = splitFeatures(REAL_CLAIMS.CN208104517U, 'claims');
    expect(features[0]!.text).toBe('一种金属材料化学热处理炉用防爆滴定装置');
    // The list 它包括A、B、C gives each part (issue 49 item 3).
    expect(features.slice(1, 4).map((f) => f.text)).toEqual(['渗剂进入腔体', '连接管体', '泄压装置']);
    // "所述泄压装置" alone says nothing: it stays with the list it opens (its parts, beyond the
    // 20 features, merged two by two with their shortest neighbours).
    expect(features.find((f) => f.text.startsWith('所述泄压装置'))!.text).toBe(
      '所述泄压装置包括壳体、密封块、限位板、连杆',
    );
    expect(features.some((f) => f.text === '壳体的内部安装有密封块')).toBe(true);
    // "且复位弹簧…" loses its connector.
    expect(features.at(-1)!.text.startsWith('复位弹簧的上下端')).toBe(true);
    expect(features.filter((f) => f.part === 'preamble')).toHaveLength(5);
  });

  it('splits 包含 lists at ；, 、 and the connections at ，(CN108982325A, numbered "1.")', () => {
    const features = texts(REAL_CLAIMS.CN108982325A);
    expect(features[0]).toBe('一种地下防污屏障材料化学相容性测试装置');
    expect(features[1]).toBe('渗透压力室(1)');
    expect(features).toContain('围压#体积控制器(6)连接渗透压力室(1)');
    expect(features).toHaveLength(13);
  });

  it('keeps a long step whole when it has no semicolon inside (CN115438209A)', () => {
    const features = texts(REAL_CLAIMS.CN115438209A);
    expect(features[0]).toBe('一种主题推荐方法，应用于服务器端');
    expect(features).toHaveLength(5);
  });

  it('reads claim 1 of an English claim set only, at comprising and ;, wherein apart (US6103599A)', () => {
    const claims = REAL_CLAIMS.US6103599A;
    const range = firstClaimRange(claims);
    expect(claims.slice(range.start, range.end).startsWith('A method for fabricating')).toBe(true);
    expect(claims.slice(range.start, range.end)).not.toContain('The method of claim 1');
    const features = splitFeatures(claims, 'claims');
    expect(features.map((f) => f.text.slice(0, 40))).toEqual([
      'A method for fabricating a substrate',
      'providing a substrate comprising a thick',
      'converting said implant damaged thicknes',
      'selectively removing said insulating mat',
      'said separation process is provided by a',
    ]);
    expect(features.every((f) => f.part === 'element')).toBe(true);
    expect(features[3]!.text.endsWith('to provide a substantially uniform surface')).toBe(true);
  });

  it('cuts an English claim at "; and" and leaves claim 2 out (US11556547B2)', () => {
    const features = texts(REAL_CLAIMS.US11556547B2);
    expect(features[0]).toBe('A determination device');
    expect(features.at(-1)).toBe('provide a list of the extracted search queries');
    expect(features.join(' ')).not.toContain('according to claim 1');
  });

  it('cuts a disclosure into its sentences, joining fragments without a term', () => {
    const disclosure =
      '本发明提供一种电池热管理系统。该系统包括液冷板和温度传感器，液冷板贴合电芯设置。' +
      '控制器根据温度传感器的读数调节冷却液流量；从而使电芯温差小于2℃。好。';
    const features = splitFeatures(disclosure, 'disclosure');
    expect(features.map((f) => f.text)).toEqual([
      '本发明提供一种电池热管理系统',
      '该系统包括液冷板和温度传感器，液冷板贴合电芯设置',
      '控制器根据温度传感器的读数调节冷却液流量',
      '从而使电芯温差小于2℃。好',
    ]);
    expect(features.every((f) => f.part === 'sentence')).toBe(true);
  });

  it('merges the shortest neighbours beyond the most features', () => {
    const features = splitFeatures(REAL_CLAIMS.CN208104517U, 'claims', 5);
    expect(features).toHaveLength(5);
    expect(features.map((f) => f.index)).toEqual([0, 1, 2, 3, 4]);
    // Nothing of the claim is lost: the features still run from its start to its end.
    expect(features[0]!.start).toBeLessThan(10);
    expect(REAL_CLAIMS.CN208104517U.length - features.at(-1)!.end).toBeLessThan(3);
  });

  it('answers no feature for a text without a technical term', () => {
    expect(splitFeatures('1234567890，。；12345678901234567890', 'disclosure')).toEqual([]);
  });

  it('tells claims from a disclosure', () => {
    expect(detectKind(REAL_CLAIMS.CN115412894A)).toBe('claims');
    expect(detectKind(REAL_CLAIMS.US6103599A)).toBe('claims');
    expect(detectKind('本发明提供一种电池热管理系统，通过液冷板降低电芯温差，提高安全性。')).toBe('disclosure');
  });
});
