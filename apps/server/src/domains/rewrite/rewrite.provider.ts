import { setTimeout as sleepFor } from 'node:timers/promises';
import type { Config } from '../../config.js';
import { AppError } from '../../errors.js';
import { REWRITE_TEMPERATURE } from './rewrite.prompts.js';

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** A language model answering chat messages with text (one assistant message). */
export interface RewriteProvider {
  /**
   * The model's answer. `signal`: stop when the caller goes away; `budgetMs`: the whole call,
   * retries included, must end within it (a passage is answered within its request).
   */
  complete(messages: ChatMessage[], options?: { signal?: AbortSignal | undefined; budgetMs?: number }): Promise<string>;
}

export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;
const realSleep: Sleep = (ms, signal) => sleepFor(ms, undefined, signal ? { signal } : {});

/** Longest pause a Retry-After header may ask for before the next attempt. */
const MAX_RETRY_AFTER_MS = 30_000;

/** A failed attempt: the error the caller sees if it is the last, and whether another attempt may help. */
class AttemptFailure extends Error {
  constructor(
    readonly error: AppError,
    readonly retryable: boolean,
    readonly retryAfterMs?: number,
  ) {
    super(error.message);
  }
}

/** Retry-After in seconds or as an HTTP date; undefined when absent or unreadable. */
function retryAfterOf(header: string | null, now: number): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - now;
  return Number.isFinite(ms) && ms >= 0 ? Math.min(ms, MAX_RETRY_AFTER_MS) : undefined;
}

/** Reasoning models (Qwen3, DeepSeek-R1 …) may think aloud first; fences or quotes around the whole answer go too. */
export function cleanAnswer(content: string): string {
  let text = content.replace(/<think>[\s\S]*?<\/think>/g, '').trim();
  const fenced = /^```[^\n]*\n([\s\S]*?)\n?```$/.exec(text);
  if (fenced) text = fenced[1]!.trim();
  return text;
}

/**
 * OpenAI-compatible chat completions (OpenAI, vLLM, Ollama, llama.cpp server, DeepSeek, Qwen …):
 * POST {LLM_URL}/v1/chat/completions with the bearer LLM_API_KEY and model LLM_MODEL. Each attempt
 * waits at most LLM_TIMEOUT_MS; 429, 5xx and unreachable answers are tried again up to
 * LLM_MAX_RETRIES times with doubling pauses (Retry-After wins). Failures become the catalogue's
 * REWRITE_PROVIDER_* errors, never carrying the key or the provider's own text.
 */
export class ChatCompletionsProvider implements RewriteProvider {
  private readonly url: string;

  constructor(
    private readonly config: Omit<Config['llm'], 'url'> & { url: string },
    private readonly sleep: Sleep = realSleep,
  ) {
    const base = config.url.replace(/\/+$/, '');
    // Accept a base given with or without its /v1 (https://api.openai.com/v1 is the usual spelling).
    this.url = base.endsWith('/v1') ? `${base}/chat/completions` : `${base}/v1/chat/completions`;
  }

  async complete(
    messages: ChatMessage[],
    options: { signal?: AbortSignal | undefined; budgetMs?: number } = {},
  ): Promise<string> {
    const { signal } = options;
    const deadline = performance.now() + (options.budgetMs ?? Number.POSITIVE_INFINITY);
    const body = JSON.stringify({ model: this.config.model, temperature: REWRITE_TEMPERATURE, messages });
    for (let attempt = 0; ; attempt += 1) {
      const timeoutMs = Math.min(this.config.timeoutMs, deadline - performance.now());
      if (timeoutMs <= 0) throw this.timeoutError(this.config.timeoutMs, options.budgetMs);
      try {
        return await this.attempt(body, Math.round(timeoutMs), signal, options.budgetMs);
      } catch (err) {
        if (!(err instanceof AttemptFailure)) throw err;
        if (!err.retryable || attempt >= this.config.maxRetries) throw err.error;
        const pause = err.retryAfterMs ?? this.config.retryBaseMs * 2 ** attempt;
        // No time left for the pause and another answer: the last error is the answer.
        if (performance.now() + pause >= deadline) throw err.error;
        await this.sleep(pause, signal);
      }
    }
  }

  private timeoutError(timeoutMs: number, budgetMs: number | undefined): AppError {
    const ms = Math.min(timeoutMs, budgetMs ?? timeoutMs);
    return new AppError('REWRITE_PROVIDER_TIMEOUT', { seconds: Math.max(1, Math.round(ms / 1000)) });
  }

  private async attempt(
    body: string,
    timeoutMs: number,
    signal: AbortSignal | undefined,
    budgetMs: number | undefined,
  ): Promise<string> {
    const timeout = AbortSignal.timeout(timeoutMs);
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
    if (this.config.apiKey) headers.authorization = `Bearer ${this.config.apiKey}`;
    let response: Response;
    try {
      response = await fetch(this.url, {
        method: 'POST',
        headers,
        body,
        signal: signal ? AbortSignal.any([timeout, signal]) : timeout,
      });
    } catch (err) {
      // The caller went away: not the provider's fault, nothing to report.
      if (signal?.aborted) throw signal.reason ?? err;
      if (timeout.aborted) throw new AttemptFailure(this.timeoutError(this.config.timeoutMs, budgetMs), false);
      throw new AttemptFailure(new AppError('REWRITE_PROVIDER_UNREACHABLE'), true);
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      const status = response.status;
      if (status === 429) {
        const after = retryAfterOf(response.headers.get('retry-after'), Date.now());
        throw new AttemptFailure(new AppError('REWRITE_PROVIDER_BUSY'), true, after);
      }
      if (status >= 500) throw new AttemptFailure(new AppError('REWRITE_PROVIDER_FAILED', { status }), true);
      if (status === 401 || status === 403 || status === 404) {
        throw new AttemptFailure(new AppError('REWRITE_PROVIDER_REFUSED', { status }), false);
      }
      throw new AttemptFailure(new AppError('REWRITE_PROVIDER_FAILED', { status }), false);
    }
    let answer: { choices?: { message?: { content?: unknown }; finish_reason?: unknown }[] };
    try {
      answer = (await response.json()) as typeof answer;
    } catch (err) {
      if (signal?.aborted) throw signal.reason ?? err;
      if (timeout.aborted) throw new AttemptFailure(this.timeoutError(this.config.timeoutMs, budgetMs), false);
      throw new AttemptFailure(badAnswer('not JSON'), false);
    }
    const choice = answer?.choices?.[0];
    const content = choice?.message?.content;
    if (typeof content !== 'string') throw new AttemptFailure(badAnswer('no message content'), false);
    // Cut off at the model's length limit: half a rewrite is not a rewrite.
    if (choice?.finish_reason === 'length') throw new AttemptFailure(badAnswer('cut off at the length limit'), false);
    const text = cleanAnswer(content);
    if (text === '') throw new AttemptFailure(badAnswer('empty'), false);
    return text;
  }
}

function badAnswer(reason: string): AppError {
  return new AppError('REWRITE_PROVIDER_BAD_ANSWER', { reason });
}

/** The provider LLM_URL names; undefined when it is not set (assisted writing not configured). */
export function createRewriteProvider(config: Config['llm'], sleep?: Sleep): RewriteProvider | undefined {
  const { url } = config;
  if (!url) return undefined;
  return new ChatCompletionsProvider({ ...config, url }, sleep);
}
