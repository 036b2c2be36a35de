// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { eligibleField } from './eligibility.ts';

function make(html: string): HTMLElement {
  document.body.innerHTML = html;
  const el = document.querySelector<HTMLElement>('#target');
  if (!el) throw new Error('fixture has no #target');
  return el;
}

describe('eligibleField', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
  });

  it('accepts textareas and text-like inputs', () => {
    expect(eligibleField(make('<textarea id="target"></textarea>'))?.kind).toBe('textarea');
    for (const type of ['text', 'search', 'email', 'url']) {
      expect(eligibleField(make(`<input id="target" type="${type}">`))?.kind, type).toBe('input');
    }
    expect(eligibleField(make('<input id="target">'))?.kind).toBe('input');
  });

  it('refuses passwords and inputs that do not hold prose', () => {
    for (const type of ['password', 'number', 'tel', 'date', 'checkbox', 'hidden', 'file']) {
      expect(eligibleField(make(`<input id="target" type="${type}">`)), type).toBeNull();
    }
  });

  it('refuses payment, one-time-code and password autocomplete fields', () => {
    for (const ac of ['cc-number', 'billing cc-name', 'one-time-code', 'section-a cc-csc', 'current-password']) {
      expect(eligibleField(make(`<input id="target" type="text" autocomplete="${ac}">`)), ac).toBeNull();
      expect(eligibleField(make(`<textarea id="target" autocomplete="${ac}"></textarea>`)), ac).toBeNull();
    }
    expect(eligibleField(make('<input id="target" autocomplete="name">'))).not.toBeNull();
  });

  it('refuses fields opted out with data-verso="off", on the field or around it', () => {
    expect(eligibleField(make('<textarea id="target" data-verso="off"></textarea>'))).toBeNull();
    expect(eligibleField(make('<form data-verso="off"><textarea id="target"></textarea></form>'))).toBeNull();
    expect(eligibleField(make('<div contenteditable="true" data-verso="off"><p id="target">x</p></div>'))).toBeNull();
  });

  it('refuses read-only and disabled fields', () => {
    expect(eligibleField(make('<textarea id="target" readonly></textarea>'))).toBeNull();
    expect(eligibleField(make('<input id="target" disabled>'))).toBeNull();
  });

  it('gives the editing host of a contenteditable region', () => {
    const inner = make('<div id="host" contenteditable="true"><p>Some <b id="target">bold</b></p></div>');
    const field = eligibleField(inner);
    expect(field?.kind).toBe('editable');
    expect(field?.element.id).toBe('host');
    expect(eligibleField(make('<div id="target" contenteditable="false">x</div>'))).toBeNull();
    expect(eligibleField(make('<div id="target">plain</div>'))).toBeNull();
  });

  it('ignores things that are not elements', () => {
    expect(eligibleField(null)).toBeNull();
    expect(eligibleField(document.createTextNode('x'))).toBeNull();
  });
});
