import { configure } from '@testing-library/react';

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
