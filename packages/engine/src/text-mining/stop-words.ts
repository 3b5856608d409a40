import { ENGLISH_STOP_WORDS } from '../analysis/english.js';

/**
 * Words that say nothing of a patent set's subject (word cloud, clusters, landscape labels and
 * report keywords; issue 43: 基于, 设备 and "disclosure" topped word clouds). Patent boilerplate
 * (一种, 所述, comprising…) is in every document; the generic nouns and connectives are in most.
 * One list per language; Chinese words are as jieba cuts them, English ones as written (the
 * English list is matched before stemming).
 */
export const CHINESE_STOP_WORDS: ReadonlySet<string> = new Set(
  (
    '一种 所述 本发明 本实用新型 实用新型 发明 涉及 包括 包含 其中 通过 进行 以及 用于 设置 设有 具有 提供 技术 领域 ' +
    '公开 方法 装置 系统 结构 及其 一个 多个 若干 至少 第一 第二 第三 第四 可以 能够 使得 使用 采用 实现 有效 提高 ' +
    '本申请 申请 实施 实施例 优选 根据 之间 以上 以下 步骤 方式 效果 有益 解决 问题 简单 合理 现有 相应 对应 ' +
    '连接 相连 固定 安装 位于 分别 一端 另一端 上述 下述 该种 此外 同时 从而 进而 所示 如图 得到 形成 由于 ' +
    '以便 并且 或者 其他 其它 一侧 两侧 内部 外部 上端 下端 相对 构成 组成 用以 利用 经过 之后 之前 当前 ' +
    '能够 一定 部分 整体 以此 这样 这种 还有 进一步 具体 所需 需要 目的 特征 权利 要求 ' +
    // Issue 43: connectives and generic nouns that filled word clouds and report keyword tables.
    '基于 设备 本公开 公开了 用来 相关 各个 多种 一些 任意 任一 包括有 方面 情况 过程 相同 不同 ' +
    '该方法 该装置 该系统 所用 所得 主要 一般 较好 较高 此种 以及其 及其它 其特征 在于 包括了 本技术 ' +
    '所在 处于 对于 关于 针对 按照 依据 如下 如此 因此 然后 最后 首先 其次 另外 例如 即可 可选'
  ).split(' '),
);

const ENGLISH_EXTRA_STOP_WORDS =
  'also been being can may one two three more most least such each other into than then there these those thus ' +
  'when where while within without first second third invention present method methods apparatus device devices ' +
  'system systems provided provide provides providing comprising comprise comprises include includes including ' +
  'configured based use used using therein herein disclosed disclose discloses embodiment embodiments example ' +
  'plurality portion part parts having not only what who how but all any some via same further according ' +
  'according thereto wherein whereby thereof said near does has had their them they our your are was were will ' +
  'shall would should could between about above below over under upon after before during against ' +
  // Issue 43: "disclosure" topped English word clouds (present disclosure, this disclosure).
  'disclosure disclosures application applications accordance respective respectively various ' +
  'included relates related relating corresponding thereby therefrom';

export const ENGLISH_STOP: ReadonlySet<string> = new Set([
  ...ENGLISH_STOP_WORDS,
  ...ENGLISH_EXTRA_STOP_WORDS.split(' '),
]);
