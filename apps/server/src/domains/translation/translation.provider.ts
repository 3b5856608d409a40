import type { TranslationLanguage } from '@patlas/contracts';
import type { Config } from '../../config.js';

/** A machine-translation service: one chunk of text (≤ 6000 characters) into the target language. */
export interface TranslationProvider {
  translate(text: string, target: TranslationLanguage): Promise<string>;
}

/** How long one request to the service may take before its batch counts as failed. */
const REQUEST_TIMEOUT_MS = 60_000;

const LANGUAGE_NAMES: Record<TranslationLanguage, string> = { zh: 'Simplified Chinese', en: 'English' };

/** Thrown for any failed request; its message goes into the response's Error (never the API key). */
export class TranslationRequestError extends Error {}

async function postJson(url: string, body: unknown, headers: Record<string, string>): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (error) {
    throw new TranslationRequestError(`translation service unreachable (${(error as Error).message})`);
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new TranslationRequestError(`translation service answered HTTP ${response.status}`);
  }
  try {
    return await response.json();
  } catch {
    throw new TranslationRequestError('translation service answered something that is not JSON');
  }
}

/** LibreTranslate and compatible servers: POST {base}/translate {q, source, target, format} → {translatedText}. */
export class LibreTranslateProvider implements TranslationProvider {
  constructor(
    private readonly baseUrl: string,
    private readonly apiKey: string | undefined,
  ) {}

  async translate(text: string, target: TranslationLanguage): Promise<string> {
    const body = {
      q: text,
      source: 'auto',
      target,
      format: 'text',
      ...(this.apiKey ? { api_key: this.apiKey } : {}),
    };
    const answer = (await postJson(`${trimSlash(this.baseUrl)}/translate`, body, {})) as { translatedText?: unknown };
    if (typeof answer?.translatedText !== 'string') {
      throw new TranslationRequestError('translation service answer has no translatedText');
    }
    return answer.translatedText;
  }
}

/** OpenAI-compatible chat completions (OpenAI, vLLM, Ollama, llama.cpp server …): POST {base}/v1/chat/completions. */
export class OpenAiTranslationProvider implements TranslationProvider {
  constructor(
    private readonly baseUrl: string,
    private readonly apiKey: string | undefined,
    private readonly model: string,
  ) {}

  async translate(text: string, target: TranslationLanguage): Promise<string> {
    const base = trimSlash(this.baseUrl);
    // Accept a base given with or without its /v1 (https://api.openai.com/v1 is the usual spelling).
    const url = base.endsWith('/v1') ? `${base}/chat/completions` : `${base}/v1/chat/completions`;
    const body = {
      model: this.model,
      temperature: 0,
      messages: [
        {
          role: 'system',
          content:
            `You are a professional patent translator. Translate the user's text into ${LANGUAGE_NAMES[target]}. ` +
            'Translate faithfully and completely: keep every claim, number, reference sign, unit, formula and ' +
            'patent term exactly, keep the line breaks, add nothing, omit nothing, and answer with the translation only.',
        },
        { role: 'user', content: text },
      ],
    };
    const headers: Record<string, string> = this.apiKey ? { authorization: `Bearer ${this.apiKey}` } : {};
    const answer = (await postJson(url, body, headers)) as {
      choices?: { message?: { content?: unknown } }[];
    };
    const content = answer?.choices?.[0]?.message?.content;
    if (typeof content !== 'string') throw new TranslationRequestError('translation service answer has no content');
    return content;
  }
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

/** The provider TRANSLATE_URL and TRANSLATE_KIND select; undefined when no URL is set. */
export function createTranslationProvider(
  config: Pick<Config['translate'], 'url' | 'kind' | 'apiKey' | 'model'>,
): TranslationProvider | undefined {
  if (!config.url) return undefined;
  return config.kind === 'openai'
    ? new OpenAiTranslationProvider(config.url, config.apiKey, config.model)
    : new LibreTranslateProvider(config.url, config.apiKey);
}
