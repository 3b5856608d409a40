import type { Patent } from '@patlas/contracts';
import { buildCnPatent, buildUsPatent } from './factories.js';

/**
 * Real records of the demo corpus (cn-patentics-incopat, cn-chemner, us-grant-xml-patentsview),
 * abstracts and the start of their claims as published, for the duplicate check's tests.
 */
export const DEVICE_AUTH_ABSTRACT =
  '本申请提供一种设备授权方法、装置、设备及介质，该方法包括：在服务器认证通过的情况下，向服务器上报包括Mac地址、第一随机数和加密的第一目标值的第一数据信息，第一目标值基于第一认证次数确定；' +
  '接收服务器反馈的加密的第二数据信息并进行解密，第二数据信息在服务器确定第一认证次数与第二认证次数相同时基于第一授权信息生成，根据第三数据信息和第二数据信息，检测第二授权信息和第一授权信息是否相同，第三数据信息基于第二授权信息生成；' +
  '在第二授权信息与第一授权信息相同的情况下，确定获取算法程序的运行权限，并更新第一认证次数、向服务器发送更新第二认证次数的更新指示。本申请可准确的对终端设备进行授权认证。';

const DEVICE_AUTH_CLAIMS =
  '一种设备授权方法，其特征在于，应用于部署算法程序的终端设备，包括：在服务器认证通过的情况下，向所述服务器上报第一数据信息，所述第一数据信息包括所述终端设备的媒体访问控制Mac地址、第一随机数以及经过加密的第一目标值，所述第一目标值基于所述Mac地址、所述第一随机数以及所述终端设备存储的对所述终端设备认证对应的第一认证次数确定；' +
  '接收所述服务器反馈的经过加密的第二数据信息并进行解密，以获取所述第二数据信息。';

export const SAMPLING_ABSTRACT =
  '本实用新型公开了一种材料化学制备取样分析装置,包括取样分析装置,所述取样分析装置设置有框架,在框架外侧设置有距离调节旋钮,在框架内部固定安装有软胶板,所述软胶板内部设置有液流管,在液流管右侧固定安装有温度探头,所述温度探头右侧设置有温度信息处理器,在温度信息处理器上侧固定安装有显示屏；' +
  '该一种材料化学制备取样分析装置,可以同时分析液流的pH、温度、粘度和密度,可以测量具有高挥发性的液体,且可以精确量取所需液流的体积。';

const REACTOR_ABSTRACT =
  '本实用新型公开了一种化工厂用于固液材料化学反应的反应釜,包括底座,底座上方左、右两端连接有电机支架,电机支架上方连接有第一电机,第一电机正前方中部连接有凸轮,凸轮外表面上方接触式连接有推杆,推杆上端连接有连接杆。' +
  '本实用新型使反应釜内的原材料混合的更加充分,不仅使原材料反应更加充分,节省原材料,而且也加快了原材料的反应速度,提高了反应效率。';

export const QUERY_ABSTRACT =
  'A determination device according to the present application has an acquisition unit, a categorization unit, and a determination unit. ' +
  'The acquisition unit acquires the search queries, which have been input by a plurality of input customers who have input a reference query. ' +
  'The categorization unit categorizes the search queries, which have been input in a predetermined period among search queries, into a plurality of categories. ' +
  'The determination unit determines whether a categorization result by the categorization unit satisfies a predetermined determination condition or not.';

export function buildDuplicateCorpus(): Patent[] {
  return [
    buildCnPatent({
      publicationNumber: 'CN115001749A',
      applicationNumber: 'CN202210481726.6',
      title: { lang: 'zh', text: '设备授权方法、装置、设备及介质' },
      abstract: { lang: 'zh', text: DEVICE_AUTH_ABSTRACT },
      claims: { lang: 'zh', text: DEVICE_AUTH_CLAIMS },
    }),
    buildCnPatent({
      publicationNumber: 'CN207396260U',
      kind: 'U',
      patentType: 'utility_model',
      applicationNumber: undefined,
      title: { lang: 'zh', text: '一种材料化学制备取样分析装置' },
      abstract: { lang: 'zh', text: SAMPLING_ABSTRACT },
    }),
    buildCnPatent({
      publicationNumber: 'CN208049937U',
      kind: 'U',
      patentType: 'utility_model',
      applicationNumber: undefined,
      title: { lang: 'zh', text: '一种化工厂用于固液材料化学反应的反应釜' },
      abstract: { lang: 'zh', text: REACTOR_ABSTRACT },
    }),
    buildUsPatent({
      publicationNumber: 'US11556547B2',
      kind: 'B2',
      applicationNumber: undefined,
      title: {
        lang: 'en',
        text: 'Determination apparatus, determination method, and non-transitory computer readable storage medium',
      },
      abstract: { lang: 'en', text: QUERY_ABSTRACT },
    }),
  ];
}
