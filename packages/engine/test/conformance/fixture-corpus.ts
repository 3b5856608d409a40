import type { IndexablePatent } from '../../src/index.js';

/**
 * The conformance corpus: 69 records in the canonical Patent shape. Titles, abstracts, claims,
 * applicants (cn-bdci2022-fewshot) and CPC codes (cn-g06f-cpc-liaoleyuan) are real, copied from
 * ../shared/data (cn-bdci2022-fewshot, cn-g06f-cpc-liaoleyuan, cn-kppatent-zh,
 * us-uspto-random10k-pygrams); numbers for records that had none, dates, inventors, legal status,
 * families, citations and value scores were assigned deterministically to exercise every field.
 * Do not edit by hand: the expected hit sets of run-conformance.ts are computed from it.
 */
export const FIXTURE_CORPUS: readonly IndexablePatent[] = withLegalRecords([
  {
    publicationNumber: 'CN110001371B',
    applicationNumber: 'CN201510000001.1',
    kind: 'B',
    patentType: 'invention_grant',
    country: 'CN',
    title: {
      lang: 'zh',
      text: '一种信号的发送方法及基站、用户设备',
    },
    abstract: {
      lang: 'zh',
      text: '一种信号的发送方法及基站、用户设备。在一个子帧中为多个用户设备配置的参考信号的符号和数据的符号在子帧中的时域位置关系满足前提一和前提二；前提一为，将每个用户设备的参考信号所需的资源包括在多个参考信号的符号中，前提二为以下条件中的至少一个：将每个用户设备的多个参考信号设置在每个用户设备的数据的符号之前的参考信号的符号中，和/或每个用户设备的数据的符号之后的参考信号的符号中，从而有效地节省了发送参考信号的开销，满足了资源设计的需求；且部分或全部用户设备可在多个参考信号的符号中包含其参考信号，使该用户设备的解调性能得到进一步改善。',
    },
    applicants: [
      {
        name: '华为技术有限公司',
        type: 'company',
        province: '北京市',
        city: '北京市',
      },
    ],
    inventors: [
      {
        name: '王芳',
      },
      {
        name: '陈静',
      },
    ],
    agency: '上海专利商标事务所有限公司',
    agents: ['刘畅'],
    applicationDate: '2015-02-02',
    publicationDate: '2016-07-03',
    classifications: {
      ipc: ['H01M10/0525', 'A61K36/00'],
    },
    legalStatus: '失效',
    claimCount: 4,
    source: {
      id: 'cn-bdci2022-fewshot',
    },
    grantDate: '2017-03-02',
    family: {
      simpleFamilyId: 'F1000',
      simple: ['CN110001371B', 'US6857841B2'],
    },
    citations: [
      {
        number: 'CN110002742U',
        category: 'examiner',
      },
      {
        number: 'CN110008226A',
        category: 'examiner',
      },
    ],
    citedBy: [
      {
        number: 'US6851782B2',
      },
      {
        number: 'US6857841B2',
      },
    ],
    description: {
      lang: 'zh',
      text: '技术领域\n本发明涉及储能技术领域。\n背景技术\n现有的正极材料循环寿命短，倍率性能差。',
    },
  },
  {
    publicationNumber: 'CN110002742U',
    applicationNumber: 'CN201610000002.2',
    kind: 'U',
    patentType: 'utility_model',
    country: 'CN',
    title: {
      lang: 'zh',
      text: '用于在所选无线电接入网络中操作无线设备的方法',
    },
    abstract: {
      lang: 'zh',
      text: '在无线蜂窝网络中操作无线设备（1）的方法，无线设备（1）包括通信单元（2），无线蜂窝网络包括至少两个无线电接入网络（8），通信单元（2）被配置成向作为无线蜂窝网络的部分的网络节点通信，所述网络节点被关联到第一无线电接入网络，所述方法包括针对通信单元的以下步骤：检测所述无线蜂窝网络的第二无线电接入网络是否满足预定义的接入参数集（83），其中第二无线电接入网络支持与第一无线电接入网络不同的接入技术，如果检测步骤指示所述第二无线电接入网络满足所述接入参数集：向网络节点发送连接释放指示（S4），从网络节点接收连接释放确认消息（S5），向无线蜂窝网络发送具有对所述第二无线电接入网络的选择的连接请求消息（S6）。',
    },
    applicants: [
      {
        name: '泰雷兹数字安全德国有限公司',
        type: 'company',
        province: '江苏省',
        city: '南京市',
      },
    ],
    inventors: [
      {
        name: '李娜',
      },
      {
        name: '黄勇',
      },
    ],
    agency: null,
    agents: ['张三'],
    applicationDate: '2016-03-03',
    publicationDate: '2017-08-04',
    classifications: {
      ipc: ['G06F16/33', 'H04W72/04'],
    },
    legalStatus: '审中',
    claimCount: 5,
    source: {
      id: 'cn-bdci2022-fewshot',
    },
    citedBy: [
      {
        number: 'CN110001371B',
      },
    ],
  },
  {
    publicationNumber: 'CN110004113A',
    applicationNumber: 'CN201610000002.2',
    kind: 'A',
    patentType: 'invention_application',
    country: 'CN',
    title: {
      lang: 'zh',
      text: '基于端口控制的网络安全隧道建立方法',
    },
    abstract: {
      lang: 'zh',
      text: '本发明涉及一种基于端口控制的网络安全隧道建立方法，包括：建立桥接主控；远程客户端与桥接主控建立连接；网络映射器与桥接主控建立连接；网络映射器向桥接主控发送映射请求命令；桥接主控向对应远程客户端的发送启动连接命令；远程客户端接收到连接命令，向目标地址发起连接；连接成功后，远程客户端与桥接主控建立新连接，桥接主控将远程客户端新创建的数据连接与网络映射器发起的数据连接逻辑上关联起来，并负责数据转发。该基于端口控制的网络安全隧道建立方法通过端口远程映射技术，来访问原本无法直连，跨内网段，跨防火墙的网络服务，采用集中化管理，在安全性方面可提供高约束性的映射管理，也可以使用高度灵活的按需动态配置功能。',
    },
    applicants: [
      {
        name: '常州中价之星软件技术有限公司',
        type: 'company',
        province: '广东省',
        city: '深圳市',
      },
    ],
    inventors: [
      {
        name: '刘洋',
      },
      {
        name: '张伟',
      },
    ],
    agency: '北京集佳知识产权代理有限公司',
    agents: ['高静'],
    applicationDate: '2017-04-04',
    publicationDate: '2018-09-05',
    classifications: {
      ipc: ['G06N3/08', 'H01M10/0525'],
    },
    legalStatus: '有效',
    claimCount: 6,
    source: {
      id: 'cn-bdci2022-fewshot',
    },
  },
  {
    publicationNumber: 'CN110005484B',
    applicationNumber: 'CN201810000004.4',
    kind: 'B',
    patentType: 'invention_grant',
    country: 'CN',
    title: {
      lang: 'zh',
      text: '一种贴片天线结构、天线馈线板及基站收发信机',
    },
    abstract: {
      lang: 'zh',
      text: '本发明公开了一种贴片天线结构，包括：天线罩；设在天线罩的一侧并与天线罩保持一定距离的金属地板，金属地板朝向天线罩一侧的金属地板的侧壁上连接有馈电贴片；以及贴合在天线罩朝向金属地板一侧的天线罩的侧壁上的天线辐射贴片，其中：天线辐射贴片与金属地板保持一定的距离，用以保持贴片天线的射频特性。本发明还公开了一种基站收发信机和天线馈线板。实施本发明的贴片天线结构、天线馈线板及基站收发信机，在保证天线带宽的前提下，降低天线的高度；优化整机的结构，减小产品的体积。',
    },
    applicants: [
      {
        name: '三星电子株式会社',
        type: 'company',
        province: '北京市',
        city: '北京市',
      },
    ],
    inventors: [
      {
        name: '陈静',
      },
      {
        name: '刘洋',
      },
    ],
    agency: '上海专利商标事务所有限公司',
    agents: ['刘畅'],
    applicationDate: '2018-05-05',
    publicationDate: '2019-10-06',
    classifications: {
      ipc: ['H04W72/04', 'H02J7/00'],
    },
    legalStatus: '失效',
    claimCount: 7,
    source: {
      id: 'cn-bdci2022-fewshot',
    },
    grantDate: '2020-03-05',
    valueScore: 46.8,
    family: {
      simpleFamilyId: 'F1001',
      simple: ['CN110005484B', 'US6856687B2'],
    },
    litigations: [
      {
        caseNumber: '(2021)粤03民初1234号',
        court: '深圳市中级人民法院',
        plaintiff: '华为技术有限公司',
        outcome: '调解结案',
      },
    ],
  },
  {
    publicationNumber: 'CN110006855U',
    applicationNumber: 'CN201910000005.5',
    kind: 'U',
    patentType: 'utility_model',
    country: 'CN',
    title: {
      lang: 'zh',
      text: '一种宽频带双极化基站天线',
    },
    abstract: {
      lang: 'zh',
      text: '本实用新型公开了一种宽频带双极化基站天线，包括底座，所述底座的底部嵌装固定有马达，所述旋转盘的顶部安装有支撑板，所述第一固定块的一侧通过螺栓安装有电动推杆，所述电动推杆活塞杆的一端设置有推板，所述推板的一侧通过第二固定块与所述电动推杆的一端转动连接，所述推板的一端与所述旋转盘的一侧转动连接，所述推板的另一侧通过第一螺栓安装有天线本体，本实用新型主要是通过电动推杆推动推板的一端移动，使天线本体的一端以圆杆为中心进行倾斜角度的调节，且马达可以带动旋转盘水平方向360°转动，使天线本体可以在水平方向任何角度进行倾斜角度的调整，一定程度上增加信号接收范围。',
    },
    applicants: [
      {
        name: '深圳市亿圣邦科技有限公司',
        type: 'company',
        province: '江苏省',
        city: '南京市',
      },
    ],
    inventors: [
      {
        name: '杨磊',
      },
      {
        name: '赵敏',
      },
    ],
    agency: null,
    agents: ['张三'],
    applicationDate: '2019-06-06',
    publicationDate: '2020-11-07',
    classifications: {
      ipc: ['B60L58/12', 'B60L58/12'],
    },
    legalStatus: '审中',
    claimCount: 8,
    source: {
      id: 'cn-bdci2022-fewshot',
    },
    priorityDate: '2018-06-01',
    priorityNumbers: ['CN201810000005.X'],
    citations: [
      {
        number: 'CN110008226A',
        category: 'examiner',
      },
      {
        number: 'HK110013710B',
        category: 'examiner',
      },
    ],
    citedBy: [
      {
        number: 'US6857841B2',
      },
    ],
  },
  {
    publicationNumber: 'CN110008226A',
    applicationNumber: 'CN201910000005.5',
    kind: 'A',
    patentType: 'invention_application',
    country: 'CN',
    title: {
      lang: 'zh',
      text: '基于多粒子纠缠的量子网络抽签方法',
    },
    abstract: {
      lang: 'zh',
      text: '本发明涉及一种基于多粒子纠缠的量子网络抽签方法，包括：S1、参与抽签的用户向抽签管理机构发送身份信息，完成注册，抽签管理机构通过QKD收发机与用户共享身份密钥。S2、抽签管理机构为抽签用户制备抽签量子态，并将全部粒子重新分组以便于后续量子分发。S3、抽签管理机构生成随机秘密编码并存储于存储器中，利用身份密钥和秘密编码为每个抽签用户制备测试粒子。S4、抽签管理机构将测试粒子随机插入重新分组后的抽签量子态中，并通过经典量子融合信道传输量子信息。S5‑S6、抽签用户与抽签管理机构利用测试粒子，验证双方身份信息。S7、量子态安全检测。S8、抽签用户舍弃量子态安全测试中使用的粒子，测量剩余的粒子获得抽签信息。',
    },
    applicants: [
      {
        name: '华北电力大学',
        type: 'company',
        province: '广东省',
        city: '深圳市',
      },
    ],
    inventors: [
      {
        name: '赵敏',
      },
      {
        name: '吴婷',
      },
    ],
    agency: '北京集佳知识产权代理有限公司',
    agents: ['高静'],
    applicationDate: '2020-07-07',
    publicationDate: '2021-12-08',
    classifications: {
      ipc: ['C01B32/05', 'G06F16/33'],
    },
    legalStatus: '有效',
    claimCount: 9,
    source: {
      id: 'cn-bdci2022-fewshot',
    },
    citedBy: [
      {
        number: 'CN110001371B',
      },
      {
        number: 'CN110006855U',
      },
    ],
  },
  {
    publicationNumber: 'TW110009597B',
    applicationNumber: 'TW202100007',
    kind: 'B',
    patentType: 'invention_grant',
    country: 'TW',
    title: {
      lang: 'zh',
      text: '一种基于量子网络中分流流量传送的量子态隐形传送方法',
    },
    abstract: {
      lang: 'zh',
      text: '本发明公开了一种基于量子网络中分流流量传送的量子态隐形传送方法，Alice发送未知多维多量子比特纠缠态给Bob，包括：Alice通过经典信道告知中心服务器该未知多维多量子比特纠缠态的qudit总数，中心服务器选择传送路径数和该路径上的中继节点数，使qudit并行且均衡地通过p条路径传输；在各中继节点的协助下，中心服务器协调，Alice和Bob之间建立起p条量子信道；Alice利用量子隐形传态原理将未知的多维多量子比特纠缠态通过不同的量子信道协调并行传送给Bob；Bob执行幺正操作恢复未知多维多量子比特纠缠态，完成传送过程。本发明实现了一个未知多维多量子比特纠缠态在多条传送路径上的并行传输，链路具有动态性和灵活性，能够满足构建复杂量子通信网络的要求。',
    },
    applicants: [
      {
        name: '苏州大学',
        type: 'company',
        province: '北京市',
        city: '北京市',
      },
    ],
    inventors: [
      {
        name: '黄勇',
      },
      {
        name: '李娜',
      },
    ],
    agency: '上海专利商标事务所有限公司',
    agents: ['刘畅'],
    applicationDate: '2021-08-08',
    publicationDate: '2022-01-09',
    classifications: {
      ipc: ['A61K36/00', 'G06T7/00'],
    },
    legalStatus: '失效',
    claimCount: 10,
    source: {
      id: 'cn-bdci2022-fewshot',
    },
    grantDate: '2023-03-08',
    family: {
      simpleFamilyId: 'F1002',
      simple: ['TW110009597B', 'US6855142B2'],
    },
    licenses: [
      {
        licensor: '苏州大学',
        licensee: '比亚迪股份有限公司',
        exclusivity: '独占许可',
      },
    ],
  },
  {
    publicationNumber: 'CN110010968U',
    applicationNumber: 'CN202210000008.8',
    kind: 'U',
    patentType: 'utility_model',
    country: 'CN',
    title: {
      lang: 'zh',
      text: '蓄电池组在线维护系统',
    },
    abstract: {
      lang: 'zh',
      text: '本发明提供一种蓄电池组在线维护系统，用于对处于被浮充状态下且由相互串联的复数个蓄电池构成的蓄电池组进行维护，包括：监控终端，用于对每个蓄电池的运行进行实时检测，并发出充电指令和放电指令；以及活化装置，与交流电网连接，并与监控终端通信连接，其中，监控终端具有电池信息存储部、运行信息采集部、运行信息存储部、信息识别部、信息判断部、监控侧通信部以及信息处理部，活化装置具有活化侧接收部、运行控制部、状态开关部以及充放电部。本发明能够自动对性能劣化的蓄电池进行活化处理，提高蓄电池组的可靠性和使用寿命；而且，充电过程的能量来自交流电网，在放电时将能量馈送到交流电网，减少能耗，节约能源。',
    },
    applicants: [
      {
        name: '保定中创电子科技有限公司',
        type: 'company',
        province: '江苏省',
        city: '南京市',
      },
    ],
    inventors: [
      {
        name: '周杰',
      },
      {
        name: '杨磊',
      },
    ],
    agency: null,
    agents: ['张三'],
    applicationDate: '2022-09-09',
    publicationDate: '2023-02-10',
    classifications: {
      ipc: ['H02J7/00', 'C01B32/05'],
    },
    legalStatus: '审中',
    claimCount: 11,
    source: {
      id: 'cn-bdci2022-fewshot',
    },
    valueScore: 53.6,
  },
  {
    publicationNumber: 'CN110012339A',
    applicationNumber: 'CN202310000009.9',
    kind: 'A',
    patentType: 'invention_application',
    country: 'CN',
    title: {
      lang: 'zh',
      text: '可动单元的锁定机构、薄片体供给装置以及图像形成装置',
    },
    abstract: {
      lang: 'zh',
      text: '本发明提供一种可动单元的锁定机构、薄片体供给装置以及图像形成装置。本发明的锁定机构具有钩、被卡合部以及施力部件，将被支承为能够相对于单元主体移动的可动单元卡止于单元主体。钩为L形，具有能够转动地支承于单元主体的转动支点的支承部、以及从支承部突出的卡合部。被卡合部形成于可动单元，能够与卡合部卡合。施力部件朝卡合部与被卡合部卡合的方向对钩施力。钩具有：第一面，在卡合部的前端侧与被卡合部对置；以及第二面，从第一面朝支承部侧延伸，且相对于第一面朝远离转动支点的方向倾斜。当卡合部与被卡合部处于卡合状态时，被卡合部仅与第二面抵接。',
    },
    applicants: [
      {
        name: '京瓷办公信息系统株式会社',
        type: 'company',
        province: '广东省',
        city: '深圳市',
      },
    ],
    inventors: [
      {
        name: '吴婷',
      },
      {
        name: '周杰',
      },
    ],
    agency: '北京集佳知识产权代理有限公司',
    agents: ['高静'],
    applicationDate: '2023-10-10',
    publicationDate: '2024-03-11',
    classifications: {
      ipc: ['G06T7/00', 'G06N3/08'],
    },
    legalStatus: '有效',
    claimCount: 3,
    source: {
      id: 'cn-bdci2022-fewshot',
    },
    citations: [
      {
        number: 'HK110013710B',
        category: 'examiner',
      },
      {
        number: 'CN110019194U',
        category: 'examiner',
      },
    ],
  },
  {
    publicationNumber: 'HK110013710B',
    applicationNumber: 'HK201410000010.0',
    kind: 'B',
    patentType: 'invention_grant',
    country: 'HK',
    title: {
      lang: 'zh',
      text: '一种计算机网络信息安全装置',
    },
    abstract: {
      lang: 'zh',
      text: '一种计算机网络信息安全装置，包括箱体，箱体右侧面靠近上端处开设圆孔，圆孔内配合安装横向的柱体，柱体能在圆孔内横向移动及转动，圆孔的内端面上下两侧对称设置横向的插杆，插杆的左端左侧设有横轴，横轴的左端与压力传感器接触配合，第一齿轮与第二齿轮的外径及齿数均相同。本发明使用时，使用者首先将若干个第一齿轮分别转动随机的角度，需要转动柱体使该指示块在刻度盘上指向的角度值与相对应的第一齿轮的角度数据相同，此时插杆与该第一齿轮上的通孔重合，本发明的所有者会通过手持终端及时收到报警通知并作出合适的行动，发明的打开方式相对于传统的物理防护方式更难破解打开，更加的安全。',
    },
    applicants: [
      {
        name: '唐山师范学院',
        type: 'company',
        province: '北京市',
        city: '北京市',
      },
    ],
    inventors: [
      {
        name: '张伟',
      },
      {
        name: '王芳',
      },
    ],
    agency: '上海专利商标事务所有限公司',
    agents: ['刘畅'],
    applicationDate: '2014-11-11',
    publicationDate: '2015-04-12',
    classifications: {
      ipc: ['H01M4/525', 'H01M4/525'],
    },
    legalStatus: '失效',
    claimCount: 4,
    source: {
      id: 'cn-bdci2022-fewshot',
    },
    grantDate: '2016-03-11',
    priorityDate: '2013-06-01',
    priorityNumbers: ['CN201310000010.X'],
    family: {
      simpleFamilyId: 'F1003',
      simple: ['HK110013710B', 'US6853841B2'],
    },
    citedBy: [
      {
        number: 'CN110006855U',
      },
      {
        number: 'CN110012339A',
      },
    ],
  },
  {
    publicationNumber: 'CN110015081U',
    applicationNumber: 'CN201510000011.1',
    kind: 'U',
    patentType: 'utility_model',
    country: 'CN',
    title: {
      lang: 'zh',
      text: '一种蓄电池装置',
    },
    abstract: {
      lang: 'zh',
      text: '本发明属于蓄电池技术领域，尤其涉及一种蓄电池装置，它包括蓄电池机构、U型盖板、U型底板、正电极柱、负电极柱，其中蓄电池机构在受到撞击后可以通过变形来缓冲撞击，进而防止蓄电池机构因为撞击而出现的酸液泄露和蓄电池损害而不能再使用的情况。本发明结构简单，具有较好的使用效果。',
    },
    applicants: [
      {
        name: '浙江杰斯特电器有限公司',
        type: 'company',
        province: '江苏省',
        city: '南京市',
      },
    ],
    inventors: [
      {
        name: '王芳',
      },
      {
        name: '陈静',
      },
    ],
    agency: null,
    agents: ['张三'],
    applicationDate: '2015-12-12',
    publicationDate: '2016-05-13',
    classifications: {
      ipc: ['H01M10/0525', 'A61K36/00'],
    },
    legalStatus: '审中',
    claimCount: 5,
    source: {
      id: 'cn-bdci2022-fewshot',
    },
  },
  {
    publicationNumber: 'CN110016452A',
    applicationNumber: 'CN201610000012.2',
    kind: 'A',
    patentType: 'invention_application',
    country: 'CN',
    title: {
      lang: 'zh',
      text: '液体材料吐出装置及液体材料吐出方法',
    },
    abstract: {
      lang: 'zh',
      text: '本发明提供一种能够抑制装置的启动时间变长的液体吐出装置。吐出部包括供给液体材料的供给口、吐出从供给口供给过来的液体材料的吐出口及排出未被吐出的液体材料的排出口。控制装置进行如下控制：将依赖于吐出口内的液体材料的弯液面压力的第1控制量及依赖于供给口的压力与排出口的压力之间的差压的第2控制量分别维持在第1控制量的目标值即第1目标值及第2控制量的目标值即第2目标值。控制装置具有如下功能：在第1控制量及第2控制量分别接近第1目标值及第2目标值为止的期间中，比使第2控制量接近第2目标值的控制优先执行使第1控制量接近第1目标值的控制。',
    },
    applicants: [
      {
        name: '住友重机械工业株式会社',
        type: 'company',
        province: '广东省',
        city: '深圳市',
      },
    ],
    inventors: [
      {
        name: '李娜',
      },
      {
        name: '黄勇',
      },
    ],
    agency: '北京集佳知识产权代理有限公司',
    agents: ['高静'],
    applicationDate: '2016-01-13',
    publicationDate: '2017-06-14',
    classifications: {
      ipc: ['G06F16/33', 'H04W72/04'],
    },
    legalStatus: '有效',
    claimCount: 6,
    source: {
      id: 'cn-bdci2022-fewshot',
    },
    valueScore: 60.4,
  },
  {
    publicationNumber: 'CN110017823B',
    applicationNumber: 'CN201710000013.3',
    kind: 'B',
    patentType: 'invention_grant',
    country: 'CN',
    title: {
      lang: 'zh',
      text: '一种充电设备、终端及无线充电系统',
    },
    abstract: {
      lang: 'zh',
      text: '本发明实施例提供一种充电设备、终端及无线充电系统，应用于通信技术领域，可以解决无法快速准确地对齐发射线圈与接收线圈的问题。其中，充电设备包括：发射端控制模块、发射线圈和设置于发射线圈外围的至少一个第一发射端线圈，充电设备用于通过发射线圈为待充电设备充电；其中，发射端控制模块，用于向至少一个第一发射端线圈中每个第一发射端线圈分别输入第一发射端直流电流，每个第一发射端线圈通过第一发射端直流电流用于分别生成一个第一发射端磁场，第一发射端磁场用于在待充电设备充电时通过磁场力将该待充电设备移动至目标充电位置。',
    },
    applicants: [
      {
        name: '维沃移动通信有限公司',
        type: 'company',
        province: '北京市',
        city: '北京市',
      },
    ],
    inventors: [
      {
        name: '刘洋',
      },
      {
        name: '张伟',
      },
    ],
    agency: '上海专利商标事务所有限公司',
    agents: ['刘畅'],
    applicationDate: '2017-02-14',
    publicationDate: '2018-07-15',
    classifications: {
      ipc: ['G06N3/08', 'H01M10/0525'],
    },
    legalStatus: '失效',
    claimCount: 7,
    source: {
      id: 'cn-bdci2022-fewshot',
    },
    grantDate: '2019-03-14',
    family: {
      simpleFamilyId: 'F1004',
      simple: ['CN110017823B', 'US6851782B2'],
    },
    citations: [
      {
        number: 'CN110019194U',
        category: 'examiner',
      },
      {
        number: 'CN110024678A',
        category: 'examiner',
      },
    ],
  },
  {
    publicationNumber: 'CN110019194U',
    applicationNumber: 'CN201810000014.4',
    kind: 'U',
    patentType: 'utility_model',
    country: 'CN',
    title: {
      lang: 'zh',
      text: '一种多功能同步充电箱',
    },
    abstract: {
      lang: 'zh',
      text: '本实用新型涉及充电箱技术领域，且公开了一种多功能同步充电箱，包括安装板，所述安装板正面的左右两侧均固定安装有固定板。该多功能同步充电箱，通过设置驱动电机，当需要拆卸充电箱本体时，启动驱动电机，使第二螺杆转动，通过连接环带动第一螺杆转动，当第一螺杆和第二螺杆同时转动时，左右两个移动套杆受其螺纹推力而反向移动，通过控制驱动电机的转向，使两个移动套杆之间的距离拉远，使得两个推动板朝着相背的方向移动，并使卡块退出对充电箱本体的限制，即可将充电箱本体拆离安装板，从而方便对其维护，使设备达到便于拆卸和维护的效果，大大提高了装置的实用性，减少了维修成本，使用起来更加方便，更加满足人们使用的需求。',
    },
    applicants: [
      {
        name: '重庆阿狄亚电子技术有限公司',
        type: 'company',
        province: '江苏省',
        city: '南京市',
      },
    ],
    inventors: [
      {
        name: '陈静',
      },
      {
        name: '刘洋',
      },
    ],
    agency: null,
    agents: ['张三'],
    applicationDate: '2018-03-15',
    publicationDate: '2019-08-16',
    classifications: {
      ipc: ['H04W72/04', 'H02J7/00'],
    },
    legalStatus: '审中',
    claimCount: 8,
    source: {
      id: 'cn-bdci2022-fewshot',
    },
    citedBy: [
      {
        number: 'CN110012339A',
      },
      {
        number: 'CN110017823B',
      },
    ],
  },
  {
    publicationNumber: 'CN110020565A',
    applicationNumber: 'CN201910000015.5',
    kind: 'A',
    patentType: 'invention_application',
    country: 'CN',
    title: {
      lang: 'zh',
      text: '一种终端充电器的处理方法和装置',
    },
    abstract: {
      lang: 'zh',
      text: '本发明实施例提供了一种终端充电器的处理方法和装置，所述充电器和终端分别具有对应的充电信息，所述的方法包括：确定终端当前适配的充电器；若所述终端上有在先适配的充电器，依据所述当前适配的充电器对应的充电信息和在先适配的充电器对应的充电信息，配置所述终端的充电信息。本发明实施例用以增强终端对不同充电器适应能力。',
    },
    applicants: [
      {
        name: '青岛海信移动通信技术股份有限公司',
        type: 'company',
        province: '广东省',
        city: '深圳市',
      },
    ],
    inventors: [
      {
        name: '杨磊',
      },
      {
        name: '赵敏',
      },
    ],
    agency: '北京集佳知识产权代理有限公司',
    agents: ['高静'],
    applicationDate: '2019-04-16',
    publicationDate: '2020-09-17',
    classifications: {
      ipc: ['B60L58/12', 'B60L58/12'],
    },
    legalStatus: '有效',
    claimCount: 9,
    source: {
      id: 'cn-bdci2022-fewshot',
    },
    priorityDate: '2018-06-01',
    priorityNumbers: ['CN201810000015.X'],
  },
  {
    publicationNumber: 'CN110021936B',
    applicationNumber: 'CN202010000016.6',
    kind: 'B',
    patentType: 'invention_grant',
    country: 'CN',
    title: {
      lang: 'zh',
      text: '一种基于分布式网络的侵权信息识别人标识系统及方法',
    },
    abstract: {
      lang: 'zh',
      text: '本发明公开了一种基于分布式网络的侵权信息识别人的标识系统及方法。用于信息版权保护，对信息的盗用和篡改更加容易被发现，保护了信息拥有者的权益，找出侵权信息，将该侵权信息的“第一挖掘人”的标识出来，并在网络中广播，使侵权信息挖掘人的工作量被大众所知，鼓励了更多“信息挖掘人”进行违法维权事件的采集搜索，并获得相关收益权。',
    },
    applicants: [
      {
        name: '北京数字融通科技有限公司',
        type: 'company',
        province: '北京市',
        city: '北京市',
      },
    ],
    inventors: [
      {
        name: '赵敏',
      },
      {
        name: '吴婷',
      },
    ],
    agency: '上海专利商标事务所有限公司',
    agents: ['刘畅'],
    applicationDate: '2020-05-17',
    publicationDate: '2021-10-18',
    classifications: {
      ipc: ['C01B32/05', 'G06F16/33'],
    },
    legalStatus: '失效',
    claimCount: 10,
    source: {
      id: 'cn-bdci2022-fewshot',
    },
    grantDate: '2022-03-17',
    valueScore: 67.2,
  },
  {
    publicationNumber: 'CN110023307U',
    applicationNumber: 'CN202110000017.7',
    kind: 'U',
    patentType: 'utility_model',
    country: 'CN',
    title: {
      lang: 'zh',
      text: '基于边缘缓存的云无线接入网络中用户设备关联方法',
    },
    abstract: {
      lang: 'zh',
      text: '一种基于边缘缓存的云无线接入网络中用户设备关联方法，包括：根据系统中无线射频单元的地理位置划分不同的簇；基于文件的流行度信息，将文件缓存到簇内的无线射频单元中；基于簇内用户设备到簇内各无线射频单元的距离，确定簇内用户设备与无线射频单元之间的预关联关系；基于与预关联的无线射频单元之间的大尺度衰落系数信息，为簇内的每个用户设备选出备选无线射频单元；基于备选无线射频单元的文件缓存与用户设备预申请文件的信息，将簇内用户设备关联至对应的无线射频单元；根据无线射频单元的关联用户设备数及时延和能耗的信息，对簇内用户设备与无线射频单元之间的关联关系进行调整。上述的方案，可以缩短系统的总任务传输时延，降低系统能耗。',
    },
    applicants: [
      {
        name: '南京邮电大学',
        type: 'company',
        province: '江苏省',
        city: '南京市',
      },
    ],
    inventors: [
      {
        name: '黄勇',
      },
      {
        name: '李娜',
      },
    ],
    agency: null,
    agents: ['张三'],
    applicationDate: '2021-06-18',
    publicationDate: '2022-11-19',
    classifications: {
      ipc: ['A61K36/00', 'G06T7/00'],
    },
    legalStatus: '审中',
    claimCount: 11,
    source: {
      id: 'cn-bdci2022-fewshot',
    },
    citations: [
      {
        number: 'CN110024678A',
        category: 'examiner',
      },
      {
        number: 'CN110030162B',
        category: 'examiner',
      },
    ],
  },
  {
    publicationNumber: 'CN110024678A',
    applicationNumber: 'CN202210000018.8',
    kind: 'A',
    patentType: 'invention_application',
    country: 'CN',
    title: {
      lang: 'zh',
      text: '基于无人机的公路施工现场全景图像高效拼接方法',
    },
    abstract: {
      lang: 'zh',
      text: '本发明涉及一种基于无人机的公路施工现场全景图像高效拼接方法通过航拍图像的地理信息坐标和姿态参数修正、关键拼接区域选取、特征点高效匹配、基于最佳缝合线和图像融合的快速图像拼接，解决了无人机在巡航过程中产生的局部坐标系偏差、整幅图像特征点匹配低效率、以及由于动态目标产生的拼接模糊和鬼影问题，具有实时传输图像数据、全局监督、准确度好、效率高、成本低、方便灵活等优点，为实现整个施工现场自动化、智能化的全局安全监督管理奠定了基础。本发明适用于公路工程施工现场的全局安全监督管理。',
    },
    applicants: [
      {
        name: '哈尔滨工业大学',
        type: 'company',
        province: '广东省',
        city: '深圳市',
      },
    ],
    inventors: [
      {
        name: '周杰',
      },
      {
        name: '杨磊',
      },
    ],
    agency: '北京集佳知识产权代理有限公司',
    agents: ['高静'],
    applicationDate: '2022-07-19',
    publicationDate: '2023-12-20',
    classifications: {
      ipc: ['H02J7/00', 'C01B32/05'],
    },
    legalStatus: '有效',
    claimCount: 3,
    source: {
      id: 'cn-bdci2022-fewshot',
    },
    citedBy: [
      {
        number: 'CN110017823B',
      },
      {
        number: 'CN110023307U',
      },
    ],
  },
  {
    publicationNumber: 'TW110026049B',
    applicationNumber: 'TW202300019',
    kind: 'B',
    patentType: 'invention_grant',
    country: 'TW',
    title: {
      lang: 'zh',
      text: '移动应用安全网络隧道',
    },
    abstract: {
      lang: 'zh',
      text: '本发明涉及移动应用安全网络隧道，主要包括移动互联网数据、移动安全网络SDK软件包、防火墙接口、数据转发服务器、企业网内防火墙和移动安全隧道管理服务器；本发明在移动设备APP集成SDK软件包后，移动互联网数据通过在企业内网的DMZ区部署移动安全隧道服务器后，用户即可通过移动应用安全网络隧道访问企业内网数据，隧道网络通讯类型为TCP类型，兼容HTTP与UDP类型协议加密，移动应用数据转发过程做SSL加密，移动安全隧道用于企业内网与公网之间的移动网络数据安全传输，并且在防火墙上只需打开一个端口即可支持后台所有服务器访问。',
    },
    applicants: [
      {
        name: '深圳安软信创技术有限公司',
        type: 'company',
        province: '北京市',
        city: '北京市',
      },
    ],
    inventors: [
      {
        name: '吴婷',
      },
      {
        name: '周杰',
      },
    ],
    agency: '上海专利商标事务所有限公司',
    agents: ['刘畅'],
    applicationDate: '2023-08-20',
    publicationDate: '2024-01-21',
    classifications: {
      ipc: ['G06T7/00', 'G06N3/08'],
    },
    legalStatus: '失效',
    claimCount: 4,
    source: {
      id: 'cn-bdci2022-fewshot',
    },
    grantDate: '2025-03-20',
  },
  {
    publicationNumber: 'CN110027420U',
    applicationNumber: 'CN201410000020.0',
    kind: 'U',
    patentType: 'utility_model',
    country: 'CN',
    title: {
      lang: 'zh',
      text: '一种基于自动识别技术的无线充电方法及系统',
    },
    abstract: {
      lang: 'zh',
      text: '本发明提供了一种基于自动识别技术的无线充电方法及系统，其方法包括：自动识别并监测目标电池的电池状态，自动识别并监测无线充电设备的充电线圈的电磁强度，并确定电磁强度对应的可充电区域；接收目标电池和无线充电设备在充电过程和未充电过程中的反馈信息；当目标电池需要无线充电时，将目标电池置于可充电区域中，并根据电池状态、反馈信息、预设充电时间和能量标准，控制无线充电设备的充电功率进行实时切换，实现对目标电池的智能充电。基于自动识别技术，对目标电池进行多维度的智能计算，实现对充电功率的有效切换，进而降低对目标电池的损耗。',
    },
    applicants: [
      {
        name: '深圳市古石科技有限公司',
        type: 'company',
        province: '江苏省',
        city: '南京市',
      },
    ],
    inventors: [
      {
        name: '张伟',
      },
      {
        name: '王芳',
      },
    ],
    agency: null,
    agents: ['张三'],
    applicationDate: '2014-09-21',
    publicationDate: '2015-02-22',
    classifications: {
      ipc: ['H01M4/525', 'H01M4/525'],
    },
    legalStatus: '审中',
    claimCount: 5,
    source: {
      id: 'cn-bdci2022-fewshot',
    },
    valueScore: 74.0,
    priorityDate: '2013-06-01',
    priorityNumbers: ['CN201310000020.X'],
  },
  {
    publicationNumber: 'CN110028791A',
    applicationNumber: 'CN201510000021.1',
    kind: 'A',
    patentType: 'invention_application',
    country: 'CN',
    title: {
      lang: 'zh',
      text: '一种基于有限理性博弈理论的网络最优防御策略选取方法及装置',
    },
    abstract: {
      lang: 'zh',
      text: '本发明属于网络安全技术领域，特别涉及一种基于有限理性博弈理论的网络最优防御策略选取方法及装置，该方法包含：依据实际攻防双方有限理性，构造有限理性情境下的攻防博弈模型；结合攻防博弈策略集合，并依据历史数据，通过设置参与者理性程度参数，建立参与者选取策略的随机最优反应动态微分方程；联立攻防双方作为参与者的随机最优反应动态微分方程，通过求解并筛选出稳定均衡点，确定最优防御策略并输出。本发明相比仅给出均衡解而未分析纳什均衡形成过程的方法，通过分析有限理性演化博弈均衡的动态演进过程，运用于网络防御决策时，实用性和指导意义更强，能够提高策略选取的动态分析效率，并进一步提高网络安全性能。',
    },
    applicants: [
      {
        name: '中国科学院软件研究所',
        type: 'company',
        province: '广东省',
        city: '深圳市',
      },
    ],
    inventors: [
      {
        name: '王芳',
      },
      {
        name: '陈静',
      },
    ],
    agency: '北京集佳知识产权代理有限公司',
    agents: ['高静'],
    applicationDate: '2015-10-22',
    publicationDate: '2016-03-23',
    classifications: {
      ipc: ['H01M10/0525', 'A61K36/00'],
    },
    legalStatus: '有效',
    claimCount: 6,
    source: {
      id: 'cn-bdci2022-fewshot',
    },
    citations: [
      {
        number: 'CN110030162B',
        category: 'examiner',
      },
      {
        number: 'CN110035646U',
        category: 'examiner',
      },
    ],
  },
  {
    publicationNumber: 'CN110030162B',
    applicationNumber: 'CN201610000022.2',
    kind: 'B',
    patentType: 'invention_grant',
    country: 'CN',
    title: {
      lang: 'zh',
      text: '吸湿涂层材料、其制备方法及其应用',
    },
    abstract: {
      lang: 'zh',
      text: '本发明提出一种吸湿涂层材料、其制备方法及其应用，属于吸湿剂领域，该吸湿涂层材料具有较为理想的比表面积，可有效提高吸湿性能，进而有效改善管翅式换热器的除湿性能。该技术方案包括在极性溶剂中制备固含量10％的离子交换树脂溶液，待树脂完全溶解得到透明液后，向透明液中添加40％‑200％树脂重量份的离子液体，混合均匀后浇注于载体上，真空程序升温干燥，得到干膜；将干膜取下，于沸水中煮沸1.5‑3小时，待除去其中的离子液体后，于100℃‑120℃干燥，得到多孔干膜，将其粉碎后，得到吸湿涂层材料。本发明能够应用于除湿换热器产品中。',
    },
    applicants: [
      {
        name: '海信(山东)空调有限公司',
        type: 'company',
        province: '北京市',
        city: '北京市',
      },
    ],
    inventors: [
      {
        name: '李娜',
      },
      {
        name: '黄勇',
      },
    ],
    agency: '上海专利商标事务所有限公司',
    agents: ['刘畅'],
    applicationDate: '2016-11-23',
    publicationDate: '2017-04-24',
    classifications: {
      ipc: ['G06F16/33', 'H04W72/04'],
    },
    legalStatus: '失效',
    claimCount: 7,
    source: {
      id: 'cn-bdci2022-fewshot',
    },
    grantDate: '2018-03-03',
    citedBy: [
      {
        number: 'CN110023307U',
      },
      {
        number: 'CN110028791A',
      },
    ],
  },
  {
    publicationNumber: 'CN110031533U',
    applicationNumber: 'CN201710000023.3',
    kind: 'U',
    patentType: 'utility_model',
    country: 'CN',
    title: {
      lang: 'zh',
      text: '一种电缆绝缘材料及其制备方法',
    },
    abstract: {
      lang: 'zh',
      text: '本发明提供一种电缆绝缘材料及其制备方法，涉及材料技术领域。一种电缆绝缘材料的制备方法，包括：丁二烯‑乙烯基吡啶橡胶60～100份，改性骨胶粘合剂1～15份，过渡金属化合物1～3份，稀土金属化合物0.5～1.5份，抗氧化剂0.5～1.5份，氧化锌晶须1～5份。该绝缘材料具有自愈合能力，韧性好，绝缘性能好的特点。一种电缆绝缘材料的制备方法，包括：将丁二烯‑乙烯基吡啶橡胶、改性骨胶粘合剂、过渡金属化合物、稀土金属化合物、抗氧化剂以及氧化锌晶须混合熔融并挤出成型。该方法操作简单，可控性强，可大规模生产。',
    },
    applicants: [
      {
        name: '广州市新兴电缆实业有限公司',
        type: 'company',
        province: '江苏省',
        city: '南京市',
      },
    ],
    inventors: [
      {
        name: '刘洋',
      },
      {
        name: '张伟',
      },
    ],
    agency: null,
    agents: ['张三'],
    applicationDate: '2017-12-24',
    publicationDate: '2018-05-25',
    classifications: {
      ipc: ['G06N3/08', 'H01M10/0525'],
    },
    legalStatus: '审中',
    claimCount: 8,
    source: {
      id: 'cn-bdci2022-fewshot',
    },
  },
  {
    publicationNumber: 'CN110032904A',
    applicationNumber: 'CN201810000024.4',
    kind: 'A',
    patentType: 'invention_application',
    country: 'CN',
    title: {
      lang: 'zh',
      text: '全固体二次电池用粘结剂及全固体二次电池',
    },
    abstract: {
      lang: 'zh',
      text: '本发明涉及一种全固体二次电池用粘结剂，其含有粘结剂聚合物，上述粘结剂聚合物是将包含聚环氧烷系单体的单体组合物聚合或共聚而形成的。',
    },
    applicants: [
      {
        name: '日本瑞翁株式会社',
        type: 'company',
        province: '广东省',
        city: '深圳市',
      },
    ],
    inventors: [
      {
        name: '陈静',
      },
      {
        name: '刘洋',
      },
    ],
    agency: '北京集佳知识产权代理有限公司',
    agents: ['高静'],
    applicationDate: '2018-01-25',
    publicationDate: '2019-06-26',
    classifications: {
      ipc: ['H04W72/04', 'H02J7/00'],
    },
    legalStatus: '有效',
    claimCount: 9,
    source: {
      id: 'cn-bdci2022-fewshot',
    },
    valueScore: 80.8,
  },
  {
    publicationNumber: 'CN110034275B',
    applicationNumber: 'CN201910000025.5',
    kind: 'B',
    patentType: 'invention_grant',
    country: 'CN',
    title: {
      lang: 'zh',
      text: '一种表面疏水的缓冲材料及其制备方法和应用',
    },
    abstract: {
      lang: 'zh',
      text: '本发明属于功能材料领域，公开了一种表面疏水的缓冲材料及其制备方法和应用。所述缓冲材料按照原料重量计包括：氟化聚醚多元醇70‑100份，5613聚醚30‑50份，水3‑3.6份，硅油L‑560 1‑1.14份，质量份数33％的三乙烯二胺溶液0.06‑0.08份，辛酸亚锡0.12份，甲苯二异氰酸酯47.7‑50份。将上述物质的混合后在60℃下发泡，制得表面疏水的缓冲材料。该缓冲材料具有优异的疏水性能，可以防止缓冲材料在高潮湿环境下使用时由于材料表面吸水而造成的性能劣化，同时在防冰方面也有一定的应用。',
    },
    applicants: [
      {
        name: '广东互典缓冲材料技术有限公司',
        type: 'company',
        province: '北京市',
        city: '北京市',
      },
    ],
    inventors: [
      {
        name: '杨磊',
      },
      {
        name: '赵敏',
      },
    ],
    agency: '上海专利商标事务所有限公司',
    agents: ['刘畅'],
    applicationDate: '2019-02-26',
    publicationDate: '2020-07-02',
    classifications: {
      ipc: ['B60L58/12', 'B60L58/12'],
    },
    legalStatus: '失效',
    claimCount: 10,
    source: {
      id: 'cn-bdci2022-fewshot',
    },
    grantDate: '2021-03-06',
    priorityDate: '2018-06-01',
    priorityNumbers: ['CN201810000025.X'],
    citations: [
      {
        number: 'CN110035646U',
        category: 'examiner',
      },
      {
        number: 'CN110041130A',
        category: 'examiner',
      },
    ],
  },
  {
    publicationNumber: 'CN110035646U',
    applicationNumber: 'CN202010000026.6',
    kind: 'U',
    patentType: 'utility_model',
    country: 'CN',
    title: {
      lang: 'zh',
      text: '锂基专用基础油及其制备方法',
    },
    abstract: {
      lang: 'zh',
      text: '本发明提供一种锂基专用基础油，由以下百分比的原料制成：烷烃油：40%‑50%，环烷烃油：30%‑45%和芳烃油：25%‑15%。本发明提供的锂基专用基础油及其制备方法，可以满足锂基润滑脂全面性能的提高。',
    },
    applicants: [
      {
        name: '新乡市恒星科技有限责任公司',
        type: 'company',
        province: '江苏省',
        city: '南京市',
      },
    ],
    inventors: [
      {
        name: '赵敏',
      },
      {
        name: '吴婷',
      },
    ],
    agency: null,
    agents: ['张三'],
    applicationDate: '2020-03-27',
    publicationDate: '2021-08-03',
    classifications: {
      ipc: ['C01B32/05', 'G06F16/33'],
    },
    legalStatus: '审中',
    claimCount: 11,
    source: {
      id: 'cn-bdci2022-fewshot',
    },
    citedBy: [
      {
        number: 'CN110028791A',
      },
      {
        number: 'CN110034275B',
      },
    ],
  },
  {
    publicationNumber: 'CN110037017A',
    applicationNumber: 'CN202110000027.7',
    kind: 'A',
    patentType: 'invention_application',
    country: 'CN',
    title: {
      lang: 'zh',
      text: '一种5G通讯电缆故障监控系统',
    },
    abstract: {
      lang: 'zh',
      text: '本发明公开了一种5G通讯电缆故障监控系统，包括信号采样模块、补偿反馈模块，所述信号采样模块对5G通讯电缆信号采样，信号采样模块连接补偿反馈模块，补偿反馈模块运用三极管Q1、电容C3和电感L2、电容C2组成高频补偿电路展宽信号的通频带，为了进一步保证滤除扰动信号的准确性，避免异常高电平信号击穿电感L3，运用三极管Q4检测运放器AR2输出端信号，将异常高电平信号经电阻R14分压，最后运用运放器AR3同相放大信号，三极管Q5进一步三极管运放器AR3输出信号、三极管Q3发射极信号电位差，运用三极管Q2反馈信号至运放器AR2输出端，对运放器AR3输出信号峰值进一步校准，5G通讯电缆故障监控系统终端能够及时对5G通讯电缆故障及时响应。',
    },
    applicants: [
      {
        name: '中铁二十二局集团电气化工程有限公司',
        type: 'company',
        province: '广东省',
        city: '深圳市',
      },
    ],
    inventors: [
      {
        name: '黄勇',
      },
      {
        name: '李娜',
      },
    ],
    agency: '北京集佳知识产权代理有限公司',
    agents: ['高静'],
    applicationDate: '2021-04-01',
    publicationDate: '2022-09-04',
    classifications: {
      ipc: ['A61K36/00', 'G06T7/00'],
    },
    legalStatus: '有效',
    claimCount: 3,
    source: {
      id: 'cn-bdci2022-fewshot',
    },
  },
  {
    publicationNumber: 'CN110038388B',
    applicationNumber: 'CN202210000028.8',
    kind: 'B',
    patentType: 'invention_grant',
    country: 'CN',
    title: {
      lang: 'zh',
      text: '一种测试方法及电子设备',
    },
    abstract: {
      lang: 'zh',
      text: '本发明提供了一种测试方法及电子设备，该方法包括：基于选取的测试任务确定目标测试用例，根据所述目标测试用例确定对应的至少一个测试步骤；从至少一个测试环境中选取得到目标测试环境，根据所述目标测试环境确定目标域名信息以及目标地址信息；基于所述目标域名信息以及所述目标地址信息，构建所述测试步骤对应的测试请求；发送测试请求至服务器侧，获取到所述服务器侧反馈的测试结果。',
    },
    applicants: [
      {
        name: '腾讯科技(北京)有限公司',
        type: 'company',
        province: '北京市',
        city: '北京市',
      },
    ],
    inventors: [
      {
        name: '周杰',
      },
      {
        name: '杨磊',
      },
    ],
    agency: '上海专利商标事务所有限公司',
    agents: ['刘畅'],
    applicationDate: '2022-05-02',
    publicationDate: '2023-10-05',
    classifications: {
      ipc: ['H02J7/00', 'C01B32/05'],
    },
    legalStatus: '失效',
    claimCount: 4,
    source: {
      id: 'cn-bdci2022-fewshot',
    },
    grantDate: '2024-03-09',
    valueScore: 87.6,
  },
  {
    publicationNumber: 'CN110039759U',
    applicationNumber: 'CN202310000029.9',
    kind: 'U',
    patentType: 'utility_model',
    country: 'CN',
    title: {
      lang: 'zh',
      text: '天线方位角调节装置',
    },
    abstract: {
      lang: 'zh',
      text: '一种天线方位角调节装置，包括对向的两个8字形支架(101)、动力输入电机(102)、主动齿轮(103)、外螺圈(104)和内螺杆(105)，对向的两个8字形支架(101)互配作基本支撑，主动齿轮(103)与外螺圈(104)外缘齿相切啮合，通过8字形支架(101)平行固定轴心并联动，动力输入电机(102)直接或转接与主动齿轮(103)同轴固定；动力输入电机(102)直接驱动主动齿轮(103)，主动齿轮(103)驱动外螺圈(104)旋转，外螺圈(104)中心处中有贯穿的内螺纹孔，内螺杆(105)的外螺纹与外螺圈(104)的内螺纹旋合，从螺孔中穿出。本发明改变传统，减少空间需求，增强结构布局灵活性。',
    },
    applicants: [
      {
        name: '武汉虹信通信技术有限责任公司',
        type: 'company',
        province: '江苏省',
        city: '南京市',
      },
    ],
    inventors: [
      {
        name: '吴婷',
      },
      {
        name: '周杰',
      },
    ],
    agency: null,
    agents: ['张三'],
    applicationDate: '2023-06-03',
    publicationDate: '2024-11-06',
    classifications: {
      ipc: ['G06T7/00', 'G06N3/08'],
    },
    legalStatus: '审中',
    claimCount: 5,
    source: {
      id: 'cn-bdci2022-fewshot',
    },
    citations: [
      {
        number: 'CN110041130A',
        category: 'examiner',
      },
      {
        number: 'CN115618775A',
        category: 'examiner',
      },
    ],
  },
  {
    publicationNumber: 'CN110041130A',
    applicationNumber: 'CN201410000030.0',
    kind: 'A',
    patentType: 'invention_application',
    country: 'CN',
    title: {
      lang: 'zh',
      text: '光纤老化预测方法及装置',
    },
    abstract: {
      lang: 'zh',
      text: '本申请提供一种光纤老化预测方法及装置，所述方法包括：获取待测光纤模块可接收的光信号的告警阈值；获取待测光纤模块接收到的，满足预设条件的多个历史光功率采样值和与各历史光功率采样值一一对应的多个历史采样时间点；根据多个历史光功率采样值和多个历史采样时间点进行多项式回归计算得到预测模型；通过预测模型计算待测光纤模块接收到的光信号的光功率下降至告警阈值的老化极限时间点。如此，可以根据接入待测光纤模块的光纤的实际老化情况估计老化极限时间点，使得对光纤可用年限的估计更为准确可靠。',
    },
    applicants: [
      {
        name: '新华三大数据技术有限公司',
        type: 'company',
        province: '广东省',
        city: '深圳市',
      },
    ],
    inventors: [
      {
        name: '张伟',
      },
      {
        name: '王芳',
      },
    ],
    agency: '北京集佳知识产权代理有限公司',
    agents: ['高静'],
    applicationDate: '2014-07-04',
    publicationDate: '2015-12-07',
    classifications: {
      ipc: ['H01M4/525', 'H01M4/525'],
    },
    legalStatus: '有效',
    claimCount: 6,
    source: {
      id: 'cn-bdci2022-fewshot',
    },
    priorityDate: '2013-06-01',
    priorityNumbers: ['CN201310000030.X'],
    citedBy: [
      {
        number: 'CN110034275B',
      },
      {
        number: 'CN110039759U',
      },
    ],
  },
  {
    publicationNumber: 'CN117151122A',
    applicationNumber: 'CN202310000031.1',
    kind: 'A',
    patentType: 'invention_application',
    country: 'CN',
    title: {
      lang: 'zh',
      text: '一种基于自然语言处理的银行客服会话问答处理方法及系统',
    },
    abstract: {
      lang: 'zh',
      text: '本发明涉及人工智能技术领域，尤其是涉及一种基于自然语言处理的银行客服会话问答处理方法及系统。所述方法包括以下步骤：获取权限数据，基于权限数据获取产品手册数据以及业务流程手册数据；基于产品手册数据以及业务流程手册数据利用自然语言处理技术进行问答回复数据提取处理，生成问答回复数据；基于问答回复数据进行关系图谱建立，生成标准词语关系图谱；获取业务流程单位时间段数据，基于业务流程单位时间段数据以及标准词语关系图谱实现可视化文本示例数据推送，进而实现银行客服会话处理；本发明通过利用权限数据获取业务会话数据包括产品手册数据以及业务流程手册数据并进行数据处理，以提高银行客服会话问答处理的及时性和准确性。',
    },
    keywords: ['data', 'word', 'question', 'text', 'answer'],
    applicants: [
      {
        name: '华为技术有限公司',
        type: 'company',
        province: '广东省',
      },
    ],
    inventors: [
      {
        name: '王芳',
      },
    ],
    agency: '上海专利商标事务所有限公司',
    applicationDate: '2023-08-05',
    publicationDate: '2024-11-08',
    classifications: {
      ipc: ['G06F16/3329', 'G06F16/35'],
      cpc: ['G06F16/3329', 'G06F16/35', 'G06F40/247', 'G06F40/253', 'G06F40/284', 'G06F40/35'],
    },
    legalStatus: '审中',
    claimCount: 8,
    source: {
      id: 'cn-g06f-cpc-liaoleyuan',
    },
  },
  {
    publicationNumber: 'CN115794481A',
    applicationNumber: 'CN201610000032.2',
    kind: 'A',
    patentType: 'invention_application',
    country: 'CN',
    title: {
      lang: 'zh',
      text: '存储器控制器和包括其的存储器系统',
    },
    abstract: {
      lang: 'zh',
      text: '本申请提供了存储器控制器和包括其的存储器系统。该存储器控制器包括故障预测器、纠错码(ECC)管理器和多个ECC引擎，所述故障预测器预测引起发生在存储器件中的错误的故障，所述纠错码(ECC)管理器基于预测出的故障对所述故障的类型进行分类，所述多个ECC引擎根据所分类的故障的类型并行地执行ECC。所述故障预测器包括存储器错误分析器和存储器故障预测网络，所述存储器错误分析器接收与所述错误有关的原始数据并且将所述原始数据处理为错误概况，所述错误概况是可用于机器学习的数据，所述存储器故障预测网络接收所述错误概况作为输入，使用所述错误概况执行所述机器学习，以及预测引起所述错误的所述故障。',
    },
    keywords: ['error', 'memory', 'ecc', 'fault', 'failure'],
    applicants: [
      {
        name: '腾讯科技（深圳）有限公司',
        type: 'company',
        province: '广东省',
      },
    ],
    inventors: [
      {
        name: '李娜',
      },
    ],
    agency: null,
    applicationDate: '2016-09-06',
    publicationDate: '2017-12-09',
    classifications: {
      ipc: ['G06F11/1068'],
      cpc: ['G06F11/1068'],
    },
    legalStatus: '有效',
    claimCount: 9,
    source: {
      id: 'cn-g06f-cpc-liaoleyuan',
    },
  },
  {
    publicationNumber: 'CN115687741A',
    applicationNumber: 'CN201710000033.3',
    kind: 'A',
    patentType: 'invention_application',
    country: 'CN',
    title: {
      lang: 'zh',
      text: '文章推荐方法、装置、设备及存储介质',
    },
    abstract: {
      lang: 'zh',
      text: '本申请实施例提供了一种文章推荐方法、装置、设备及存储介质，包括：获取用户请求；根据用户请求确定当前网页中的M个展示位置和N个候选文章；获取M个展示位置上的至少一个候选文章各自对应的特征信息；根据M个展示位置上的至少一个候选文章各自对应的特征信息确定M个展示位置上各自的待推荐文章；向终端设备推送M个展示位置上各自的待推荐文章；其中，针对第i个展示位置上的至少一个候选文章中的任一候选文章，候选文章对应的特征信息包括：触发用户请求的用户特征、候选文章的内容特征、候选文章的K个样式组合特征和第1个展示位置至第i‑1个展示位置上的已确定的待推荐文章的样式组合特征，从而可以提高文章推荐精度。',
    },
    keywords: ['article', 'candidate', 'style', 'articles', 'display position'],
    applicants: [
      {
        name: '平安科技（深圳）有限公司',
        type: 'company',
        province: '广东省',
      },
    ],
    inventors: [
      {
        name: '刘洋',
      },
    ],
    agency: '北京集佳知识产权代理有限公司',
    applicationDate: '2017-10-07',
    publicationDate: '2018-01-10',
    classifications: {
      ipc: ['G06F16/9535', 'G06F16/9538'],
      cpc: ['G06F16/9535', 'G06F16/9538'],
    },
    legalStatus: '失效',
    claimCount: 10,
    source: {
      id: 'cn-g06f-cpc-liaoleyuan',
    },
    citations: [
      {
        number: 'CN115618775A',
        category: 'examiner',
      },
      {
        number: 'CN116755688A',
        category: 'examiner',
      },
    ],
  },
  {
    publicationNumber: 'CN115618775A',
    applicationNumber: 'CN201810000034.4',
    kind: 'A',
    patentType: 'invention_application',
    country: 'CN',
    title: {
      lang: 'zh',
      text: '一种基于环路电流法的电力电子系统集群仿真实现方法',
    },
    abstract: {
      lang: 'zh',
      text: '本发明公开了一种基于环路电流法的电力电子系统集群仿真实现方法，涉及电力电子技术领域。本发明包括：基于环路电流法的电力电子模型集群分配初始化方法与集群计算调度方法，其中模型分配初始化方法将大规模电力电子模型依据环路电流法解耦后的局部电路分配到各个计算节点上并完成各个节点上局部电路模型仿真的初始化，其中集群计算调度方法实现集群中主节点对计算节点的多级并行计算调度与同步流程。本发明适用基于超级计算机或者高性能计算机集群的大规模电力电子仿真，充分利用计算机集群内存容量大的优势扩大电力电子模型仿真规模，充分利用计算机集群处理器核心数量多的优势提高电力电子模型仿真效率。',
    },
    keywords: ['node', 'loop', 'simulation', 'computing', 'unit circuit'],
    applicants: [
      {
        name: '浙江大学',
        type: 'company',
        province: '浙江省',
      },
    ],
    inventors: [
      {
        name: '陈静',
      },
    ],
    agency: '上海专利商标事务所有限公司',
    applicationDate: '2018-11-08',
    publicationDate: '2019-02-11',
    classifications: {
      ipc: ['G06F2111/04', 'G06F30/33'],
      cpc: ['G06F2111/04', 'G06F30/33'],
    },
    legalStatus: '审中',
    claimCount: 11,
    source: {
      id: 'cn-g06f-cpc-liaoleyuan',
    },
    citedBy: [
      {
        number: 'CN110039759U',
      },
      {
        number: 'CN115687741A',
      },
    ],
  },
  {
    publicationNumber: 'CN116560767A',
    applicationNumber: 'CN201910000035.5',
    kind: 'A',
    patentType: 'invention_application',
    country: 'CN',
    title: {
      lang: 'zh',
      text: '一种数据展示方法、装置、电子设备及存储介质',
    },
    abstract: {
      lang: 'zh',
      text: '本公开实施例公开了一种数据展示方法、装置、电子设备及存储介质，其中该方法包括：响应于目标展示数据的展示指令，根据预设展示模式确定展示区域中的各候选位置，并根据预设展示模式以及展示区域中当前展示数据的位置确定展示区域中的参照位置；根据各候选位置与参照位置之间的距离，确定各候选位置的优度值；根据优度值从各候选位置中确定目标位置，并根据目标位置展示目标展示数据。通过根据不同的预设展示模式，在展示区域中确定对应的候选位置和参照位置，并基于与参照位置的距离确定候选位置优度值，根据优度值确定该预设展示模式下展示效果较佳的目标位置，能够丰富展示方式，满足用户多样化的展示需求。',
    },
    keywords: ['data', 'display', 'candidate', 'determining', 'target'],
    applicants: [
      {
        name: '华为技术有限公司',
        type: 'company',
        province: '广东省',
      },
    ],
    inventors: [
      {
        name: '杨磊',
      },
    ],
    agency: null,
    applicationDate: '2019-12-09',
    publicationDate: '2020-03-12',
    classifications: {
      ipc: ['G06F3/0481', 'G06F3/04847'],
      cpc: ['G06F3/0481', 'G06F3/04847', 'G06F9/451'],
    },
    legalStatus: '有效',
    claimCount: 12,
    source: {
      id: 'cn-g06f-cpc-liaoleyuan',
    },
  },
  {
    publicationNumber: 'CN116746024A',
    applicationNumber: 'CN202010000036.6',
    kind: 'A',
    patentType: 'invention_application',
    country: 'CN',
    title: {
      lang: 'zh',
      text: '△连接的谐振关断电路',
    },
    abstract: {
      lang: 'zh',
      text: '提供了一种用于从两个不同电源备选地向负载供电的静态转换开关。两个电源之间的切换可以发生在一个电周期的一小部分内。响应于感测到向负载供电的电源的性能下降，直接连接到电源的两相的主开关的谐振关断电路被致动，以使相应主开关换向。第三相的主开关通过连接到三相电源的变压器的△侧使用谐振关断电路中的一个或多个谐振关断电路进行换向。',
    },
    keywords: ['phase', 'switch', 'switches', 'resonant', 'power'],
    applicants: [
      {
        name: '腾讯科技（深圳）有限公司',
        type: 'company',
        province: '广东省',
      },
    ],
    inventors: [
      {
        name: '赵敏',
      },
    ],
    agency: '北京集佳知识产权代理有限公司',
    applicationDate: '2020-01-10',
    publicationDate: '2021-04-13',
    classifications: {
      ipc: ['G06F1/28'],
      cpc: ['G06F1/28'],
    },
    legalStatus: '失效',
    claimCount: 1,
    source: {
      id: 'cn-g06f-cpc-liaoleyuan',
    },
  },
  {
    publicationNumber: 'CN115982890A',
    applicationNumber: 'CN202110000037.7',
    kind: 'A',
    patentType: 'invention_application',
    country: 'CN',
    title: {
      lang: 'zh',
      text: '汽车增程器悬置系统的设计方法、装置、设备及介质',
    },
    abstract: {
      lang: 'zh',
      text: '本申请提供一种汽车增程器悬置系统的设计方法、装置、设备及介质，其中，方法包括：根据汽车X轴、Y轴和Z轴建立汽车空间坐标系；获取第一悬置结构的弹性中心和第二悬置结构的弹性中心在汽车空间坐标系下的坐标，并根据两坐标得到第一连线；根据增程器质心与第一连线计算向汽车X轴和汽车Y轴所成平面的投影间的距离，得到第一距离；进而根据增程器绕汽车Y轴的转动惯量、增程器质量和所述第一距离计算得到辅助距离；根据所述辅助距离、第一连线和第一投影坐标，计算得到第三悬置结构的弹性中心坐标。通过上述设计方法，能够允许增程器的质心偏离所述第一连线；使增程器以及悬置系统能够适应机舱空间更小的车型，合理利用机舱内的空间，提高空间使用率。',
    },
    keywords: ['coordinates', 'axis', 'vehicle', 'coordinate', 'range extender'],
    applicants: [
      {
        name: '平安科技（深圳）有限公司',
        type: 'company',
        province: '广东省',
      },
    ],
    inventors: [
      {
        name: '黄勇',
      },
    ],
    agency: '上海专利商标事务所有限公司',
    applicationDate: '2021-02-11',
    publicationDate: '2022-05-14',
    classifications: {
      ipc: ['G06F30/15', 'G06F30/17'],
      cpc: ['G06F30/15', 'G06F30/17'],
    },
    legalStatus: '审中',
    claimCount: 2,
    source: {
      id: 'cn-g06f-cpc-liaoleyuan',
    },
    citations: [
      {
        number: 'CN116755688A',
        category: 'examiner',
      },
      {
        number: 'CN117331470A',
        category: 'examiner',
      },
    ],
  },
  {
    publicationNumber: 'CN116755688A',
    applicationNumber: 'CN202210000038.8',
    kind: 'A',
    patentType: 'invention_application',
    country: 'CN',
    title: {
      lang: 'zh',
      text: '组件处理方法、装置、计算机设备及存储介质',
    },
    abstract: {
      lang: 'zh',
      text: '本申请实施例属于研发管理以及金融科技领域，涉及一种组件处理方法、装置、计算机设备及存储介质，方法包括：获取组件需求文本以及多个第一候选组件，候选组件具有组件名以及组件画像；提取组件需求文本中的各关键词，得到关键词集合；计算关键词集合与各第一候选组件的组件名之间的相似度，并根据得到的相似度对各第一候选组件进行筛选，得到多个第二候选组件；基于关键词集合生成需求画像；通过预设的关联度算法计算需求画像与各第二候选组件的组件画像之间的关联度；根据得到的关联度从各第二候选组件中选取目标组件。此外，本申请还涉及区块链技术，组件画像可存储于区块链中。本申请可以根据组件需求文本自动选取组件，提高了开发效率。',
    },
    keywords: ['component', 'candidate', 'keyword', 'text', 'components'],
    applicants: [
      {
        name: '浙江大学',
        type: 'company',
        province: '浙江省',
      },
    ],
    inventors: [
      {
        name: '周杰',
      },
    ],
    agency: null,
    applicationDate: '2022-03-12',
    publicationDate: '2023-06-15',
    classifications: {
      ipc: ['G06F16/90335', 'G06F16/9035'],
      cpc: ['G06F16/90335', 'G06F16/9035', 'G06F18/22', 'G06F40/289', 'G06F8/36'],
    },
    legalStatus: '有效',
    claimCount: 3,
    source: {
      id: 'cn-g06f-cpc-liaoleyuan',
    },
    citedBy: [
      {
        number: 'CN115687741A',
      },
      {
        number: 'CN115982890A',
      },
    ],
  },
  {
    publicationNumber: 'CN117312527A',
    applicationNumber: 'CN202310000039.9',
    kind: 'A',
    patentType: 'invention_application',
    country: 'CN',
    title: {
      lang: 'zh',
      text: '家居布局的生成方法、装置、电子设备及存储介质',
    },
    abstract: {
      lang: 'zh',
      text: '本公开提供了家居布局的生成方法、装置、电子设备及存储介质。涉及人工智能领域。该方法包括：响应于用户的布局需求信息构建语言模型的第一输入信息，第一输入信息中包括布局需求信息以及提示信息；将第一输入信息输入语言模型，以使得语言模型在提示信息的引导下理解布局需求信息，并按智能家居布局模型的需求对布局需求信息重新组织语言以得到布局约束；基于智能家居布局模型处理布局约束和用户的目标户型图，得到智能家居布局模型输出的家居布局图。本公开实施例中，将语言模型和智能家居布局模型组合在一起，形成了一套全新且完整的文本对话式家具布局系统，可以为用户提供更加智能、便捷、个性化的智能家居服务。',
    },
    keywords: ['layout', 'home', 'model', 'information', 'household'],
    applicants: [
      {
        name: '华为技术有限公司',
        type: 'company',
        province: '广东省',
      },
    ],
    inventors: [
      {
        name: '吴婷',
      },
    ],
    agency: '北京集佳知识产权代理有限公司',
    applicationDate: '2023-04-13',
    publicationDate: '2024-07-16',
    classifications: {
      ipc: ['G06F16/3329', 'G06F16/334'],
      cpc: ['G06F16/3329', 'G06F16/334', 'G06F16/34'],
    },
    legalStatus: '失效',
    claimCount: 4,
    source: {
      id: 'cn-g06f-cpc-liaoleyuan',
    },
  },
  {
    publicationNumber: 'CN117288661A',
    applicationNumber: 'CN201610000040.0',
    kind: 'A',
    patentType: 'invention_application',
    country: 'CN',
    title: {
      lang: 'zh',
      text: '一种流式细胞仪输出去细胞团信号的方法、介质及系统',
    },
    abstract: {
      lang: 'zh',
      text: '本发明提供了一种流式细胞仪输出去细胞团信号的方法、介质及系统，属于流式细胞仪技术领域，该方法包括：遍历FSC脉冲集中的每个电脉冲信号，获取通道值大于第一阈值的电脉冲信号，形成FSC大脉冲集；根据FSC大脉冲集对FSC矩阵、SSC脉冲矩阵以及荧光脉冲矩阵进行筛选；将得到的筛选FSC矩阵、筛选SSC脉冲矩阵以及筛选荧光脉冲矩阵建立聚合矩阵；利用细胞团分析模型对聚合矩阵进行分析，得到聚合矩阵中的对应细胞团的电脉冲信号；在电脉冲信号集合中删除对应细胞团的电脉冲信号。本发明能够解决现有的细胞团识别和去除方法依赖手工设定阈值和参数,针对不同样品需要人工调节识别规则,无法实现自动化的技术问题。',
    },
    keywords: ['pulse', 'matrix', 'fsc', 'ssc', 'signal'],
    applicants: [
      {
        name: '腾讯科技（深圳）有限公司',
        type: 'company',
        province: '广东省',
      },
    ],
    inventors: [
      {
        name: '张伟',
      },
    ],
    agency: '上海专利商标事务所有限公司',
    applicationDate: '2016-05-14',
    publicationDate: '2017-08-17',
    classifications: {
      ipc: ['G06F18/2135', 'G06F18/2411'],
      cpc: ['G06F18/2135', 'G06F18/2411', 'G06F18/24323', 'G06F18/253', 'G06F2218/04', 'G06F2218/08', 'G06F2218/12'],
    },
    legalStatus: '审中',
    claimCount: 5,
    source: {
      id: 'cn-g06f-cpc-liaoleyuan',
    },
  },
  {
    publicationNumber: 'CN117319001A',
    applicationNumber: 'CN201710000041.1',
    kind: 'A',
    patentType: 'invention_application',
    country: 'CN',
    title: {
      lang: 'zh',
      text: '网络安全评估方法、装置、存储介质和计算机设备',
    },
    abstract: {
      lang: 'zh',
      text: '本申请公开了一种网络安全评估方法、装置、存储介质和计算机设备。其中，方法包括：调用目标工具对目标安全防护系统进行检测处理，确定目标安全防护系统中漏洞的漏洞信息和攻击测试信息；对漏洞信息和攻击测试信息进行处理，确定目标安全防护系统的漏洞评分；对目标安全防护系统的网络硬件信息进行评分处理，确定目标安全防护系统的硬件评分；根据漏洞评分和硬件评分，确定目标安全防护系统的安全评估结果。本申请，通过对多维度的硬件和软件的综合评估，提高安全评估结果准确度，降低误报漏报率，让用户更加全面的直观的了解到网络安全的防护状态，有助于用户对网络安全的防护策略和防护工具进行优化，保障了网络安全，实用性更强。',
    },
    keywords: ['vulnerability', 'score', 'target', 'preset', 'attack'],
    applicants: [
      {
        name: '平安科技（深圳）有限公司',
        type: 'company',
        province: '广东省',
      },
    ],
    inventors: [
      {
        name: '王芳',
      },
    ],
    agency: null,
    applicationDate: '2017-06-15',
    publicationDate: '2018-09-18',
    classifications: {
      ipc: ['G06F21/577'],
      cpc: ['G06F21/577'],
    },
    legalStatus: '有效',
    claimCount: 6,
    source: {
      id: 'cn-g06f-cpc-liaoleyuan',
    },
    citations: [
      {
        number: 'CN117331470A',
        category: 'examiner',
      },
      {
        number: 'CN120003542B',
        category: 'examiner',
      },
    ],
  },
  {
    publicationNumber: 'CN117331470A',
    applicationNumber: 'CN201810000042.2',
    kind: 'A',
    patentType: 'invention_application',
    country: 'CN',
    title: {
      lang: 'zh',
      text: '线上虚拟现实图像展示方法、系统、电子设备及存储介质',
    },
    abstract: {
      lang: 'zh',
      text: '本申请公开一种线上虚拟现实图像展示方法、装置、电子设备及存储介质，该线上虚拟现实图像展示方法包括：从数据库中获取图像数据和展览信息；基于所述图像数据及展览信息，在浏览器中生成虚拟现实展厅页面，以在所述虚拟现实展厅页面的虚拟三维空间中展示所述多个图像及对应的展览信息；获取每个用户与所述虚拟现实展厅页面进行交互的操作请求；响应所述用户发送的操作请求，调节在所述虚拟三维空间中展示图像或展览信息的展示方式，并将展示方式调节后的图像或展览信息发送给所述用户。本申请能够对图像进行高效的优化处理，并以虚拟现实的方式将图像进行展示。',
    },
    keywords: ['virtual reality', 'user', 'image', 'display', 'information'],
    applicants: [
      {
        name: '浙江大学',
        type: 'company',
        province: '浙江省',
      },
    ],
    inventors: [
      {
        name: '李娜',
      },
    ],
    agency: '北京集佳知识产权代理有限公司',
    applicationDate: '2018-07-16',
    publicationDate: '2019-10-19',
    classifications: {
      ipc: ['G06F2203/04806', 'G06F3/011'],
      cpc: ['G06F2203/04806', 'G06F3/011', 'G06F3/04815', 'G06F3/0484', 'G06F3/04845', 'G06F9/451'],
    },
    legalStatus: '失效',
    claimCount: 7,
    source: {
      id: 'cn-g06f-cpc-liaoleyuan',
    },
    citedBy: [
      {
        number: 'CN115982890A',
      },
      {
        number: 'CN117319001A',
      },
    ],
  },
  {
    publicationNumber: 'CN117493160A',
    applicationNumber: 'CN201910000043.3',
    kind: 'A',
    patentType: 'invention_application',
    country: 'CN',
    title: {
      lang: 'zh',
      text: '用于分析测试实施的方法和系统',
    },
    abstract: {
      lang: 'zh',
      text: '本发明涉及一种用于分析用于至少部分自主引导机动车的设备(10a)和/或功能(10b)的测试实施的方法，所述方法具有如下步骤：将针对多个测试用例(T1)中的每个测试用例计算的第一特征值(12)聚合(S4)为代表元测试用例(T2)的第二特征值(16)；在使用预定的第二标准(18)的情况下且通过对所述多个测试用例(T1)的第一评估结果(14a)进行逻辑运算将第二特征值(16)评估(S5)为元测试用例(T2)的第二评估结果(18a)。此外，本发明涉及用于分析用于至少部分自主引导机动车的设备(10a)和/或功能(10b)的测试实施的系统(1)。',
    },
    keywords: ['test', 'test cases', 'computer', 'meta', 'characteristic value'],
    applicants: [
      {
        name: '华为技术有限公司',
        type: 'company',
        province: '广东省',
      },
    ],
    inventors: [
      {
        name: '刘洋',
      },
    ],
    agency: '上海专利商标事务所有限公司',
    applicationDate: '2019-08-17',
    publicationDate: '2020-11-20',
    classifications: {
      ipc: ['G06F11/3684', 'G06F11/3688'],
      cpc: ['G06F11/3684', 'G06F11/3688', 'G06F11/3692', 'G06F11/3698'],
    },
    legalStatus: '审中',
    claimCount: 8,
    source: {
      id: 'cn-g06f-cpc-liaoleyuan',
    },
  },
  {
    publicationNumber: 'CN115735206A',
    applicationNumber: 'CN202010000044.4',
    kind: 'A',
    patentType: 'invention_application',
    country: 'CN',
    title: {
      lang: 'zh',
      text: '用于确定基于知识的认证问题的系统和方法',
    },
    abstract: {
      lang: 'zh',
      text: '用于认证用户的系统和方法可以包括在验证认证信息之后发送对第一组信息的请求；接收包括所述第一组信息的响应；通过扫描一个或多个网站，使用一个或多个基于模板的算法来解析所述第一组信息，以确定与用户相关联的公开可用信息；将一个或多个解析结果与第二组信息进行比较，以产生与用户相关联的泄露信息；基于所述比较，消除所述第二组信息的一个或多个部分；基于所述消除并通过用第四组信息补充所述第一组信息，来呈现第三组信息以认证所述用户；以及如果所述第三组信息未能达到预定阈值数量，则呈现第五组信息以认证用户。',
    },
    keywords: ['information', 'user', 'knowledge', 'authentication', 'processors'],
    applicants: [
      {
        name: '腾讯科技（深圳）有限公司',
        type: 'company',
        province: '广东省',
      },
    ],
    inventors: [
      {
        name: '陈静',
      },
    ],
    agency: null,
    applicationDate: '2020-09-18',
    publicationDate: '2021-12-21',
    classifications: {
      ipc: ['G06F21/31'],
      cpc: ['G06F21/31'],
    },
    legalStatus: '有效',
    claimCount: 9,
    source: {
      id: 'cn-g06f-cpc-liaoleyuan',
    },
  },
  {
    publicationNumber: 'CN120003465B',
    applicationNumber: 'CN201810000045.5',
    kind: 'B',
    patentType: 'invention_grant',
    country: 'CN',
    title: {
      lang: 'zh',
      text: '一种近水平薄矿体智能掘进机机械开采方法',
    },
    abstract: {
      lang: 'zh',
      text: '本发明公开了一种近水平薄矿体智能掘进机机械开采方法，包括如下步骤：1)沿矿体走向划分盘区，盘区内沿倾向布置若干矿块；2)用智能掘进机对各矿块进行回采，采用房柱采矿方式在矿块回采时留间柱、点柱和底柱；3)矿块内沿倾向方向划分为若干竖直分层，竖直分层分为无点柱层和有点柱层，有点柱层内回采时留有点柱；4)矿块内按竖直分层逐层自下而上回采；一个矿块采完充填后再采上部另一个矿块。本发明方法适用于厚度3～8m的中等稳固以下、近水平薄矿体开采，为非爆连续机械采矿提供了新的方法。',
    },
    claims: {
      lang: 'zh',
      text: '权利要求1所述近水平薄矿体智能掘进机机械开采方法，其特征在于步骤3)至少每间隔一个无点柱层有一个有点柱层。\n3.根据权利要求2所述近水平薄矿体智能掘进机机械开采方法，其特征在于每间隔两至三个无点柱层有一个有点柱层。\n4.根据权利要求2或3所述近水平薄矿体智能掘进机机械开采方法，其特征在所述点柱(7)截面大小为3～5m×3～5m。\n5.根据权利要求1所述近水平薄矿体智能掘进机机械开采方法，其特征在于沿矿体走向按40～60m宽度划分盘区，每个盘区沿倾向布置4～6个矿块，矿块斜长40～60m。\n6.根据权利要求1所述近水平薄矿体智能掘进机机械开采方法，其特征在于步骤1)中设置中段脉内运输平巷(1)、拉底平巷(2)、通风运输上山(3);步骤2)中设置底柱联络道(4)、间柱联络道(5);所述通风运输上山(3)将上下中段脉内运输平巷(1)连通，所述拉底平巷(2)将本盘区通风运输上山(3)、相邻盘区通风运输上山(3)连通，所述底柱联络道(4)将本中段脉内运输平巷(1)、本盘区最下部矿块的拉底平巷(2)连通，所述间柱联络道(5)将本盘区拉底平巷(2)、采场进路(11)与相邻盘区通风运输上山(3)连通。\n7.根据权利要求6所述近水平薄矿体智能掘进机机械开采方法，其特征在于所述底柱联络道(4)为3个。\n8.根据权利要求2所述近水平薄矿体智能掘进机机械开采方法，其特征在于对矿块间柱(6)、底柱(8)及采场内所留的点柱(7)进行部分回收，回收后在相应位置浇注混凝土柱。\n9.根据权利要求8所述近水平薄矿体智能掘进机机械开采方法，其特征在于按照先间柱(6)再点柱(7)最后底柱(8)的顺序进行回收并在相应位置浇注混凝土柱。\n10.根据权利要求6所述近水平薄矿体智能掘进机机械开采方法，其特征在于每个矿块回采完后，在底柱联络道(4)采用砖或钢筋混凝土构筑充填挡墙，从上部矿块的拉底平巷(2)利用PVC充填管道对采空区进行全尾砂非胶结充填，采用麻袋装填充填料浆将间柱联络道(5)封堵。CN113914863A说明书1/4页',
    },
    applicants: [
      {
        name: '中南大学',
        type: 'university',
      },
    ],
    inventors: [
      {
        name: '杨磊',
      },
      {
        name: '吴婷',
      },
    ],
    applicationDate: '2018-10-19',
    publicationDate: '2019-01-22',
    grantDate: '2020-05-09',
    classifications: {
      ipc: ['B60L58/12'],
    },
    legalStatus: '有效',
    claimCount: 9,
    source: {
      id: 'cn-kppatent-zh',
    },
    citations: [
      {
        number: 'CN120003542B',
        category: 'examiner',
      },
      {
        number: 'US6837910B2',
        category: 'examiner',
      },
    ],
  },
  {
    publicationNumber: 'CN120003542B',
    applicationNumber: 'CN201910000046.6',
    kind: 'B',
    patentType: 'invention_grant',
    country: 'CN',
    title: {
      lang: 'zh',
      text: '一种衣物处理装置的预约控制方法及衣物处理装置',
    },
    abstract: {
      lang: 'zh',
      text: '一种衣物处理装置的预约控制方法，包括以下步骤：获取用户信息；预估所需的衣物处理时长；根据获取用户信息和所需的衣物处理时长，确定预约衣物处理开始时刻；衣物处理装置执行衣物处理过程。本发明通过获取用户智能设备上的起床闹钟时间，判断用户有衣物处理需求，在不影响用户睡眠的情况下，预约控制衣物处理装置在用户早上起床之前把衣物处理完成，并待用户起床后提醒用户晾晒衣物。解决用户因忘记处理衣物而造成衣物堆积在衣物处理装置的问题，还解决了用户有衣物处理需求，但又不能合理设置预约时间的情况，避免衣物处理装置内处理好的衣服长时间没晾晒而闷坏，产生异味。衣物处理装置获取用户信息衣物处理装置判断是否有衣物需要处理，预估所需的衣物处理时长根据获取用户信息和所需的衣物处理时长，确定预约衣物处理开始时刻衣物处理装置执行衣物处理过程',
    },
    claims: {
      lang: 'zh',
      text: '还包括以下步骤：通过物联网服务器获取当前时间，校准时间。\n3.根据权利要求1所述的一种衣物处理装置的预约控制方法，其特征在于：还包括判断当前时间是否到达预设检测时间；若当前时间到达预设检测时间，则判断用户是否有衣物处理需求；若当前时间未到达预设检测时间，则继续待机。\n4.根据权利要求3所述的一种衣物处理装置的预约控制方法，其特征在于：所述预设检测时间为用户睡眠时间，所述睡眠时间为用户设置的睡眠时间或根据用户运动情况判断得出。\n5.根据权利要求3所述的一种衣物处理装置的预约控制方法，其特征在于：所述判断用户衣物处理需求包括检测衣物处理装置是否有衣物。\n6.根据权利要求1所述的一种衣物处理装置的预约控制方法，其特征在于：所述用户信息为闹钟时间；若用户没有设置闹钟时间或无法获取闹钟时间，则获取用户习惯信息；所述用户习惯信息为用户预设的洗涤结束时间、上一次闹钟时间、上一次晾晒时间。\n7.根据权利要求1所述的一种衣物处理装置的预约控制方法，其特征在于：所述衣物处理时长通过对衣物进行称重判断得出。\n8.根据权利要求1所述的一种衣物处理装置的预约控制方法，其特征在于：所述衣物处理过程完成后，自动打开衣物处理装置门体，发送提示信息至智能设备。\n9.一种衣物处理装置，其特征在于，采用如权利要求1至8任一项所述的控制方法进行控制。CN114232276A说明书1/6页',
    },
    applicants: [
      {
        name: '清华大学',
        type: 'university',
      },
    ],
    inventors: [
      {
        name: '赵敏',
      },
      {
        name: '张伟',
      },
    ],
    applicationDate: '2019-11-20',
    publicationDate: '2020-02-23',
    grantDate: '2021-05-09',
    classifications: {
      ipc: ['H02J7/00'],
    },
    legalStatus: '有效',
    claimCount: 8,
    source: {
      id: 'cn-kppatent-zh',
    },
    citedBy: [
      {
        number: 'CN117319001A',
      },
      {
        number: 'CN120003465B',
      },
    ],
  },
  {
    publicationNumber: 'CN120003619B',
    applicationNumber: 'CN202010000047.7',
    kind: 'B',
    patentType: 'invention_grant',
    country: 'CN',
    title: {
      lang: 'zh',
      text: '双面坡口开设方法',
    },
    abstract: {
      lang: 'zh',
      text: '本申请公开了双面坡口开设方法，包括将两台气割装置活动安装在轨道上，其中一台气割装置的喷火枪头倾斜朝内，另一台气割装置的喷火枪头倾斜朝外；喷火枪头喷射火焰，控制两台气割装置的在轨道上移动，对板材侧边进行双面坡口切割。本申请通过设置两台活动安装在轨道上的气割装置，能够对坡口的双面同时进行切割，切割效率高，且同时进行双面坡口的开设，能够保证焊缝的质量及精度，节约人力物力。',
    },
    claims: {
      lang: 'zh',
      text: '。',
    },
    applicants: [
      {
        name: '中国科学院化学研究所',
        type: 'university',
      },
    ],
    inventors: [
      {
        name: '黄勇',
      },
      {
        name: '王芳',
      },
    ],
    applicationDate: '2020-12-21',
    publicationDate: '2021-03-24',
    grantDate: '2022-05-09',
    classifications: {
      ipc: ['H01M10/0525'],
    },
    legalStatus: '有效',
    claimCount: 1,
    source: {
      id: 'cn-kppatent-zh',
    },
  },
  {
    publicationNumber: 'CN120003696B',
    applicationNumber: 'CN202110000048.8',
    kind: 'B',
    patentType: 'invention_grant',
    country: 'CN',
    title: {
      lang: 'zh',
      text: '3D打印用组合物、3D打印制品及其制备方法',
    },
    abstract: {
      lang: 'zh',
      text: '本发明涉及高分子材料领域，公开了一种3D打印用组合物、3D打印制品及其制备方法，该组合物包括聚合物I和聚合物Ⅱ,所述聚合物I的折射率小于聚合物II,所述聚合物II和聚合物I的折射率差值为0.05-0.14;所述聚合物I和聚合物II的溶度参数差的绝对值大于等于0.6(J·cm-3)1/2;所述聚合物I和聚合物II的重量比为(2-5):1;所述聚合物II为热塑性弹性体，由该组合物制备得到的3D打印制品具有明显的珠光的效果，同时具备较高的力学性能以及较低的模具收缩率。',
    },
    claims: {
      lang: 'zh',
      text: '(1)将权利要求1-7中任意一项所述的组合物共混、干燥、挤出和牵丝，得到3D打印用丝材；(2)将所述丝材在3D打印机上进行熔融堆积成型，得到3D打印制品。\n9.根据权利要求8所述的方法，其中，所述共混的温度为10-30℃,共混的混合速度为50-200r/min,混合时间2-4min;所述挤出条件包括：挤出温度为170-250℃,挤出速度为5-30rpm,熔体压力为3-35bar。\n10.一种由权利要求8或9所述方法制备得到的3D打印制品。CN112852127A说明书1/7页',
    },
    applicants: [
      {
        name: '中南大学',
        type: 'university',
      },
    ],
    inventors: [
      {
        name: '周杰',
      },
      {
        name: '李娜',
      },
    ],
    applicationDate: '2021-01-22',
    publicationDate: '2022-04-25',
    grantDate: '2023-05-09',
    classifications: {
      ipc: ['H04W72/04'],
    },
    legalStatus: '有效',
    claimCount: 3,
    source: {
      id: 'cn-kppatent-zh',
    },
  },
  {
    publicationNumber: 'CN120003773B',
    applicationNumber: 'CN202210000049.9',
    kind: 'B',
    patentType: 'invention_grant',
    country: 'CN',
    title: {
      lang: 'zh',
      text: '联系人名片的生成方法和联系人信息显示的方法',
    },
    abstract: {
      lang: 'zh',
      text: '本申请适用于终端技术领域，提供了一种联系人名片的生成方法，联系人信息显示的方法，联系人名片的生成装置，联系人信息显示的装∠置，终端设备，以及计算机可读存储介质，一种联系人信息显示的方法包括：响应于扫描指令，扫描目标联系人的编码名片，解析所述编码名片获得所述目标联系人的联系人信息和隐藏标识；所述编码名片为根据所述目标联系人的联系人信息和隐藏标识进行编码后生成；若所述隐藏标识用于指示隐藏显示所述联系人信息中的指定信息，则在显示所述联系人信息时，隐藏显示所述联系人信息中的指定信息，明文显示其他信息，所述其他信息为所述联系人信息中除所述指定信息之外的信息。本申请实施例提高了用户信息的安全性，保护了用户隐私。D',
    },
    claims: {
      lang: 'zh',
      text: '若所述隐藏标识用于指示明文显示所述联系人信息中的指定信息，则明文显示所述联系人信息。\n3.如权利要求1或2所述的方法，其特征在于，在显示所述联系人信息之后，还包括：响应于添加联系人指令，将所述目标联系人添加至联系人列表。\n4.如权利要求1或2所述的方法，其特征在于，所述隐藏显示所述联系人信息中的指定信息包括以下任一种：以密文的方式显示所述指定信息；省略所述指定信息中的部分或全部字符；以预设字符替换所述指定信息的部分或全部字符。\n5.如权利要求3所述的方法，其特征在于，若所述隐藏标识用于指示隐藏显示所述联系人信息中的指定信息，所述指定信息包括所述目标联系人的电话号码，则所述方法还包括：监听到针对所述目标联系人的通话事件，在通话界面隐藏显示所述目标联系人的电话号码。\n6.如权利要求5所述的方法，其特征在于，所述通话事件包括主叫通话事件或被叫通话事件；所述通话界面包括呼叫等待界面、来电显示界面或通话中界面。\n7.如权利要求3或5所述的方法，其特征在于，若所述隐藏标识用于指示隐藏显示所述联系人信息中的指定信息，所述指定信息包括所述目标联系人的电话号码，则所述方法还包括：在通话记录列表界面隐藏显示所述目标联系人的电话号码。\n8.如权利要求1或2所述的方法，其特征在于，所述编码名片包括条形码名片，二维码名片或组合码名片，所述组合码名片为包括条形码和二维码的名片。\n9.一种联系人名片的生成方法，应用于第一终端设备，其特征在于，所述生成方法包括：获取目标联系人的联系人信息和隐藏标识；所述隐藏标识用于指示在第二终端设备隐藏显示或明文显示所述联系人信息中的指定信息；根据所述联系人信息和所述隐藏标识，生成所述目标联系人的编码名片。\n10.如权利要求9所述的生成方法，其特征在于，所述获取目标联系人的联系人信息和隐藏标识，包括：响应于用户触发的生成名片指令，获取目标联系人的联系人信息和隐藏标识；或响应于添加目标联系人事件，获取目标联系人的联系人信息和隐藏标识。\n11.一种联系人信息显示的装置，其特征在于，包括：获取模块，用于响应于扫描指令，扫描目标联系人的编码名片，解析所述编码名片获得所述目标联系人的联系人信息和隐藏标识；所述编码名片为根据所述目标联系人的联系人信息和隐藏标识进行编码后生成；显示模块，用于若所述隐藏标识用于指示隐藏显示所述联系人信息中的指定信息，则在显示所述联系人信息时，隐藏显示所述联系人信息中的指定信息，明文显示其他信息，所述其他信息为所述联系人信息中除所述指定信息之外的信息。\n12.一种联系人名片的生成装置，配置于第一终端设备，其特征在于，包括：获取模块，用于获取目标联系人的联系人信息和隐藏标识；所述隐藏标识用于指示在第二终端设备隐藏显示或明文显示所述联系人信息中的指定信息；生成模块，用于根据所述联系人信息和所述隐藏标识，生成所述目标联系人的编码名片。\n13.一种终端设备，包括存储器、处理器以及存储在所述存储器中并可在所述处理器上运行的计算机程序，其特征在于，当所述处理器执行所述计算机程序时，使得所述终端设备实现如权利要求1至8任一项所述的联系人信息显示的方法，或者实现如利要求9至10任一项所述的联系人名片的生成方法。\n14.一种计算机可读存储介质，所述计算机可读存储介质存储有计算机程序，其特征在于，所述计算机程序被处理器执行时，实现如权利要求1至8任一项所述的联系人信息显示的方法，或者实现如利要求9至10任一项所述的联系人名片的生成方法。CN113132524A说明书1/22页',
    },
    applicants: [
      {
        name: '清华大学',
        type: 'university',
      },
    ],
    inventors: [
      {
        name: '吴婷',
      },
      {
        name: '刘洋',
      },
    ],
    applicationDate: '2022-02-23',
    publicationDate: '2023-05-26',
    grantDate: '2024-05-09',
    classifications: {
      ipc: ['A61K36/00'],
    },
    legalStatus: '有效',
    claimCount: 13,
    source: {
      id: 'cn-kppatent-zh',
    },
    citations: [
      {
        number: 'US6837910B2',
        category: 'examiner',
      },
      {
        number: 'US6840335B2',
        category: 'examiner',
      },
    ],
  },
  {
    publicationNumber: 'US6837910B2',
    applicationNumber: 'US12/105650',
    kind: 'B2',
    patentType: 'invention_grant',
    country: 'US',
    title: {
      lang: 'en',
      text: 'A gasifying apparatus comprises a gasifier, a reformer and a heating device',
    },
    abstract: {
      lang: 'en',
      text: 'A gasifying apparatus comprises a gasifier, a reformer and a heating device. The gasifier produces a thermal decomposed gas with use of a thermal decomposition reaction of a liquid or solid fuel such as waste or coal, and the heating device heats a low-temperature steam and air so as to be a high-temperature steam and air, which have a temperature equal to or higher than 700 deg. C. The gasifying apparatus has feeding means including fluid passages for feeding the high-temperature steam and air to the gasifier and the reformer. In a thermal decomposition area of the gasifier, the liquid or solid fuel is thermally decomposed to produce the thermal decomposed gas with sensible heat of the high-temperature steam and air and with the heat generated by an exothermic oxidation reaction between the high-temperature air and the liquid or solid fuel. In the reformer, the thermal decomposed gas is reformed in the existence of the high-temperature steam so as to be a high-temperature syngas. The steam reforming reaction of the liquid or solid fuel is carried out with an exothermic reaction between the high-temperature air and hydrocarbon contained in the thermal decomposed gas and with an endothermic reaction between the hydrocarbon and the high-temperature steam.',
    },
    applicants: [
      {
        name: 'Samsung Electronics Co., Ltd.',
        type: 'company',
        country: 'US',
      },
    ],
    inventors: [
      {
        name: 'John Smith',
      },
    ],
    applicationDate: '2003-01-04',
    publicationDate: '2005-01-04',
    grantDate: '2005-01-04',
    classifications: {
      cpc: [],
      ipc: ['H01M10/0525'],
    },
    legalStatus: 'active',
    source: {
      id: 'us-uspto-random10k-pygrams',
      licence: 'OGL v3',
    },
    citedBy: [
      {
        number: 'CN120003465B',
      },
      {
        number: 'CN120003773B',
      },
    ],
  },
  {
    publicationNumber: 'US6837963B2',
    applicationNumber: 'US13/105763',
    kind: 'B2',
    patentType: 'invention_grant',
    country: 'US',
    title: {
      lang: 'en',
      text: 'A semiconductor device producing method that can clean an edge part of a semiconductor sub',
    },
    abstract: {
      lang: 'en',
      text: 'A semiconductor device producing method that can clean an edge part of a semiconductor substrate with certainty is provided. The method of producing a semiconductor device includes a step of generating ions and a step of accelerating the ions by means of an electric field and radiating an ion flow onto an edge part of a semiconductor substrate to clean the edge part of the semiconductor substrate. The semiconductor substrate is moved relative to the ion flow while maintaining a state in which the ion flow is being radiated onto the edge part. The step of generating ions includes applying a high-frequency voltage between a pair of electrodes to generate the ions between the electrodes.',
    },
    applicants: [
      {
        name: 'Lockheed Martin Corporation',
        type: 'company',
        country: 'US',
      },
    ],
    inventors: [
      {
        name: 'Maria Garcia',
      },
    ],
    applicationDate: '2003-01-04',
    publicationDate: '2005-01-04',
    grantDate: '2005-01-04',
    classifications: {
      cpc: [],
      ipc: ['H04W72/04'],
    },
    legalStatus: 'expired',
    source: {
      id: 'us-uspto-random10k-pygrams',
      licence: 'OGL v3',
    },
  },
  {
    publicationNumber: 'US6838635B2',
    applicationNumber: 'US14/105876',
    kind: 'B2',
    patentType: 'invention_grant',
    country: 'US',
    title: {
      lang: 'en',
      text: 'In accordance with one aspect of the invention, a plasma reactor has a capacitive electrod',
    },
    abstract: {
      lang: 'en',
      text: 'In accordance with one aspect of the invention, a plasma reactor has a capacitive electrode driven by an RF power source, and the electrode capacitance is matched at the desired plasma density and RF source frequency to the negative capacitance of the plasma, to provide an electrode plasma resonance supportive of a broad process window within which the plasma may be sustained.',
    },
    applicants: [
      {
        name: 'Apple Inc.',
        type: 'company',
        country: 'US',
      },
    ],
    inventors: [
      {
        name: 'David Lee',
      },
    ],
    applicationDate: '2003-01-04',
    publicationDate: '2005-01-04',
    grantDate: '2005-01-04',
    classifications: {
      cpc: [],
      ipc: ['A61K36/00'],
    },
    legalStatus: 'active',
    source: {
      id: 'us-uspto-random10k-pygrams',
      licence: 'OGL v3',
    },
  },
  {
    publicationNumber: 'US6839063B2',
    applicationNumber: 'US15/105989',
    kind: 'B2',
    patentType: 'invention_grant',
    country: 'US',
    title: {
      lang: 'en',
      text: 'The basic section of the multimedia data-processing system includes a CPU  1100,  an image',
    },
    abstract: {
      lang: 'en',
      text: 'The basic section of the multimedia data-processing system includes a CPU  1100,  an image display unit  2100,  a unified memory  1200,  a system bus  1920,  and devices  1300, 1400,  and  1500  connected to the system bus. In this configuration, the CPU is formed on an LSI mounted on a single silicon wafer including instruction processing unit  1110  and display control unit  1140.  Main storage area  1210  and display area  1220  are stored within the unified memory. Unified memory port  1910  for connecting the corresponding LSI and the unified memory is provided independently of the system bus intended to connect the LSI and the input/output devices. The unified memory port can be driven faster than system bus.',
    },
    applicants: [
      {
        name: 'General Motors LLC',
        type: 'company',
        country: 'US',
      },
    ],
    inventors: [
      {
        name: 'Susan Chen',
      },
    ],
    applicationDate: '2003-01-04',
    publicationDate: '2005-01-04',
    grantDate: '2005-01-04',
    classifications: {
      cpc: [],
      ipc: ['H01M4/525'],
    },
    legalStatus: 'expired',
    source: {
      id: 'us-uspto-random10k-pygrams',
      licence: 'OGL v3',
    },
    citations: [
      {
        number: 'US6840335B2',
        category: 'examiner',
      },
      {
        number: 'US6843159B2',
        category: 'examiner',
      },
    ],
  },
  {
    publicationNumber: 'US6840335B2',
    applicationNumber: 'US10/106102',
    kind: 'B2',
    patentType: 'invention_grant',
    country: 'US',
    title: {
      lang: 'en',
      text: 'An electric power tool includes a tool unit and a battery pack',
    },
    abstract: {
      lang: 'en',
      text: 'An electric power tool includes a tool unit and a battery pack. The tool unit includes a pair of conjunct grooves and two corresponding blocks. The battery pack includes a pair of conjunct rails and two locking members. The tool unit and the battery pack are connected and locked with each other respectively by that the conjunct grooves and the conjunct rails are interconnected with each other and the two locking members and the two blocks are jammed together. In addition, the tool unit and the battery pack can be dimensionally reduced and the cohesive effect therebetween can be strengthened respectively by the conjunct grooves and the conjunct rails.',
    },
    applicants: [
      {
        name: 'Samsung Electronics Co., Ltd.',
        type: 'company',
        country: 'US',
      },
    ],
    inventors: [
      {
        name: 'Robert Brown',
      },
    ],
    applicationDate: '2003-01-11',
    publicationDate: '2005-01-11',
    grantDate: '2005-01-11',
    classifications: {
      cpc: [],
      ipc: ['G06N3/08'],
    },
    legalStatus: 'active',
    source: {
      id: 'us-uspto-random10k-pygrams',
      licence: 'OGL v3',
    },
    citedBy: [
      {
        number: 'CN120003773B',
      },
      {
        number: 'US6839063B2',
      },
    ],
  },
  {
    publicationNumber: 'US6841140B2',
    applicationNumber: 'US11/106215',
    kind: 'B2',
    patentType: 'invention_grant',
    country: 'US',
    title: {
      lang: 'en',
      text: 'As to a reactor which is used in a process for producing hydrogen fluoride through a react',
    },
    abstract: {
      lang: 'en',
      text: 'As to a reactor which is used in a process for producing hydrogen fluoride through a reaction of fluorite with sulfuric acid, and which comprises means for applying a shearing force to a content therein between the means and an inner surface thereof, a metal material is used for at least a portion of a part of the means which part is opposed to the inner surface, the metal material comprising tungsten carbide and a material comprising at least one element, or an alloy comprising two or more elements, selected from the group consisting of nickel, chromium, cobalt, iron, tungsten and carbon, the metal material comprising 30 to 90% by weight of tungsten carbide. Thereby, it becomes possible to reduce the wear of an edge of the means for applying the shearing force to the content (the reaction mixture) between the means and the inner surface.',
    },
    applicants: [
      {
        name: 'Lockheed Martin Corporation',
        type: 'company',
        country: 'US',
      },
    ],
    inventors: [
      {
        name: 'John Smith',
      },
    ],
    applicationDate: '2003-01-11',
    publicationDate: '2005-01-11',
    grantDate: '2005-01-11',
    classifications: {
      cpc: [],
      ipc: ['C01B32/05'],
    },
    legalStatus: 'expired',
    source: {
      id: 'us-uspto-random10k-pygrams',
      licence: 'OGL v3',
    },
  },
  {
    publicationNumber: 'US6841295B2',
    applicationNumber: 'US12/106328',
    kind: 'B2',
    patentType: 'invention_grant',
    country: 'US',
    title: {
      lang: 'en',
      text: 'The invention concerns a battery including a metallic container ( 1 ) delimiting a cavity ',
    },
    abstract: {
      lang: 'en',
      text: 'The invention concerns a battery including a metallic container ( 1 ) delimiting a cavity ( 16 ) containing an electrolyte and a composite strip ( 2 ) formed by a first metallic sheet coated with a material forming the positive electrode, by a second metallic strip coated with a material forming the negative electrode and by porous insulating separators, composite strip ( 2 ) being wound onto a core ( 20 ) located at the centre of the cavity ( 16 ) and electrodes being connected by connecting means ( 8, 9 ) to external terminals ( 6, 7 ). It is characterized in that all or part of the central core ( 20 ) is made of a material with a high heat transmission coefficient in heat contact with at least the metallic closing cap ( 3 ).',
    },
    applicants: [
      {
        name: 'Apple Inc.',
        type: 'company',
        country: 'US',
      },
    ],
    inventors: [
      {
        name: 'Maria Garcia',
      },
    ],
    applicationDate: '2003-01-11',
    publicationDate: '2005-01-11',
    grantDate: '2005-01-11',
    classifications: {
      cpc: [],
      ipc: ['G06T7/00'],
    },
    legalStatus: 'active',
    source: {
      id: 'us-uspto-random10k-pygrams',
      licence: 'OGL v3',
    },
  },
  {
    publicationNumber: 'US6841689B2',
    applicationNumber: 'US13/106441',
    kind: 'B2',
    patentType: 'invention_grant',
    country: 'US',
    title: {
      lang: 'en',
      text: 'There is provided a process for the addition of a nucleophile across an electron poor carb',
    },
    abstract: {
      lang: 'en',
      text: 'There is provided a process for the addition of a nucleophile across an electron poor carbon-carbon double bond (a Michael addition) comprising contacting in a solvent: i) a nucleophile; ii) a compound comprising an electron poor double bond; and iii) a catalyst comprising a soluble polymer and a polyamino acid.',
    },
    applicants: [
      {
        name: 'General Motors LLC',
        type: 'company',
        country: 'US',
      },
    ],
    inventors: [
      {
        name: 'David Lee',
      },
    ],
    applicationDate: '2003-01-11',
    publicationDate: '2005-01-11',
    grantDate: '2005-01-11',
    classifications: {
      cpc: [],
      ipc: ['G06F16/33'],
    },
    legalStatus: 'expired',
    source: {
      id: 'us-uspto-random10k-pygrams',
      licence: 'OGL v3',
    },
    citations: [
      {
        number: 'US6843159B2',
        category: 'examiner',
      },
      {
        number: 'US6846778B2',
        category: 'examiner',
      },
    ],
  },
  {
    publicationNumber: 'US6843159B2',
    applicationNumber: 'US14/106554',
    kind: 'B2',
    patentType: 'invention_grant',
    country: 'US',
    title: {
      lang: 'en',
      text: 'The invention provides a self-propelled mobile system that is characterized by a lightweig',
    },
    abstract: {
      lang: 'en',
      text: 'The invention provides a self-propelled mobile system that is characterized by a lightweight space frame chassis on which is mounted a large caliber artillery piece. The weight of the system is preferably less than 8,000 kg and the artillery piece preferably has a caliber of up to a 155 mm 52 caliber gun. The artillery piece may include a lightweight elevating and traversing mass and gun chassis mounted on a space frame vehicle, such vehicle having a weight which does not exceed 3,800 kg.',
    },
    applicants: [
      {
        name: 'Samsung Electronics Co., Ltd.',
        type: 'company',
        country: 'US',
      },
    ],
    inventors: [
      {
        name: 'Susan Chen',
      },
    ],
    applicationDate: '2003-01-18',
    publicationDate: '2005-01-18',
    grantDate: '2005-01-18',
    classifications: {
      cpc: [],
      ipc: ['B60L58/12'],
    },
    legalStatus: 'active',
    source: {
      id: 'us-uspto-random10k-pygrams',
      licence: 'OGL v3',
    },
    citedBy: [
      {
        number: 'US6839063B2',
      },
      {
        number: 'US6841689B2',
      },
    ],
  },
  {
    publicationNumber: 'US6843269B2',
    applicationNumber: 'US15/106667',
    kind: 'B2',
    patentType: 'invention_grant',
    country: 'US',
    title: {
      lang: 'en',
      text: 'An apparatus and method for inerting the gas present in the ullage region of a storage tan',
    },
    abstract: {
      lang: 'en',
      text: 'An apparatus and method for inerting the gas present in the ullage region of a storage tank for combustible liquids, e.g., a fuel tank containing a hydrocarbon liquid fuel, utilizes a molecular sieve zone ( 2 , beds  12/14 ) which either (a) selectively adsorbs oxygen from the ullage gas to provide an oxygen-depleted return ullage gas, or (b) selectively adsorbs nitrogen from the ullage gas, which nitrogen is desorbed and conveyed by a purge gas to provide a nitrogen-enriched gas. The return ullage gas or the nitrogen-enriched gas is flowed to the ullage region ( 30, 130 ) in quantity sufficient to render the overall composition of gas in the ullage region ( 30, 130 ) non-combustible and non-explosive. The apparatus may include a compressor ( 22 ) or a vacuum pump to flow the ullage gas through the system, and a valving arrangement ( 16, 18 ) is used to control the flow of gases. Operation may be intermittent or continuous and may comprise pressure-swing adsorption/desorption to place one of molecular sieve beds ( 12, 14 ) on-line to adsorb oxygen or nitrogen from the ullage gas, while the other of molecular sieve beds ( 12, 14 ) is off-line being regenerated.',
    },
    applicants: [
      {
        name: 'Lockheed Martin Corporation',
        type: 'company',
        country: 'US',
      },
    ],
    inventors: [
      {
        name: 'Robert Brown',
      },
    ],
    applicationDate: '2003-01-18',
    publicationDate: '2005-01-18',
    grantDate: '2005-01-18',
    classifications: {
      cpc: [],
      ipc: ['H02J7/00'],
    },
    legalStatus: 'expired',
    source: {
      id: 'us-uspto-random10k-pygrams',
      licence: 'OGL v3',
    },
  },
  {
    publicationNumber: 'US6844621B2',
    applicationNumber: 'US10/106780',
    kind: 'B2',
    patentType: 'invention_grant',
    country: 'US',
    title: {
      lang: 'en',
      text: 'A semiconductor device has an insulating substrate with conductor patterns bonded to and f',
    },
    abstract: {
      lang: 'en',
      text: 'A semiconductor device has an insulating substrate with conductor patterns bonded to and formed on both the top and bottom surfaces of a ceramic substrate. Soldering is provided between the conductor pattern on the top surface side and a heat developing chip component such as a power semiconductor element is mounted thereon. Between the conductor pattern on the bottom surface side and a heat dissipating metal base plate, each of four corners of the ceramic substrate is chamfered to form a chamfered section with a chamfered dimension of 2 to 10 mm. Alternatively, slits can be formed at the four corners on the bottom surface side. Moreover, the thickness of the conductor patterns can be controlled in relation to the ceramic substrate. These configurations relax the stress concentration created in the soldered section due to a thermal cycle.',
    },
    applicants: [
      {
        name: 'Apple Inc.',
        type: 'company',
        country: 'US',
      },
    ],
    inventors: [
      {
        name: 'John Smith',
      },
    ],
    applicationDate: '2003-01-18',
    publicationDate: '2005-01-18',
    grantDate: '2005-01-18',
    classifications: {
      cpc: [],
      ipc: ['H01M10/0525'],
    },
    legalStatus: 'active',
    source: {
      id: 'us-uspto-random10k-pygrams',
      licence: 'OGL v3',
    },
  },
  {
    publicationNumber: 'US6844676B2',
    applicationNumber: 'US11/106893',
    kind: 'B2',
    patentType: 'invention_grant',
    country: 'US',
    title: {
      lang: 'en',
      text: 'A high-pressure discharge lamp of the ceramic metal halide type having power ranges of abo',
    },
    abstract: {
      lang: 'en',
      text: 'A high-pressure discharge lamp of the ceramic metal halide type having power ranges of about 150 W to about 1000 W. Such lamps have outer bulb enclosing a cylindrical ceramic discharge vessel enclosing a discharge space. The discharge vessel includes an ionizable material containing a metal halide; a first and second discharge electrode feedthrough; and a first and second current conductor connected to the first and second discharge electrode feedthrough, respectively. A frame wire structure includes at least one frame wire, connected to the current conductors, through a conductor. The frame wire structure extends between the ceramic discharge vessel and the glass bulb, and is effective to reduce arc bending, regardless of the orientation of the lamp during operation in a fixture and regardless of the relative position of the frame wire to the arc tube.',
    },
    applicants: [
      {
        name: 'General Motors LLC',
        type: 'company',
        country: 'US',
      },
    ],
    inventors: [
      {
        name: 'Maria Garcia',
      },
    ],
    applicationDate: '2003-01-18',
    publicationDate: '2005-01-18',
    grantDate: '2005-01-18',
    classifications: {
      cpc: [],
      ipc: ['H04W72/04'],
    },
    legalStatus: 'expired',
    source: {
      id: 'us-uspto-random10k-pygrams',
      licence: 'OGL v3',
    },
    citations: [
      {
        number: 'US6846778B2',
        category: 'examiner',
      },
      {
        number: 'US6853841B2',
        category: 'examiner',
      },
    ],
  },
  {
    publicationNumber: 'US6846778B2',
    applicationNumber: 'US12/107006',
    kind: 'B2',
    patentType: 'invention_grant',
    country: 'US',
    title: {
      lang: 'en',
      text: 'A synthetic, isoparaffinic heavy hydrocarbon composition useful as a heavy lubricant base ',
    },
    abstract: {
      lang: 'en',
      text: 'A synthetic, isoparaffinic heavy hydrocarbon composition useful as a heavy lubricant base stock contains hydrocarbon molecules having consecutive numbers of carbon atoms, is a liquid at 100° C., at which temperature its kinematic viscosity is above 8 cSt and has respective initial and end boiling points of at least 850 and 1000° F. (454 and 538° C.). The branching index BI and the branching proximity CH 2 >4 of the isoparaffinic hydrocarbon molecules, are such that:\n \nBI−0.5(CH 2 >4)<15; and  (a)\n \nBI+0.85(CH 2 >4)<45;  (b)\n \nas measured over the hydrocarbon composition as a whole.',
    },
    applicants: [
      {
        name: 'Samsung Electronics Co., Ltd.',
        type: 'company',
        country: 'US',
      },
    ],
    inventors: [
      {
        name: 'David Lee',
      },
    ],
    applicationDate: '2003-01-25',
    publicationDate: '2005-01-25',
    grantDate: '2005-01-25',
    classifications: {
      cpc: [],
      ipc: ['A61K36/00'],
    },
    legalStatus: 'active',
    source: {
      id: 'us-uspto-random10k-pygrams',
      licence: 'OGL v3',
    },
    citedBy: [
      {
        number: 'US6841689B2',
      },
      {
        number: 'US6844676B2',
      },
    ],
  },
  {
    publicationNumber: 'US6849669B2',
    applicationNumber: 'US13/107119',
    kind: 'B2',
    patentType: 'invention_grant',
    country: 'US',
    title: {
      lang: 'en',
      text: 'The invention relates to macromolecular hydrophilic photocrosslinkers having polymeric bac',
    },
    abstract: {
      lang: 'en',
      text: 'The invention relates to macromolecular hydrophilic photocrosslinkers having polymeric backbones of substituted ethylene groups carrying photoactive groups. The photocrosslinkers are capable of producing, when being exposed to light of determined wavelengths above 305 nm, radicals which are retained on the macromolecular photocrosslinkers and reacting so as to accomplish a crosslinked network structure. The invention further relates to the preparation of photocrosslinkers, their use in different aqueous systems and their utility in production of medical devices including ophthalmic lenses.',
    },
    applicants: [
      {
        name: 'Lockheed Martin Corporation',
        type: 'company',
        country: 'US',
      },
    ],
    inventors: [
      {
        name: 'Susan Chen',
      },
    ],
    applicationDate: '2003-02-01',
    publicationDate: '2005-02-01',
    grantDate: '2005-02-01',
    classifications: {
      cpc: [],
      ipc: ['H01M4/525'],
    },
    legalStatus: 'expired',
    source: {
      id: 'us-uspto-random10k-pygrams',
      licence: 'OGL v3',
    },
  },
  {
    publicationNumber: 'US6849916B2',
    applicationNumber: 'US14/107232',
    kind: 'B2',
    patentType: 'invention_grant',
    country: 'US',
    title: {
      lang: 'en',
      text: 'An image sensor package includes an image sensor having an active area and bond pads on a ',
    },
    abstract: {
      lang: 'en',
      text: 'An image sensor package includes an image sensor having an active area and bond pads on a front surface of the image sensor. A window is mounted to the image sensor by flip chip bumps formed between the bond pads of the image sensor and interior traces on an interior surface of the window. The window has an area less than an area of the front surface of the image sensor. A bead is formed between the window and the front surface of the image sensor thus forming a sealed cavity in which the active area is located. The bead has sides coplanar with sides of the image sensor such that the image sensor package is chip size.',
    },
    applicants: [
      {
        name: 'Apple Inc.',
        type: 'company',
        country: 'US',
      },
    ],
    inventors: [
      {
        name: 'Robert Brown',
      },
    ],
    applicationDate: '2003-02-01',
    publicationDate: '2005-02-01',
    grantDate: '2005-02-01',
    classifications: {
      cpc: [],
      ipc: ['G06N3/08'],
    },
    legalStatus: 'active',
    source: {
      id: 'us-uspto-random10k-pygrams',
      licence: 'OGL v3',
    },
  },
  {
    publicationNumber: 'US6851782B2',
    applicationNumber: 'US15/107345',
    kind: 'B2',
    patentType: 'invention_grant',
    country: 'US',
    title: {
      lang: 'en',
      text: 'The present invention relates to a method of printing using dots of ink discharged from no',
    },
    abstract: {
      lang: 'en',
      text: 'The present invention relates to a method of printing using dots of ink discharged from nozzles to form the image. To ensure quality and efficiency of printing, a feed back mechanism from the printhead is used, to provide real time readings on various parameters of the printhead. These readings are compared to a pulse parameter table, to adjust the parameter of the pulse to ensure quality and efficiency of the printing. The temperature of the printhead is sensed to allow the timing of the firing pulses to be adjusted to take into consideration the viscosity of the ink. The amount of voltage available to the pulse actuator can be sensed so that the pulse width can be adjusted to compensate for a flat battery or high voltage source. The resistivity of the actuator heater can be sensed so as to adjust the pulse widths to maintain a constant energy irrespective of the heater resistivity.',
    },
    applicants: [
      {
        name: 'General Motors LLC',
        type: 'company',
        country: 'US',
      },
    ],
    inventors: [
      {
        name: 'John Smith',
      },
    ],
    applicationDate: '2003-02-08',
    publicationDate: '2005-02-08',
    grantDate: '2005-02-08',
    classifications: {
      cpc: [],
      ipc: ['C01B32/05'],
    },
    legalStatus: 'expired',
    source: {
      id: 'us-uspto-random10k-pygrams',
      licence: 'OGL v3',
    },
    family: {
      simpleFamilyId: 'F1004',
      simple: ['CN110017823B', 'US6851782B2'],
    },
    citations: [
      {
        number: 'US6853841B2',
        category: 'examiner',
      },
      {
        number: 'CN110001371B',
        category: 'examiner',
      },
    ],
  },
  {
    publicationNumber: 'US6853841B2',
    applicationNumber: 'US10/107458',
    kind: 'B2',
    patentType: 'invention_grant',
    country: 'US',
    title: {
      lang: 'en',
      text: 'The present invention addresses the difficulties of controlling new devices which have bee',
    },
    abstract: {
      lang: 'en',
      text: "The present invention addresses the difficulties of controlling new devices which have been added to a network. A network protocol, the NetCTL protocol, enables a remote control device to dynamically learn the command codes of a newly network attached device if the new device is executing the protocol. The intervention of a system administrator is not necessary since the dynamic teaming process happens automatically when the new device is attached to the network. Because the protocol allows the remote control device to learn the codes dynamically, there is no need to consult previously written tables of commands which can omit the codes for newly invented devices. A user of the remote control device which has “learned” the codes (i.e. acquired the codes) for a network attached device is able to control that device, regardless of the device's physical location, by selecting and sending the network attached device a command code to perform an operation.",
    },
    applicants: [
      {
        name: 'Samsung Electronics Co., Ltd.',
        type: 'company',
        country: 'US',
      },
    ],
    inventors: [
      {
        name: 'Maria Garcia',
      },
    ],
    applicationDate: '2003-02-08',
    publicationDate: '2005-02-08',
    grantDate: '2005-02-08',
    classifications: {
      cpc: [],
      ipc: ['G06T7/00'],
    },
    legalStatus: 'active',
    source: {
      id: 'us-uspto-random10k-pygrams',
      licence: 'OGL v3',
    },
    family: {
      simpleFamilyId: 'F1003',
      simple: ['HK110013710B', 'US6853841B2'],
    },
    citedBy: [
      {
        number: 'US6844676B2',
      },
      {
        number: 'US6851782B2',
      },
    ],
  },
  {
    publicationNumber: 'US6855142B2',
    applicationNumber: 'US11/107571',
    kind: 'B2',
    patentType: 'invention_grant',
    country: 'US',
    title: {
      lang: 'en',
      text: 'An electrosurgical device for treating a body tissue with a high-frequency power includes ',
    },
    abstract: {
      lang: 'en',
      text: 'An electrosurgical device for treating a body tissue with a high-frequency power includes an electrode for exposing the body tissue to the high-frequency power for treatment, and a high-frequency cautery power supply having a control circuit that outputs a high-frequency power generator for outputting the high-frequency power to the electrode. The control circuit of the high-frequency cautery power supply includes a timer for measuring output time and suspension time of the high-frequency power applied to the body tissue, a counting unit for counting the number of output of the high-frequency power, an impedance detector for detecting an impedance of the body tissue in the coagulated state thereof when the body tissue is treated using the high-frequency power applied from the electrode, an impedance comparator for comparing the impedance of the coagulated tissue detected by the impedance detector with an impedance predetermined for the purpose of the treatment of a region to be treated, and a high-frequency power switch for switching the output of the high-frequency power generator.',
    },
    applicants: [
      {
        name: 'Lockheed Martin Corporation',
        type: 'company',
        country: 'US',
      },
    ],
    inventors: [
      {
        name: 'David Lee',
      },
    ],
    applicationDate: '2003-02-15',
    publicationDate: '2005-02-15',
    grantDate: '2005-02-15',
    classifications: {
      cpc: [],
      ipc: ['G06F16/33'],
    },
    legalStatus: 'expired',
    source: {
      id: 'us-uspto-random10k-pygrams',
      licence: 'OGL v3',
    },
    family: {
      simpleFamilyId: 'F1002',
      simple: ['TW110009597B', 'US6855142B2'],
    },
  },
  {
    publicationNumber: 'US6856687B2',
    applicationNumber: 'US12/107684',
    kind: 'B2',
    patentType: 'invention_grant',
    country: 'US',
    title: {
      lang: 'en',
      text: 'A portable security device for providing secure communications over a plurality of network',
    },
    abstract: {
      lang: 'en',
      text: 'A portable security device for providing secure communications over a plurality of networks is presented. In one embodiment, the device comprises, at least one communication port for transfer of audio data, at least one communication port for transfer of digital data, a keypad, an encoding/decoding device, a conversion device operable to covert between audio and digital data and a processor, in communication with a memory, the keypad, the said encoding/decoding device, operable to execute code for selecting a configuration of a transmission and a reception port from among said communication ports dependent upon the presence of a network communication device and an input/output device in communication with said selected ports, providing data received from said selected reception port to said encryption/decryption device for encrypting; and providing said encrypted data to said selected transmission port. In one aspect of the invention, encrypted voice data can be transferred over a wireless network using cellular phones, over a wired and wireless network using land-based telephones, cellular phones or satellite phones. In another aspect, encrypted computer data may be transferred over wired or wireless networks.',
    },
    applicants: [
      {
        name: 'Apple Inc.',
        type: 'company',
        country: 'US',
      },
    ],
    inventors: [
      {
        name: 'Susan Chen',
      },
    ],
    applicationDate: '2003-02-15',
    publicationDate: '2005-02-15',
    grantDate: '2005-02-15',
    classifications: {
      cpc: [],
      ipc: ['B60L58/12'],
    },
    legalStatus: 'active',
    source: {
      id: 'us-uspto-random10k-pygrams',
      licence: 'OGL v3',
    },
    family: {
      simpleFamilyId: 'F1001',
      simple: ['CN110005484B', 'US6856687B2'],
    },
  },
  {
    publicationNumber: 'US6857841B2',
    applicationNumber: 'US13/107797',
    kind: 'B2',
    patentType: 'invention_grant',
    country: 'US',
    title: {
      lang: 'en',
      text: 'A vehicle for transporting semiconductor devices is used for servicing loadports of semico',
    },
    abstract: {
      lang: 'en',
      text: 'A vehicle for transporting semiconductor devices is used for servicing loadports of semiconductor processing tools with device carriers by use of a portal hoist. Thereby, the vehicle contains an empty inner space and an open front side, such that the loadport is enclosed by the vehicle, when it approaches and docks to the loadport. Time for loading is shortened, complexity of structure and procedure is reduced and cleanroom space is saved.',
    },
    applicants: [
      {
        name: 'General Motors LLC',
        type: 'company',
        country: 'US',
      },
    ],
    inventors: [
      {
        name: 'Robert Brown',
      },
    ],
    applicationDate: '2003-02-22',
    publicationDate: '2005-02-22',
    grantDate: '2005-02-22',
    classifications: {
      cpc: [],
      ipc: ['H02J7/00'],
    },
    legalStatus: 'expired',
    source: {
      id: 'us-uspto-random10k-pygrams',
      licence: 'OGL v3',
    },
    family: {
      simpleFamilyId: 'F1000',
      simple: ['CN110001371B', 'US6857841B2'],
    },
    citations: [
      {
        number: 'CN110001371B',
        category: 'examiner',
      },
      {
        number: 'CN110006855U',
        category: 'examiner',
      },
    ],
  },
]);

/**
 * Legal records for the legal-search fields (LE, LED, LIT*, LIC*, TRF*, PLG*, REX*, DEF, DEFD),
 * written by hand for this suite and invented, like the dates above: legal events in Chinese and
 * English, litigations with case numbers, courts, parties, outcomes and dates, licences, transfers,
 * pledges, reexamination/invalidation decisions and two declassified defence patents. They avoid
 * the terms the older litigation/licence cases pin (深圳, 独占).
 */
function withLegalRecords(records: IndexablePatent[]): IndexablePatent[] {
  const extra: Record<string, Partial<IndexablePatent>> = {
    CN110002742U: {
      legalEvents: [
        { date: '2019-06-01', code: 'C06', description: '发明专利申请公布', country: 'CN' },
        { date: '2020-03-10', code: 'C14', description: '授权', country: 'CN' },
      ],
    },
    CN110004113A: { legalEvents: [{ date: '2021-05-04', code: 'C10', description: '实质审查的生效' }] },
    CN117151122A: {
      legalEvents: [
        { date: '2023-12-01', code: 'PB01', description: '公布' },
        { date: '2023-12-19', code: 'SE01', description: '实质审查的生效' },
      ],
    },
    US6837910B2: {
      legalEvents: [
        { date: '2008-01-15', code: 'FPAY', description: 'Fee payment; year of fee payment: 4', country: 'US' },
        { date: '2013-02-01', code: 'LAPS', description: 'Lapse for failure to pay maintenance fees', country: 'US' },
      ],
    },
    CN110012339A: {
      litigations: [
        {
          caseNumber: '(2020)京73民初456号',
          court: '北京知识产权法院',
          plaintiff: '北京小米移动软件有限公司',
          defendant: '珠海格力电器股份有限公司',
          filingDate: '2020-04-01',
          verdictDate: '2021-09-30',
          outcome: '判决驳回原告诉讼请求',
        },
      ],
    },
    US6838635B2: {
      litigations: [
        {
          caseNumber: 'IPR2019-01234',
          court: 'Patent Trial and Appeal Board (IPR, AIA Trial)',
          plaintiff: 'Apple Inc.',
          defendant: 'Acme Technologies LLC',
          filingDate: '2019-07-15',
          verdictDate: '2021-01-20',
          outcome: 'Final Written Decision',
        },
      ],
    },
    CN116560767A: {
      litigations: [
        {
          caseNumber: '(2023)粤73民初789号',
          court: '广州知识产权法院',
          plaintiff: '广州某科技有限公司',
          defendant: '华为终端有限公司',
          filingDate: '2023-03-02',
          outcome: '调解结案',
        },
      ],
    },
    CN110017823B: {
      licenses: [
        {
          licensor: '清华大学',
          licensee: '北京某新能源有限公司',
          licenseNumber: 'X2019110000123',
          exclusivity: '普通许可',
          effectiveDate: '2019-08-20',
        },
      ],
    },
    US6841140B2: {
      licenses: [
        {
          licensor: 'Stanford University',
          licensee: 'Genentech Inc',
          exclusivity: 'exclusive',
          effectiveDate: '2005-03-01',
        },
      ],
    },
    CN110020565A: {
      assignments: [
        {
          assignor: '中国科学院化学研究所',
          assignee: '中科新材料有限公司',
          effectiveDate: '2021-06-18',
          conveyance: '专利权的转移',
        },
      ],
    },
    US6843159B2: {
      assignments: [
        {
          assignor: 'Smith John',
          assignee: 'Intel Corporation',
          effectiveDate: '2004-11-02',
          conveyance: 'ASSIGNMENT OF ASSIGNORS INTEREST',
          reelFrame: '015123/0456',
        },
      ],
    },
    CN110024678A: {
      pledges: [
        {
          pledgor: '江苏某科技有限公司',
          pledgee: '中国银行股份有限公司苏州分行',
          pledgeNumber: 'Y2021320000123',
          effectiveDate: '2021-03-15',
          stage: '生效',
        },
      ],
    },
    CN110030162B: {
      pledges: [
        { pledgor: '浙江某电子有限公司', pledgee: '杭州银行股份有限公司', effectiveDate: '2022-07-01', stage: '解除' },
      ],
    },
    CN110031533U: {
      reexaminations: [
        {
          requester: '宁波某机械有限公司',
          decisionNumber: '第51234号',
          decisionType: '宣告专利权全部无效',
          decisionDate: '2021-11-11',
        },
      ],
    },
    CN115794481A: {
      reexaminations: [
        {
          requester: '上海某医药有限公司',
          decisionNumber: '第198765号',
          decisionType: '维持驳回决定',
          decisionDate: '2023-05-06',
          points: '创造性',
        },
      ],
    },
    CN120003465B: { declassified: { date: '2020-06-30', decisionNumber: 'JM2020-001' } },
    CN110037017A: { declassified: {} },
  };
  return records.map((r) => ({ ...r, ...extra[r.publicationNumber] }));
}
