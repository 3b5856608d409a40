import { configure } from '@testing-library/react';
import { loadCatalogue } from '../i18n/setup';

/**
 * Runs before every web test file. jsdom runs no CSS animations, so an animation's or a
 * transition's end event never fires there, and a modal or drawer waiting for one never goes
 * away. antd's motion library (rc-motion) decides when it loads whether to wait for those events:
 * from AnimationEvent / TransitionEvent on window, else from vendor-prefixed style properties.
 * Without either it shows and removes modals, drawers and messages at once, as a browser does
 * once the animation has run.
 */
if (typeof window !== 'undefined') {
  const globals = window as unknown as Record<string, unknown>;
  delete globals.AnimationEvent;
  delete globals.TransitionEvent;
  // The prototype chain of an element's style (CSSStyleProperties, then CSSStyleDeclaration).
  const style = Object.getPrototypeOf(document.createElement('div').style) as Record<string, unknown>;
  for (const vendor of ['Webkit', 'Moz', 'ms', 'O']) {
    for (const property of ['Animation', 'Transition']) {
      for (let proto: Record<string, unknown> | null = style; proto; proto = Object.getPrototypeOf(proto)) {
        if (Object.prototype.hasOwnProperty.call(proto, `${vendor}${property}`)) delete proto[`${vendor}${property}`];
      }
    }
  }
}

/**
 * How long findBy… and waitFor wait for their condition. Testing Library's default (1 s) is what a
 * render takes on a loaded 2-core CI machine (antd pages re-render for a second or more there):
 * a condition that does come true must not fail for being slow; one that never does still fails.
 */
configure({ asyncUtilTimeout: 15_000 });

/**
 * jsdom computes a style by matching every rule of every style sheet against the element: with the
 * ~2,600 rules antd injects for a page, one `getComputedStyle` took 80–200 ms. Testing Library asks
 * for it on each element it names in a role query (`getByRole(…, { name })` skips hidden ones), so
 * a dialog test spent most of its minute there. Tests only read whether an element is shown
 * (display, visibility, opacity: Testing Library's and jest-dom's checks), so every style sheet
 * keeps only the rules that set one of those, and jsdom answers those as before.
 */
const SHOWN_PROPERTIES = ['display', 'visibility', 'opacity'];

interface PrunableRules {
  readonly cssRules: CSSRuleList;
  deleteRule(index: number): void;
}

function pruneRules(group: PrunableRules): void {
  for (let i = group.cssRules.length - 1; i >= 0; i--) {
    const rule = group.cssRules.item(i);
    if (!rule) continue;
    if ('cssRules' in rule && 'deleteRule' in rule) {
      // @media, @supports, @layer blocks: prune inside, drop when nothing is left.
      pruneRules(rule as unknown as PrunableRules);
      if ((rule as unknown as PrunableRules).cssRules.length === 0) group.deleteRule(i);
    } else if ('style' in rule && 'selectorText' in rule) {
      const style = (rule as CSSStyleRule).style;
      if (!SHOWN_PROPERTIES.some((property) => style.getPropertyValue(property) !== '')) group.deleteRule(i);
    }
  }
}

if (typeof window !== 'undefined') {
  const pruned = new WeakSet<CSSStyleSheet>();
  const computeStyle = window.getComputedStyle.bind(window);
  window.getComputedStyle = (element: Element, pseudoElement?: string | null) => {
    // A style element's sheet is a new object each time its text changes, so each is pruned once.
    for (const sheet of Array.from(document.styleSheets)) {
      if (pruned.has(sheet)) continue;
      pruneRules(sheet);
      pruned.add(sheet);
    }
    return computeStyle(element, pseudoElement);
  };
}

/**
 * A worker runs several files in one jsdom (vitest.config.ts, isolate false): each file starts with
 * empty storage, as a fresh page would.
 */
if (typeof window !== 'undefined') {
  window.localStorage.clear();
  window.sessionStorage.clear();
}

/**
 * The app fetches the en catalogues before it renders in English (main.tsx); tests create their
 * i18next instances synchronously (createI18n), so the catalogues are fetched once here.
 */
await loadCatalogue('en');
