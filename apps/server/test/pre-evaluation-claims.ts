/**
 * Real claims of the demo corpus (data/demo: cn-patentics-incopat, cn-cnki-material-chemistry,
 * us-grant-xml-patentsview, intl-api-fixtures) as published, for the pre-evaluation's tests.
 */
export const REAL_CLAIMS = {
  CN115412894A:
    '一种基于WiFi?Aware的急救系统，其特征在于，包括： 　　急救请求设备，用于发送急救信号； 　　WiFi?Aware转发设备，用于接收所述急救信号，并将所述急救信号转发给急救中心设备； 　　急救中心设备，用于根据接收到的急救信号，筛选得到救援车辆，并向所述救援车辆发送救援请求信号；以及，接收所述救援车辆返回的救援响应信号； 　　救援车辆，用于根据所述救援请求信号，发出救援响应信号。',
  CN108230613A:
    '一种虚拟现实设备的预警方法，其特征在于，应用于虚拟现实设备，所述虚拟现实设备具有声电转换装置，所述预警方法包括： 　　通过所述声电转换装置采集当前所处环境的语音数据； 　　从所述语音数据中提取出语音关键词； 　　从预先加载的语音关键词与相对应的预警动作的对应关系中，查找出所述语音关键词对应的预警动作； 　　输出与所述预警动作相对应的提示信息。',
  CN105472441A:
    '一种虚拟现实设备的图像处理方法，其特征在于，所述虚拟现实设备具有N个显示区域，其中N为大于1的整数，第一显示区域对应于第一显示组件，其他显示区域分别对应于一个第二显示组件，所述图像处理方法包括： 　　所述第一显示组件获取图像数据，在所述第一显示区域输出所述图像数据； 　　各个所述第二显示组件在所述第一显示组件的回调接口截取所述图像数据，分别在对应的显示区域输出所述图像数据。',
  CN208104517U:
    '1.一种金属材料化学热处理炉用防爆滴定装置,它包括渗剂进入腔体、连接管体、泄压装置；渗剂进入腔体的下端连接管体连接,连接管体上端的两侧均安装有泄压装置,其特征在于：所述泄压装置包括壳体、密封块、限位板、连杆、复位弹簧、连接板；壳体中部的侧壁上设置有数排贯通的排气孔,壳体的内部安装有密封块,密封块的上端通过连接杆与壳体上部的限位板连接,密封块的下端连接有连杆,连杆的下端延伸出壳体的外部,连杆的下端与连接板连接,连杆的外侧套接有复位弹簧,且复位弹簧的上下端分别与壳体的底部、连接板的上端连接。',
  CN108982325A:
    '1.一种地下防污屏障材料化学相容性测试装置,其特征在于：包含渗透压力室(1)、出流隔离器(2)、入流隔离器(3)、pH监测仪(4)、电导率监测仪(5)、围压#体积控制器(6)、底压#体积控制器(7)、顶压#体积控制器(8)；围压#体积控制器(6)连接渗透压力室(1),入流隔离器(3)连接在渗透压力室(1)和顶压#体积控制器(8)之间,出流隔离器(2)连接在渗透压力室(1)和底压#体积控制器(7)之间,pH监测仪(4)和电导率监测仪(5)连接在出流隔离器(2)和渗透压力室(1)之间。',
  CN115438209A:
    '一种主题推荐方法，应用于服务器端，其特征在于，包括： 　　接收智能终端发送的目标环境图片的第一预设数量的环境聚类块的颜色值及各环境聚类块的权重； 　　获取根据预设的颜色聚类算法确定的各预设主题图片的第一预设数量的主题聚类块的颜色值及各主题聚类块的权重； 　　根据所述目标环境图片的各环境聚类块的颜色值和权重，以及每个所述预设主题图片的各主题聚类块的颜色值和权重，确定所述目标环境图片与每个所述预设主题图片的总体色差值； 　　确定最小的总体色差值所对应的预设主题图片所匹配的主题为推荐主题，并返回所述智能终端。',
  US6103599A:
    '1. A method for fabricating a substrate, said method comprising steps of:\nproviding a substrate comprising a thickness of material having a non-uniform surface, said thickness of material being implant damaged and having a substantially planar interface region at a selected depth underying said non-uniform surface;\nconverting said implant damaged thickness of material that is at a lower density up to said substantially planar interface region into an insulating material; and\nselectively removing said insulating material from said substrate using at least an etching process to expose said substantially uniform interface region to provide a substantially uniform surface;\nwherein said separation process is provided by a Smart Cut.TM. process or controlled cleaving process.\n2. The method of claim 1 wherein said implant damaged thickness of material has a lower density than said substrate.\n',
  US11556547B2:
    '1. A determination device comprising: a processor configured to: acquire a search query(ies) input by a plurality of input customers who have input a reference query; categorize the search queries input in a predetermined period among the search queries into a plurality of categories; determine whether a categorization result of the categorization satisfies a predetermined determination condition or not; extract a search query categorized into the category that satisfies a predetermined categorization condition among the plurality of categories if it is determined that the categorization result satisfies the predetermined determination condition; and provide a list of the extracted search queries.\n2. The determination device according to claim 1, wherein the processor is further configured to: determine whether a number of the categories into which the search queries have been categorized satisfies a predetermined condition or not.\n',
} as const;
