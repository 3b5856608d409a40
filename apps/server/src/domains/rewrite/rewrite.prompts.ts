import type { RewriteLanguage, RewriteMode } from '@patlas/contracts';

/**
 * Every prompt assisted writing sends to the language model, in one place (docs/assisted-writing.md
 * quotes them). The instructions are written in English, which instruction-tuned models follow
 * best whatever language they answer in; the result's language is named explicitly.
 *
 * Shape of one request (OpenAI chat completions):
 *   system: `Mode: <mode>.` + what the mode does + the rules every mode keeps + the output language
 *           (+ for a piece of a document: which piece it is, so the model adds no introduction);
 *   user:   the passage, unchanged.
 * The first line names the mode so that logs and the tests' stand-in provider can tell them apart.
 */

const LANGUAGE_NAMES: Record<RewriteLanguage, string> = { zh: 'Simplified Chinese', en: 'English' };

/** What each mode asks for (spec 2 §1 "rewrite text"; issue 22: 改写, 权利要求化, 扩写, 缩写). */
export const MODE_INSTRUCTIONS: Record<RewriteMode, string> = {
  rephrase:
    'Rephrase the passage (改写): express the same technical content in different wording and sentence ' +
    'structure, as a patent attorney would when redrafting, keeping its meaning, scope and length about the same.',
  claim:
    'Formalise the passage as patent claim language (权利要求化): one or more claims, each a single sentence, ' +
    'the independent claim first ("1. A … comprising: …, wherein …" / "1. 一种……，其特征在于，……"), ' +
    'dependent claims referring back ("2. The … according to claim 1, wherein …" / "2. 根据权利要求1所述的……，其中……"). ' +
    'Use only features the passage discloses; do not broaden or narrow them.',
  expand:
    'Expand the passage (扩写): make it about half again to twice as long by spelling out how the described ' +
    'features are arranged, how they work and what effect they have, as a detailed description would. ' +
    'Add no feature, value or embodiment that the passage does not support.',
  shorten:
    'Shorten the passage (缩写): about half its length, keeping every technical feature, value and effect ' +
    'that defines the invention and dropping repetition, filler and background.',
};

/** What every mode keeps (issue 22: technical terms and reference signs). */
const RULES =
  'Rules: keep every technical term as it is (do not replace a term of art by a synonym); keep every ' +
  'reference sign and label exactly, e.g. "(10)", "10a", "S102", "图1", "FIG. 2", "claim 3"; keep numbers, ' +
  'units, ranges, formulas, chemical names and sequence identifiers unchanged; keep paragraph breaks; ' +
  'answer with the rewritten text only — no title, preface, explanation, quotation marks or Markdown.';

/** The system message of one request. `piece` is given for a piece of a longer document. */
export function systemPrompt(
  mode: RewriteMode,
  language: RewriteLanguage,
  piece?: { index: number; total: number },
): string {
  const lines = [
    `Mode: ${mode}.`,
    'You are an experienced patent attorney editing passages of patent applications.',
    MODE_INSTRUCTIONS[mode],
    RULES,
    `Write the result in ${LANGUAGE_NAMES[language]}.`,
  ];
  if (piece && piece.total > 1) {
    lines.push(
      `The passage is part ${piece.index + 1} of ${piece.total} of a longer document, rewritten part by part: ` +
        'rewrite only this part, continue where it starts and add no introduction or conclusion.',
    );
  }
  return lines.join('\n');
}

/** Sampling temperature: low, so that a rewrite is faithful and a retried request answers alike. */
export const REWRITE_TEMPERATURE = 0.3;
