/**
 * Short Chinese patent texts in three topics, four each: the semantic tests need a corpus whose
 * meaning separates (a battery text ranks the battery patents first), and share this one.
 */
export const TOPIC_TEXTS_ZH = {
  battery: [
    '锂离子电池正极材料及其制备方法，正极活性物质包覆碳层，提高电池循环寿命和能量密度',
    '一种锂电池负极极片，负极集流体涂覆硅碳负极材料，电池容量高，充放电循环稳定',
    '电池管理系统估算锂电池荷电状态，采集电芯电压和温度，均衡电池组',
    '固态电解质锂电池，电解质层位于正极和负极之间，提高电池安全性',
  ],
  image: [
    '基于卷积神经网络的图像识别方法，训练样本图像，提取特征并分类目标',
    '深度学习目标检测模型，神经网络对视频图像中的行人进行识别和跟踪',
    '人脸识别方法，采集人脸图像，神经网络提取人脸特征向量并比对',
    '图像分割网络，训练神经网络模型对医学图像进行语义分割',
  ],
  engine: [
    '发动机气缸盖冷却水道结构，冷却液流经气缸盖降低发动机温度',
    '汽车变速箱换挡机构，齿轮和同步器实现变速器平顺换挡',
    '混合动力汽车发动机与电机的扭矩分配控制方法，降低油耗',
    '涡轮增压发动机进气系统，增压器提高发动机进气压力和功率',
  ],
} as const;
