import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for the language-model provider of assisted writing (LLM_URL): a real HTTP server on
 * 127.0.0.1 that speaks the OpenAI chat-completions protocol (POST /v1/chat/completions) and
 * transforms the text deterministically instead of calling a model. Route tests and the
 * end-to-end spec start it; it is never part of the product.
 *
 * The mode comes from the system prompt's first line (`Mode: <mode>.`, rewrite.prompts.ts), the
 * language from its `Write the result in …` line:
 * - rephrase: a few words swapped for others (包括→包含, 用于→用来, 设置→布置; comprises→includes,
 *   configured to→arranged to, provided→arranged), so the diff shows replacements;
 * - claim: `1. 一种装置，其特征在于，<text>` / `1. An apparatus, characterised in that <text>`;
 * - expand: the text, then one sentence saying so (该特征进一步提高了可靠性。/ This further improves reliability.);
 * - shorten: the first sentence only.
 * Triggers in the user text, for the failure tests: FAIL500 (answers 500), BUSY429 (429 until
 * `busyTimes` answers have been refused, then normal), SLOW (never answers until the client goes),
 * EMPTY (an answer without content). A request without the expected bearer key is answered 401.
 */
export interface FakeChatCompletions {
  url: string;
  requests: { url: string; authorization: string | undefined; body: FakeRequestBody }[];
  /** How many BUSY429 requests are refused before one is answered. */
  busyTimes: number;
  close(): Promise<void>;
}

export interface FakeRequestBody {
  model: string;
  temperature?: number;
  messages: { role: string; content: string }[];
}

const REPHRASE: [RegExp, string][] = [
  [/包括/g, '包含'],
  [/用于/g, '用来'],
  [/设置/g, '布置'],
  [/\bcomprises\b/g, 'includes'],
  [/\bconfigured to\b/g, 'arranged to'],
  [/\bprovided\b/g, 'arranged'],
];

/** The deterministic "rewrite" of a text in a mode and language. */
export function fakeRewrite(mode: string, language: 'zh' | 'en', text: string): string {
  switch (mode) {
    case 'claim':
      return language === 'zh' ? `1. 一种装置，其特征在于，${text}` : `1. An apparatus, characterised in that ${text}`;
    case 'expand':
      return language === 'zh' ? `${text}该特征进一步提高了可靠性。` : `${text} This further improves reliability.`;
    case 'shorten': {
      const first = /^[\s\S]*?(?:[。！？；]|[.!?](?=\s|$))/u.exec(text)?.[0];
      return first ?? text;
    }
    default:
      return REPHRASE.reduce((out, [from, to]) => out.replace(from, to), text);
  }
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

export async function startFakeChatCompletions(options: { apiKey?: string } = {}): Promise<FakeChatCompletions> {
  const requests: FakeChatCompletions['requests'] = [];
  let busyRefused = 0;
  const fake: Omit<FakeChatCompletions, 'url' | 'close'> = { requests, busyTimes: 1 };
  const handle = (req: IncomingMessage, res: ServerResponse, raw: string) => {
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') return send(res, 404, { error: 'not found' });
    if (options.apiKey && req.headers.authorization !== `Bearer ${options.apiKey}`) {
      return send(res, 401, { error: { message: 'invalid api key' } });
    }
    const body = JSON.parse(raw) as FakeRequestBody;
    requests.push({ url: req.url, authorization: req.headers.authorization, body });
    const system = body.messages.find((m) => m.role === 'system')?.content ?? '';
    const text = body.messages.find((m) => m.role === 'user')?.content ?? '';
    const mode = /^Mode: (\w+)\./m.exec(system)?.[1] ?? 'rephrase';
    const language = /Write the result in English/.test(system) ? 'en' : 'zh';
    if (text.includes('FAIL500')) return send(res, 500, { error: { message: 'model crashed' } });
    if (text.includes('BUSY429') && busyRefused < fake.busyTimes) {
      busyRefused += 1;
      return send(res, 429, { error: { message: 'rate limited' } }, { 'retry-after': '0' });
    }
    if (text.includes('SLOW')) return; // never answered: the client's timeout ends it
    if (text.includes('EMPTY')) return send(res, 200, { choices: [] });
    return send(res, 200, {
      id: `chatcmpl-${requests.length}`,
      object: 'chat.completion',
      model: body.model,
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: fakeRewrite(mode, language, text) },
          finish_reason: 'stop',
        },
      ],
    });
  };
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (part: Buffer) => (raw += part.toString('utf8')));
    req.on('end', () => handle(req, res, raw));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(fake, {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        // SLOW requests hold their sockets open: close them with the server.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
