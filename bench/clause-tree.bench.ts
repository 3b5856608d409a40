/**
 * The expression editor's live clause tree (issue 48: "a 2000-character expression's tree answers
 * in ≤ 1.5 s at 123k"): POST /api/product/search/expression/clauses over real HTTP, search workers on.
 *
 *   npx tsc -b && npx tsx --conditions=@patlas/source bench/clause-tree.bench.ts [--data-dir DIR] [--runs 10]
 *
 * Without `--data-dir` the demo corpus (~123k) is loaded once into bench/out/load-demo/ (as
 * bench/library.bench.ts and bench/load.ts do). Prints the corpus size, the expression's length and
 * clauses, and the latency of its tree, cold (first call) and warm (p50 / p95 / max of the runs);
 * checks the tree's total against the search's.
 */
import { availableParallelism, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import type { ClauseTreeResponse } from '@patlas/contracts';
import { startBenchServer } from './src/bench-server.js';
import { percentile } from './src/search-stats.js';

const { values } = parseArgs({
  options: {
    'data-dir': { type: 'string' },
    runs: { type: 'string', default: '10' },
    workers: { type: 'string', default: '2' },
    length: { type: 'string', default: '2000' },
  },
});
const runs = Math.max(1, Number(values.runs));
const targetLength = Number(values.length);

// Words of the demo corpus's fields (batteries, vehicles, materials, communication, control).
const TEXT_WORDS = [
  '电池',
  '锂电池',
  '正极',
  '负极',
  '电解液',
  '隔膜',
  '电极',
  '储能',
  '充电',
  '放电',
  '电芯',
  '模组',
  '热管理',
  '散热',
  '冷却',
  '温度',
  '传感器',
  '控制',
  '控制器',
  '算法',
  '车辆',
  '电动汽车',
  '驱动',
  '电机',
  '逆变器',
  '功率',
  '半导体',
  '芯片',
  '封装',
  '基板',
  '涂层',
  '复合材料',
  '纳米',
  '石墨烯',
  '催化剂',
  '聚合物',
  '薄膜',
  '光伏',
  '太阳能',
  '风力',
  '发电',
  '电网',
  '通信',
  '天线',
  '无线',
  '信号',
  '图像',
  '识别',
  '神经网络',
  '数据',
  '处理',
  '存储',
  '服务器',
  '加密',
  '区块链',
  '机器人',
  '机械臂',
  '轴承',
  '齿轮',
  '阀门',
  '泵',
  '管道',
  '焊接',
  '切割',
];
const IPC_CLASSES = ['H01M*', 'H02J*', 'B60L*', 'G06F*', 'H04L*', 'G06N*', 'H01L*', 'C08L*', 'B25J*', 'F16K*'];

/**
 * A landscape-style expression of at most `length` characters: pairs of field groups ORed, the
 * pairs ANDed — `(TIAB=(a OR …) OR TI=(…)) AND (CLMS=(…) OR TIABC=(…)) AND …` — then IPC classes, a
 * date range and a NOT group.
 */
function landscapeExpression(length: number): string {
  const fields = ['TIAB', 'TI', 'CLMS', 'TIABC'];
  const tail = ` AND IPC=(${IPC_CLASSES.join(' OR ')}) AND AD>=2010 NOT TI=(玩具 OR 游戏)`;
  const written = (groups: readonly string[]) => {
    const pairs: string[] = [];
    for (let i = 0; i < groups.length; i += 2) pairs.push(`(${groups.slice(i, i + 2).join(' OR ')})`);
    return `${pairs.join(' AND ')}${tail}`;
  };
  const groups: string[] = [];
  for (let g = 0, word = 0; ; g++) {
    const words = Array.from({ length: 12 }, () => TEXT_WORDS[word++ % TEXT_WORDS.length]!);
    const next = [...groups, `${fields[g % fields.length]}=(${words.join(' OR ')})`];
    if (written(next).length > length) return written(groups);
    groups.push(next.at(-1)!);
  }
}

const expression = landscapeExpression(targetLength);

const { app, context, dataDir, post } = await startBenchServer({
  dataDir: values['data-dir'],
  workers: values.workers,
  env: { JOB_POLL_MS: '0' },
});
try {
  const patents = await context.engine.size();
  console.log(`index: ${patents.toLocaleString('en')} patents (${dataDir}); SEARCH_WORKERS=${values.workers}`);
  console.log(`expression: ${expression.length} characters`);
  // The process's CPU time (every thread: this client, the server, its search workers) beside the wall time:
  // on a shared machine the wall time follows the load, the work does not.
  const cpuMs = () => {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
  };
  const tree = async (body: unknown) => {
    const before = cpuMs();
    const answer = await post<ClauseTreeResponse>('/api/product/search/expression/clauses', body);
    return { ...answer, cpu: cpuMs() - before };
  };

  const cold = await tree({ searchExpre: expression });
  const search = await post<{ total: number }>('/api/platform/data/search/query', {
    searchExpre: expression,
    pageSize: 1,
    facets: [],
  });
  if (search.data.total !== cold.data.root.total)
    throw new Error(`tree total ${cold.data.root.total} ≠ search total ${search.data.total}`);
  console.log(
    `tree: ${cold.data.nodes} clauses${cold.data.truncated ? ' (truncated)' : ''}, total ${cold.data.root.total.toLocaleString('en')} ` +
      `(= the search's); top clauses: ${(cold.data.root.children ?? [])
        .map((c) => `${c.kind} ${c.total} loses ${c.loses} costs ${c.costs}`)
        .join('; ')}`,
  );

  // One request per edit: each run changes a word of the NOT group, as typing does (the other clauses stay).
  const edits: number[] = [];
  const editsCpu: number[] = [];
  for (let i = 0; i < runs; i++) {
    const edit = await tree({ searchExpre: expression.replace('游戏)', `游戏${i})`) });
    edits.push(edit.ms);
    editsCpu.push(edit.cpu);
  }
  edits.sort((a, b) => a - b);
  editsCpu.sort((a, b) => a - b);
  const same: number[] = [];
  for (let i = 0; i < runs; i++) same.push((await tree({ searchExpre: expression })).ms);
  same.sort((a, b) => a - b);
  const stats = (ms: number[]) =>
    `p50 ${percentile(ms, 50).toFixed(0)} ms, p95 ${percentile(ms, 95).toFixed(0)} ms, max ${ms.at(-1)!.toFixed(0)} ms`;
  console.log(
    `\nclause tree of a ${expression.length}-character expression (${cold.data.nodes} clauses) at ${patents.toLocaleString('en')} patents ` +
      `(target ≤ 1500 ms): first call on fresh workers ${cold.ms.toFixed(0)} ms (server tookMs ${cold.data.tookMs}); ` +
      `${runs} edits ${stats(edits)}; ${runs} repeats ${stats(same)}`,
  );
  console.log(
    `CPU time of the process (all threads) per call: first ${cold.cpu.toFixed(0)} ms; edits p50 ${percentile(editsCpu, 50).toFixed(0)} ms`,
  );
  console.log(
    `load average at the end: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} (${availableParallelism()} cores)`,
  );
  console.log(`peak RSS: ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`);
} finally {
  await app.close();
}
